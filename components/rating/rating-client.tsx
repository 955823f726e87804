"use client";
// The right side of the rating page: the AIF form with autosave (browser at
// once, server after a pause), submit (queued while offline, sent once), what
// to do when the session ends or another tab saved first, the keyboard map,
// and evidence quoted from the item.
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { AifForm } from "@/components/aif-form/aif-form";
import { commandOf } from "@/components/rating/rating-shortcuts";
import { focusDimension } from "@/components/rating/dimension-focus";
import { useEvidenceQuotes } from "@/components/rating/evidence-quotes";
import { ConflictNotice, SignedOutNotice } from "@/components/rating/draft-notices";
import { SaveStatusText } from "@/components/rating/save-status";
import { ShortcutsDialog } from "@/components/rating/shortcuts-dialog";
import { useDraftAutosave, type ServerDraft } from "@/components/rating/use-draft-autosave";
import type { AifDraft, ValidationIssue } from "@/lib/aif/types";
import { fetchJson } from "@/lib/http/fetch-json";
import { chooseStartingDraft, clearLocalDraft, readLocalDraft, writeLocalDraft, type StartingDraft } from "@/lib/queues/local-draft";
import { openNextItem, type QueueUrls } from "@/lib/queues/open-next-item";
import { fieldDecisions } from "@/lib/review/field-decisions";

function changedFromJudge(prefill: Record<string, unknown>, draft: Record<string, unknown>): number {
  return fieldDecisions(prefill, draft).filter((decision) => decision.decision !== "accepted").length;
}

const HIDDEN_SECTIONS = ["task", "subject", "rater", "derived_from"] as const;

type Props = {
  assignmentId: string;
  /** The assignment's API (…/draft, …/submit) and where "next" goes. */
  assignmentApi: string;
  queue: QueueUrls;
  server: { draft: Record<string, unknown> | null; version: number };
  /** task, subject and rater: from the item and the session, never edited here. */
  fixed: Record<string, unknown>;
  submittedEvalId: string | null;
  /** A judge's values: the starting draft, marked field by field (SME review). */
  prefill?: Record<string, unknown>;
  /** Where to sign in again and come back here, when the session ends mid-form (none for share-link visitors). */
  signInUrl?: string;
};

export function RatingClient({ assignmentId, assignmentApi, queue, server, fixed, submittedEvalId, prefill, signInUrl }: Props) {
  const [start, setStart] = useState<StartingDraft | null>(null);
  // Each restart (a browser copy chosen, a conflict resolved) mounts a fresh form.
  const [generation, setGeneration] = useState(0);
  const restart = useCallback((next: StartingDraft) => {
    setStart(next);
    setGeneration((previous) => previous + 1);
  }, []);
  // The browser's copy exists only after hydration, so the choice is made in an effect.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setStart(chooseStartingDraft(server, readLocalDraft(assignmentId))), [assignmentId, server]);
  if (submittedEvalId) return <Submitted queue={queue} evalId={submittedEvalId} />;
  if (!start) return <p role="status">Loading your draft…</p>;
  return <RatingForm key={generation} assignmentId={assignmentId} assignmentApi={assignmentApi} queue={queue} start={start} fixed={fixed} prefill={prefill} signInUrl={signInUrl} onRestart={restart} />;
}

type Calibration = { dimension: string; expected: number; given: number; error: number }[];

