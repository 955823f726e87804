// The start page sends each person to their home: raters and SMEs to their
// queue, admins to their suites, anyone else to records; someone not signed in
// signs in first and comes back here, so the same choice is made after sign-in.
import { redirect } from "next/navigation";
import { can } from "@/lib/auth/authorize";
import { currentActor } from "@/lib/auth/page-guard";
import { signInUrl } from "@/lib/auth/sign-in-url";

export default async function HomePage() {
  const actor = await currentActor();
  if (!actor) redirect(signInUrl("/"));
  if (can(actor, "queue.work")) redirect("/queue");
  if (can(actor, "suites.manage")) redirect("/admin/suites");
  redirect("/records");
}
