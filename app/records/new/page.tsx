// The AIF form for a new rating, or for a correction of an existing record
// (?from=eval_id: prefilled from it, with derived_from set to it).
import type { Metadata } from "next";
import { draftCorrectingRecord } from "@/lib/records/correction";
import { NewRecordClient } from "./new-record-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New rating" };

export default async function NewRecordPage({ searchParams }: { searchParams: Promise<{ from?: string }> }) {
  const { from } = await searchParams;
  const initialDraft = from ? await draftCorrectingRecord({ evalId: from }) : undefined;
  return (
    <>
      <h1>{initialDraft ? "Correct a record" : "New rating"}</h1>
      {initialDraft ? <p>Your correction is saved as a new record whose <code>derived_from</code> names the original; the original never changes.</p> : null}
      <NewRecordClient initialDraft={initialDraft} />
    </>
  );
}