function Submitted({ queue, evalId, calibration = [] }: { queue: QueueUrls; evalId: string; calibration?: Calibration }) {
  const router = useRouter();
  const next = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const openNext = useCallback(async () => setFailure(await openNextItem(queue, (path) => router.push(path))), [router, queue]);
  useEffect(() => {
    next.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (commandOf(event) === "next") {
        event.preventDefault();
        void openNext();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [openNext]);
  return (
    <div className="notice" role="status" data-testid="submitted">
      <p>Rating submitted (eval_id <code>{evalId}</code>).</p>
      {calibration.length > 0 ? (
        <div data-testid="calibration-feedback">
          <p>This was a calibration item with known expected scores. How yours compare:</p>
          <ul>
            {calibration.map((entry) => (
              <li key={entry.dimension}>
                {entry.dimension.replace(/^universal\./, "").replaceAll("_", " ")}: you gave {entry.given}, expected {entry.expected}
                {entry.error === 0 ? " — exact" : ` — ${Math.abs(entry.error)} ${entry.error > 0 ? "higher" : "lower"}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <button ref={next} type="button" className="btn btn-primary" onClick={openNext}>Next item (n)</button>
      {failure ? <p className="notice-error" role="alert">{failure}</p> : null}
    </div>
  );
}

function RatingForm({ assignmentId, assignmentApi, queue, start, fixed, prefill, signInUrl, onRestart }: {
  assignmentId: string; assignmentApi: string; queue: QueueUrls; start: StartingDraft; fixed: Record<string, unknown>; prefill?: Record<string, unknown>; signInUrl?: string; onRestart: (start: StartingDraft) => void;
}) {
  const [initialDraft] = useState(() => ({ ...(start.draft ?? prefill ?? {}), ...fixed }));
  const [changedFields, setChangedFields] = useState(() => (prefill ? changedFromJudge(prefill, initialDraft) : 0));
  const autosave = useDraftAutosave({
    draftUrl: `${assignmentApi}/draft`, storageId: assignmentId, baseVersion: start.baseVersion,
    savedDraft: start.source === "server" ? initialDraft : null,
    unsavedDraft: start.source === "browser" ? initialDraft : null,
  });
  const quotes = useEvidenceQuotes(`evalform:quotes:${assignmentId}`);
  const [submitting, setSubmitting] = useState(false);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [submittedEvalId, setSubmittedEvalId] = useState<string | null>(null);
  const [calibration, setCalibration] = useState<Calibration>([]);
  const formRoot = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const [queuedDraft, setQueuedDraft] = useState<AifDraft | null>(null);
  const [submitSignedOut, setSubmitSignedOut] = useState(false);
  // One submission in flight at a time: a flapping connection fires `online` more than once.
  const sending = useRef(false);

  const submit = useCallback(async (draft: AifDraft) => {
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    setFailure(null);
    setSubmitSignedOut(false);
    // If the tab closes while offline, the next visit sends it.
    writeLocalDraft(assignmentId, { draft: draft as Record<string, unknown>, baseVersion: autosave.version(), synced: false, changedAt: Date.now(), pendingSubmit: true });
    const result = await fetchJson<{ eval_id: string; calibration?: Calibration }>(`${assignmentApi}/submit`, { method: "POST", body: { draft } });
    sending.current = false;
    setSubmitting(false);
    if (result.ok) {
      autosave.stop();
      clearLocalDraft(assignmentId);
      quotes.forget();
      setQueuedDraft(null);
      setCalibration(result.data.calibration ?? []);
      setSubmittedEvalId(result.data.eval_id);
      return;
    }
    if (result.status === 0) {
      setQueuedDraft(draft);
      return;
    }
    setQueuedDraft(null);
    writeLocalDraft(assignmentId, { draft: draft as Record<string, unknown>, baseVersion: autosave.version(), synced: false, changedAt: Date.now() });
    if (result.status === 401) {
      setSubmitSignedOut(true);
      return;
    }
    setServerIssues(result.issues);
    setFailure(result.message);
  }, [assignmentApi, assignmentId, autosave, quotes]);

  // Either choice ends the conflict with an explicit winner; neither happens on its own.
  const loadNewer = useCallback((current: ServerDraft) => {
    writeLocalDraft(assignmentId, { draft: current.draft ?? {}, baseVersion: current.version, synced: true, changedAt: Date.now() });
    onRestart({ draft: current.draft, baseVersion: current.version, source: "server", olderBrowserCopy: null });
  }, [assignmentId, onRestart]);
  const keepMine = useCallback((current: ServerDraft) => {
    onRestart({ draft: autosave.latestDraft() ?? initialDraft, baseVersion: current.version, source: "browser", olderBrowserCopy: null });
  }, [autosave, initialDraft, onRestart]);
  const signedOut = submitSignedOut || autosave.status.kind === "signed-out";

  // A submission made offline is sent once, when the connection returns.
  useEffect(() => {
    if (!queuedDraft) return;
    const resend = () => void submit(queuedDraft);
    window.addEventListener("online", resend, { once: true });
    return () => window.removeEventListener("online", resend);
  }, [queuedDraft, submit]);

  // A submission queued in an earlier visit (the tab closed while offline) is sent now.
  useEffect(() => {
    // Sending it updates state when the answer arrives; that is the point.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (start.pendingSubmit) void submit(start.pendingSubmit as AifDraft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = commandOf(event);
      if (!command || command === "next") return;
      event.preventDefault();
      if (command === "submit") {
        // Leaving the field commits its buffered text before the form reads its data.
        (document.activeElement as HTMLElement | null)?.blur();
        setTimeout(() => formRoot.current?.querySelector("form")?.requestSubmit(), 0);
      } else if (command === "nextDimension" || command === "previousDimension") {
        if (formRoot.current) focusDimension(formRoot.current, command === "nextDimension" ? 1 : -1);
      } else if (command === "quote") {
        quotes.quoteSelection(document.querySelector("[data-item-root]"));
      } else if (command === "help") {
        if (dialog.current?.open) dialog.current.close();
        else dialog.current?.showModal();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [quotes]);

  if (submittedEvalId) return <Submitted queue={queue} evalId={submittedEvalId} calibration={calibration} />;
  return (
    <div ref={formRoot}>
      <div className="rating-toolbar">
        <SaveStatusText status={autosave.status} />
        <button type="button" className="btn" onClick={() => dialog.current?.showModal()}>Shortcuts (?)</button>
      </div>
      {start.olderBrowserCopy ? (
        <div className="notice" role="status">
          <p>This browser holds changes made to an older version of this draft; the newer saved draft is shown.</p>
          <button type="button" className="btn" onClick={() => onRestart({ draft: start.olderBrowserCopy!.draft, baseVersion: start.baseVersion, source: "browser", olderBrowserCopy: null })}>
            Use this browser&apos;s copy instead
          </button>
        </div>
      ) : null}
      {autosave.status.kind === "conflict" ? <ConflictNotice current={autosave.status.current} onLoadNewer={loadNewer} onKeepMine={keepMine} /> : null}
      {signedOut ? <SignedOutNotice signInUrl={signInUrl} /> : null}
      {queuedDraft ? <p className="notice notice-error" role="status" data-testid="submit-queued">You are offline: the rating is queued and will be sent once the connection returns.</p> : null}
      {failure ? <p className="notice notice-error" role="alert">{failure}</p> : null}
      {quotes.message ? <p className="help-block" role="status">{quotes.message}</p> : null}
      {prefill ? (
        <p className="help-block" role="status" data-testid="changed-fields">
          {changedFields === 0 ? "Every value is the judge's: submitting confirms them all." : `${changedFields} field${changedFields === 1 ? "" : "s"} changed from the judge.`}
        </p>
      ) : null}
      <AifForm initialDraft={initialDraft} serverIssues={serverIssues} submitting={submitting} onSubmit={submit}
        onDraftChange={(draft) => {
          autosave.changed(draft);
          if (prefill) setChangedFields(changedFromJudge(prefill, draft));
        }}
        hiddenSections={HIDDEN_SECTIONS} prefill={prefill}
        submitLabel={prefill ? (changedFields === 0 ? "Confirm all (Ctrl+Enter)" : "Submit review (Ctrl+Enter)") : "Submit rating (Ctrl+Enter)"} />
      {quotes.quotes.length > 0 ? (
        <section aria-labelledby="quotes-title" className="panel">
          <h2 id="quotes-title">Quoted evidence</h2>
          <ul>
            {quotes.quotes.map((quote, index) => (
              <li key={index}>
                “{quote.anchor.quote.slice(0, 120)}{quote.anchor.quote.length > 120 ? "…" : ""}” — {quote.source}{" "}
                <button type="button" className="btn" onClick={() => quotes.showSource(document.querySelector("[data-item-root]"), quote)}>Show in item</button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ShortcutsDialog ref={dialog} />
    </div>
  );
}
