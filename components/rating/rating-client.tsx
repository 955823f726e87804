"use client";
// The right side of the rating page: the AIF form with autosave (browser at
// once, server after a pause), submit (queued while offline, sent once), what
// to do when the session ends or another tab saved first, the keyboard map,
// and evidence quoted from the item.
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { AifForm } from "@/components/aif-form/aif-form";
import { focusStop, stopsOf } from "@/components/aif-form/dimension-path";
import type { FormCommands } from "@/components/aif-form/form-commands";
import { ItemClock } from "@/components/rating/item-clock";
import { handOverKeys } from "@/components/rating/key-buffer";
import { SkipDialog } from "@/components/rating/skip-dialog";
import { useSkip } from "@/components/rating/use-skip";
import { HIDDEN_SECTIONS, SubmittedPanel, type Calibration } from "@/components/rating/submitted-panel";
import { useClaimedKeyboard, useFormKeys } from "@/components/rating/use-form-keys";
import { useEvidenceQuotes } from "@/components/rating/evidence-quotes";
import { ConflictNotice, SignedOutNotice } from "@/components/rating/draft-notices";
import { SaveStatusText } from "@/components/rating/save-status";
import { ShortcutsDialog } from "@/components/rating/shortcuts-dialog";
import { ratingShortcuts } from "@/components/rating/rating-shortcuts";
import { useTraceVerdicts } from "@/components/rating/use-trace-verdicts";
import { HazardPicker, type HazardPickerHandle } from "@/components/rating/hazard-picker";
import { useDraftAutosave, type ServerDraft } from "@/components/rating/use-draft-autosave";
import type { AifDraft, ValidationIssue } from "@/lib/aif/types";
import { fetchJson } from "@/lib/http/fetch-json";
import {
  chooseStartingDraft,
  clearLocalDraft,
  readLocalDraft,
  writeLocalDraft,
  type StartingDraft,
} from "@/lib/queues/local-draft";
import { openNextItem, type QueueUrls } from "@/lib/queues/open-next-item";
import { fieldDecisions, withoutJudgeRationales } from "@/lib/review/field-decisions";

function changedFromJudge(prefill: Record<string, unknown>, draft: Record<string, unknown>): number {
  return fieldDecisions(prefill, draft).filter((decision) => decision.decision !== "accepted").length;
}

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
  position?: { index: number; total: number };
  canSkip?: boolean;
  canCorrect?: boolean;
  /** "end_user": a share-link visitor sees the universal rubric only, with large touch targets. */
  profile?: "expert" | "end_user";
  /** The submit button's words (without the key), when it is not "Submit rating". */
  submitLabel?: string;
  /** Starting values the item itself gives (an agent run's tool calls and efficiency): no judgment, not saved until edited. */
  itemValues?: Record<string, unknown>;
  /** The item is an agent run: its steps take the tool calls' verdicts, and the `?` dialog lists their keys. */
  hasTrace?: boolean;
  /** The run's tool calls' names in order: a verdict on a call past the table's rows makes valid rows up to it. */
  traceToolNames?: readonly string[];
};

type Extras = {
  submitLabel?: string;
  position?: { index: number; total: number };
  canSkip: boolean;
  canCorrect: boolean;
  itemValues?: Record<string, unknown>;
  profile: "expert" | "end_user";
  hasTrace: boolean;
  traceToolNames: readonly string[];
};

// What an end user (share link) does not see: everything but the universal rubric.
const END_USER_HIDDEN = [
  ...HIDDEN_SECTIONS,
  "safety",
  "refusal",
  "issue_tags",
  "freeform",
  "chat",
  "agent",
  "rag",
  "multimodal",
] as const;

export function RatingClient({
  assignmentId,
  assignmentApi,
  queue,
  server,
  fixed,
  submittedEvalId,
  prefill,
  signInUrl,
  position,
  canSkip = false,
  canCorrect = false,
  itemValues,
  profile = "expert",
  hasTrace = false,
  traceToolNames = [],
  submitLabel,
}: Props) {
  // A share-link visitor does not see the agent extension, so the steps take no verdicts from them.
  const extras: Extras = {
    position,
    canSkip,
    canCorrect,
    itemValues,
    profile,
    hasTrace: hasTrace && profile === "expert",
    traceToolNames,
    submitLabel,
  };
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
  if (submittedEvalId)
    return (
      <SubmittedPanel
        queue={queue}
        evalId={submittedEvalId}
        assignmentApi={assignmentApi}
        canCorrect={canCorrect}
        fixed={fixed}
      />
    );
  if (!start) return <p role="status">Loading your draft…</p>;
  return (
    <RatingForm
      key={generation}
      assignmentId={assignmentId}
      assignmentApi={assignmentApi}
      queue={queue}
      start={start}
      fixed={fixed}
      prefill={prefill}
      signInUrl={signInUrl}
      onRestart={restart}
      extras={extras}
    />
  );
}

