// The AIF form for a new rating, or for a correction of an existing record
// (?from=eval_id: prefilled from it, with derived_from set to it).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageActor } from "@/lib/auth/page-guard";
import { orNotFound } from "@/lib/http/or-not-found";
import { draftCorrectingRecord } from "@/lib/records/correction";
import { raterBlockFor } from "@/lib/records/rater-block";
import { NewRecordClient } from "./new-record-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New rating" };

export default async function NewRecordPage({ searchParams }: { searchParams: Promise<{ from?: string }> }) {
  const { from } = await searchParams;
  const actor = await requirePageActor({
    returnTo: from ? `/records/new?from=${from}` : "/records/new",
    action: "records.submit",
  });
  const rater = raterBlockFor({ actor, requested: undefined });
  if (!rater.ok) notFound();
  const correction = from ? await orNotFound(draftCorrectingRecord({ actor, evalId: from })) : undefined;
  return (
    <>
      <h1>{correction ? "Correct a record" : "New rating"}</h1>
      <p className="help-block">
        Rating as <strong>{actor.name}</strong> ({rater.block.type}).
        {correction ? (
          <>
            {" "}
            Your correction is saved as a new record whose <code>derived_from</code> names the original; the original
            never changes.
          </>
        ) : null}
      </p>
      <NewRecordClient initialDraft={{ ...correction, rater: rater.block }} />
    </>
  );
}
