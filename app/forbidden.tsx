// 403 for a signed-in user whose role does not allow the page: says which
// role it needs and who they are signed in as, with a way on.
import type { Metadata } from "next";
import Link from "next/link";
import { currentActor, refusedAction } from "@/lib/auth/page-guard";
import { PERMISSIONS } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Not for your role" };

export default async function Forbidden() {
  const actor = await currentActor();
  const action = refusedAction().action;
  const needed = action ? PERMISSIONS[action] : null;
  return (
    <section className="panel" aria-labelledby="forbidden-title" data-testid="forbidden">
      <h1 id="forbidden-title">This page is not for your role</h1>
      <p>
        {needed ? (
          <>
            It needs the role{needed.length === 1 ? "" : "s"} <strong>{needed.join(" or ")}</strong>.{" "}
          </>
        ) : (
          "Your role does not allow this. "
        )}
        {actor ? (
          <>
            You are signed in as {actor.name} ({actor.roles.join(", ")}).
          </>
        ) : null}
      </p>
      <p>
        Ask an admin for the role if you need it, or <Link href="/records">go to your records</Link>.
      </p>
    </section>
  );
}
