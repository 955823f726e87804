// The first page after accepting an invitation: a welcome, and where to go next.
import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/authorize";
import { requirePageActor } from "@/lib/auth/page-guard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Welcome" };

export default async function WelcomePage() {
  // Every role reads its own records: this page is for anyone signed in.
  const actor = await requirePageActor({ returnTo: "/welcome", action: "records.read_own" });
  const rates = can(actor, "queue.work");
  return (
    <div className="narrow">
      <h1>Welcome to evalform, {actor.name}</h1>
      <p role="status">
        Your account is ready and you are signed in as {actor.email}, with the role{actor.roles.length > 1 ? "s" : ""}{" "}
        {actor.roles.join(", ")}.
      </p>
      {rates ? (
        <p>
          Your queue lists the suites you rate; an admin adds you to them.{" "}
          <Link className="btn btn-primary" href="/queue">
            Go to my queue
          </Link>
        </p>
      ) : (
        <p>
          <Link className="btn btn-primary" href="/records">
            Go to the records
          </Link>
        </p>
      )}
    </div>
  );
}
