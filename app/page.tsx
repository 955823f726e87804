// The start page: raters and SMEs go to their queue, everyone else to records.
import { redirect } from "next/navigation";
import { can } from "@/lib/auth/authorize";
import { currentActor } from "@/lib/auth/page-guard";

export default async function HomePage() {
  const actor = await currentActor();
  redirect(actor && can(actor, "queue.work") ? "/queue" : "/records");
}