function RatingForm({
  assignmentId,
  assignmentApi,
  queue,
  start,
  fixed,
  prefill,
  signInUrl,
  onRestart,
  extras,
}: {
  assignmentId: string;
  assignmentApi: string;
  queue: QueueUrls;
  start: StartingDraft;
  fixed: Record<string, unknown>;
  prefill?: Record<string, unknown>;
  signInUrl?: string;
  onRestart: (start: StartingDraft) => void;
  extras: Extras;
}) {
  const router = useRouter();
  const commands = useRef<FormCommands | null>(null);
  const skipDialog = useRef<HTMLDialogElement>(null);
  // An SME starts from the judge's values, but the judge's rationales stay beside the fields until taken.
  const [initialDraft] = useState(() => ({
    ...(start.draft ?? (prefill ? withoutJudgeRationales(prefill) : extras.itemValues) ?? {}),
    ...fixed,
  }));
  const [changedFields, setChangedFields] = useState(() => (prefill ? changedFromJudge(prefill, initialDraft) : 0));
  const autosave = useDraftAutosave({
    draftUrl: `${assignmentApi}/draft`,
    storageId: assignmentId,
    baseVersion: start.baseVersion,
    savedDraft: start.source === "server" ? initialDraft : null,
    unsavedDraft: start.source === "browser" ? initialDraft : null,
    restored: start.draft !== null,
  });
  const quotes = useEvidenceQuotes(`evalform:quotes:${assignmentId}`);
  const [submitting, setSubmitting] = useState(false);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [submittedEvalId, setSubmittedEvalId] = useState<string | null>(null);
  const [calibration, setCalibration] = useState<Calibration>([]);
  const formRoot = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const hazardPicker = useRef<HazardPickerHandle>(null);
  const [queuedDraft, setQueuedDraft] = useState<AifDraft | null>(null);
  const [submitSignedOut, setSubmitSignedOut] = useState(false);
  // One submission in flight at a time: a flapping connection fires `online` more than once.
  const sending = useRef(false);

  const submit = useCallback(
    async (draft: AifDraft) => {
      if (sending.current) return;
      sending.current = true;
      setSubmitting(true);
      setFailure(null);
      setSubmitSignedOut(false);
      // If the tab closes while offline, the next visit sends it.
      writeLocalDraft(assignmentId, {
        draft: draft as Record<string, unknown>,
        baseVersion: autosave.version(),
        synced: false,
        changedAt: Date.now(),
        pendingSubmit: true,
      });
      const activeMs = autosave.activeTime.pending();
      const result = await fetchJson<{ eval_id: string; calibration?: Calibration }>(`${assignmentApi}/submit`, {
        method: "POST",
        body: { draft, active_ms: activeMs },
      });
      sending.current = false;
      setSubmitting(false);
      if (result.ok) {
        autosave.activeTime.sent(activeMs);
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
      writeLocalDraft(assignmentId, {
        draft: draft as Record<string, unknown>,
        baseVersion: autosave.version(),
        synced: false,
        changedAt: Date.now(),
      });
      if (result.status === 401) {
        setSubmitSignedOut(true);
        return;
      }
      setServerIssues(result.issues);
      setFailure(result.message);
    },
    [assignmentApi, assignmentId, autosave, quotes],
  );

  // Either choice ends the conflict with an explicit winner; neither happens on its own.
  const loadNewer = useCallback(
    (current: ServerDraft) => {
      writeLocalDraft(assignmentId, {
        draft: current.draft ?? {},
        baseVersion: current.version,
        synced: true,
        changedAt: Date.now(),
      });
      onRestart({ draft: current.draft, baseVersion: current.version, source: "server", olderBrowserCopy: null });
    },
    [assignmentId, onRestart],
  );
  const keepMine = useCallback(
    (current: ServerDraft) => {
      onRestart({
        draft: autosave.latestDraft() ?? initialDraft,
        baseVersion: current.version,
        source: "browser",
        olderBrowserCopy: null,
      });
    },
    [autosave, initialDraft, onRestart],
  );
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

  const publishVerdicts = useTraceVerdicts(commands, initialDraft, extras.hasTrace, extras.traceToolNames);
  useFormKeys(formRoot, {
    commands,
    profile: extras.profile,
    onSkip: extras.canSkip ? () => skipDialog.current?.showModal() : undefined,
    onQuote: () => quotes.quoteSelection(document.querySelector("[data-item-root]")),
    onHelp: () => dialog.current?.showModal(),
    onHazard: () => {
      if (formRoot.current) hazardPicker.current?.open(formRoot.current);
    },
  });
  // The form is on the page: the keyboard starts on its first stop, and keys typed meanwhile are replayed there.
  // While a submit is on its way, keys wait for the screen that follows it.
  useClaimedKeyboard(!submitting && !submittedEvalId, () => {
    if (document.activeElement && document.activeElement !== document.body) return;
    if (formRoot.current) focusStop(stopsOf(formRoot.current)[0], { scroll: false });
  });
  const skip = useSkip({
    api: assignmentApi,
    storageId: assignmentId,
    stopAutosave: autosave.stop,
    dialog: skipDialog,
    then: () => {
      handOverKeys();
      return openNextItem(queue, (path) => router.push(path));
    },
  });

  if (submittedEvalId)
    return (
      <SubmittedPanel
        queue={queue}
        evalId={submittedEvalId}
        assignmentApi={assignmentApi}
        canCorrect={extras.canCorrect}
        fixed={fixed}
        calibration={calibration}
      />
    );
  return (
    <div ref={formRoot} className={extras.profile === "end_user" ? "rating-end-user" : undefined}>
      <ItemClock position={extras.position} />
      <div className="rating-toolbar">
        <SaveStatusText status={autosave.status} />
        <button type="button" className="btn shortcuts-button" onClick={() => dialog.current?.showModal()}>
          Shortcuts (?)
        </button>
        {extras.canSkip ? (
          <button type="button" className="btn" onClick={() => skipDialog.current?.showModal()}>
            Skip (s)
          </button>
        ) : null}
      </div>
      {start.olderBrowserCopy ? (
        <div className="notice" role="status">
          <p>This browser holds changes made to an older version of this draft; the newer saved draft is shown.</p>
          <button
            type="button"
            className="btn"
            onClick={() =>
              onRestart({
                draft: start.olderBrowserCopy!.draft,
                baseVersion: start.baseVersion,
                source: "browser",
                olderBrowserCopy: null,
              })
            }
          >
            Use this browser&apos;s copy instead
          </button>
        </div>
      ) : null}
      {autosave.status.kind === "conflict" ? (
        <ConflictNotice current={autosave.status.current} onLoadNewer={loadNewer} onKeepMine={keepMine} />
      ) : null}
      {signedOut ? <SignedOutNotice signInUrl={signInUrl} /> : null}
      {queuedDraft ? (
        <p className="notice notice-error" role="status" data-testid="submit-queued">
          You are offline: the rating is queued and will be sent once the connection returns.
        </p>
      ) : null}
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      {quotes.message ? (
        <p className="help-block" role="status">
          {quotes.message}
        </p>
      ) : null}
      {prefill ? (
        <p className="help-block" role="status" data-testid="changed-fields">
          {changedFields === 0
            ? "Every value is the judge's: submitting confirms them all."
            : `${changedFields} field${changedFields === 1 ? "" : "s"} changed from the judge.`}
        </p>
      ) : null}
      <AifForm
        initialDraft={initialDraft}
        serverIssues={serverIssues}
        submitting={submitting}
        onSubmit={submit}
        onDraftChange={(draft) => {
          autosave.changed(draft);
          publishVerdicts(draft);
          if (prefill) setChangedFields(changedFromJudge(prefill, draft));
        }}
        hiddenSections={extras.profile === "end_user" ? END_USER_HIDDEN : HIDDEN_SECTIONS}
        prefill={prefill}
        commandsRef={commands}
        submitLabel={
          prefill
            ? changedFields === 0
              ? "Confirm all (Ctrl+Enter)"
              : "Submit review (Ctrl+Enter)"
            : `${extras.submitLabel ?? "Submit rating"} (Ctrl+Enter)`
        }
      />
      {quotes.quotes.length > 0 ? (
        <section aria-labelledby="quotes-title" className="panel">
          <h2 id="quotes-title">Quoted evidence</h2>
          <ul>
            {quotes.quotes.map((quote, index) => (
              <li key={index}>
                “{quote.anchor.quote.slice(0, 120)}
                {quote.anchor.quote.length > 120 ? "…" : ""}” — {quote.source}{" "}
                <button
                  type="button"
                  className="btn"
                  onClick={() => quotes.showSource(document.querySelector("[data-item-root]"), quote)}
                >
                  Show in item
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ShortcutsDialog ref={dialog} shortcuts={ratingShortcuts({ trace: extras.hasTrace, profile: extras.profile })} />
      <HazardPicker ref={hazardPicker} />
      {extras.canSkip ? <SkipDialog ref={skipDialog} onSkip={skip} /> : null}
    </div>
  );
}
