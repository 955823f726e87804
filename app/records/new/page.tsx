// The AIF form for a new rating, or for a correction of an existing record
// (?from=eval_id: prefilled from it, with derived_from set to it). A
// correction opens as the rating page does: the item beside the form, its task
// and subject fixed from the original (shown, not editable; the server also
// refuses a correction that changes the task).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageActor } from "@/lib/auth/page-guard";
import { orNotFound } from "@/lib/http/or-not-found";
import { draftCorrectingRecord } from "@/lib/records/correction";
import { raterBlockFor } from "@/lib/records/rater-block";
import { recordContext } from "@/lib/records/record-context";
import { ItemView } from "@/components/transcript/item-view";
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
  const corrected = from ? await orNotFound(draftCorrectingRecord({ actor, evalId: from })) : undefined;
  if (corrected?.withheld)
    return (
      <>
        <h1>Correct a record</h1>
        <p className="notice" role="status" data-testid="correction-withheld">
          This record is one response of a pairwise comparison. While the suite is open its system is withheld from you,
          so it cannot be corrected here.
        </p>
      </>
    );
  const correction = corrected?.draft;
  if (!correction || !from) {
    return (
      <>
        <h1>New rating</h1>
        <p className="help-block">
          Rating as <strong>{actor.name}</strong> ({rater.block.type}).
        </p>
        <NewRecordClient initialDraft={{ rater: rater.block }} />
      </>
    );
  }
  const { item } = await recordContext({ actor, evalId: from });
  const task = correction.task as { task_id: string; suite_id?: string; prompt: string };
  const subject = correction.subject as { system_under_test: string };
  return (
    <div className="rating-layout">
      <section aria-label="Item to rate" className="rating-item">
        <p className="help-block" data-testid="fixed-context">
          Task <code>{task.task_id}</code>
          {task.suite_id ? (
            <>
              {" "}
              in suite <code>{task.suite_id}</code>
            </>
          ) : null}{" "}
          · system {subject.system_under_test}
        </p>
        {item ? (
          <ItemView item={item} />
        ) : (
          <>
            <h2>Prompt</h2>
            <p className="readable-note">{task.prompt}</p>
          </>
        )}
      </section>
      <section aria-labelledby="correct-title" className="rating-form">
        <h1 id="correct-title">Correct a record</h1>
        <p className="help-block">
          Rating as <strong>{actor.name}</strong> ({rater.block.type}). Your correction is saved as a new record whose{" "}
          <code>derived_from</code> names the original; the original never changes. The task and the system are the
          original&apos;s.
        </p>
        <NewRecordClient initialDraft={{ ...correction, rater: rater.block }} hiddenSections={FIXED_SECTIONS} />
      </section>
    </div>
  );
}

/** Fixed from the original record (task, subject) or the session (rater). */
const FIXED_SECTIONS = ["task", "subject", "rater"] as const;
