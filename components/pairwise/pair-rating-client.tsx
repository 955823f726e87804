"use client";
// The pair page's form: the verdict (five levels, keys 1–5 and A/B/=), its
// rationale, the universal rubric for both responses and the rest of the form
// per response. The rating page's machinery does the rest: the browser's copy
// and the versioned server draft (useDraftAutosave, lib/queues/local-draft),
// the choice after a conflict, the queued and idempotent submit
// (useQueuedSubmit), keys typed before the page was ready (key-buffer) and
// "next" (openNextItem). Ctrl+Enter submits. An SME's review of a judge's
// verdict is the same form on its own API and queue, started from the judge's
// values (`prefill`): confirming them is Ctrl+Enter alone.
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isInDialog, isTextTarget, leaveText } from "@/components/aif-form/dimension-path";
import { SegmentedChoice } from "@/components/aif-form/segmented-choice";
import { ConflictNotice, SignedOutNotice } from "@/components/rating/draft-notices";
import { handOverKeys } from "@/components/rating/key-buffer";
import { SkipDialog } from "@/components/rating/skip-dialog";
import { useSkip } from "@/components/rating/use-skip";
import { SaveStatusText } from "@/components/rating/save-status";
import { ShortcutsDialog } from "@/components/rating/shortcuts-dialog";
import { useDraftAutosave, type ServerDraft } from "@/components/rating/use-draft-autosave";
import { useClaimedKeyboard } from "@/components/rating/use-form-keys";
import { useQueuedSubmit } from "@/components/rating/use-queued-submit";
import type { ValidationIssue } from "@/lib/aif/types";
import { chooseStartingDraft, readLocalDraft, writeLocalDraft, type StartingDraft } from "@/lib/queues/local-draft";
import { openNextItem, type QueueUrls } from "@/lib/queues/open-next-item";
import { pairQueueUrls } from "@/lib/pairwise/queue-urls";
import { focusChoice, PairRubricGrid, type Likert, type Universal } from "./pair-rubric-grid";
import { PREFERENCE_OPTIONS, preferenceOfKey } from "./preference-options";
import {
  hasAnyScore,
  issueLabel,
  missingOf,
  objectOr,
  pairDraftOf,
  responsesToSend,
  type PairDraft,
} from "./pair-draft-checks";
import { pairShortcuts } from "./pair-shortcuts";
import { ResponseRestForm } from "./response-rest-form";
import styles from "./pair-rating.module.css";

type PairBody = {
  preference: string;
  rationale: string;
  responses: [Record<string, unknown>, Record<string, unknown>];
};
type Submitted = { eval_ids: [string, string]; already_submitted: boolean };

type Props = {
  assignmentId: string;
  suiteId: string;
  server: { draft: Record<string, unknown> | null; version: number };
  /** The task without its reference: the modality decides which extension the rest of the form shows. */
  task: Record<string, unknown>;
  submitted: boolean;
  /** The rater skipped this pair earlier (another tab, or the page reopened). */
  skipped?: boolean;
  /** A rater's own pair may be skipped (s); an SME's review has nothing to skip to. */
  canSkip?: boolean;
  signInUrl?: string;
  /** The page was opened right after the previous pair's submit. */
  afterSubmit?: boolean;
  /** Where drafts and the submit go (…/draft, …/submit); the rater's pair assignment when left out. */
  api?: string;
  /** Where "next" asks; the suite's pairs when left out. */
  queue?: QueueUrls;
  /** Where the form starts when nothing was saved yet (a review starts from the judge's values). */
  prefill?: Record<string, unknown>;
  submitLabel?: string;
  /** The suite asks for a verdict and its reason: the rubric is folded and optional. */
  verdictOnly?: boolean;
  /** The page shows the suite's guidelines (g shows or hides them). */
  hasGuidelines?: boolean;
};

export function PairRatingClient(props: Props) {
  const { assignmentId, server } = props;
  const [start, setStart] = useState<StartingDraft | null>(null);
  // Each restart (a conflict resolved) mounts a fresh form.
  const [generation, setGeneration] = useState(0);
  const restart = useCallback((next: StartingDraft) => {
    setStart(next);
    setGeneration((previous) => previous + 1);
  }, []);
  // The browser's copy exists only after hydration, so the choice is made in an effect.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setStart(chooseStartingDraft(server, readLocalDraft(assignmentId))), [assignmentId, server]);
  if (props.submitted) return <NextPair queue={queueOf(props)} message="You have already submitted this pair." />;
  if (props.skipped) return <NextPair queue={queueOf(props)} message="You skipped this pair." />;
  if (!start) return <p role="status">Loading your draft…</p>;
  return <PairForm key={generation} {...props} start={start} onRestart={restart} />;
}

const queueOf = (props: Props): QueueUrls => props.queue ?? pairQueueUrls(props.suiteId);

/** After a submit: says so, and opens the next pair of the suite (or says the suite is finished). */
function NextPair({
  queue,
  message,
  justSubmitted = false,
}: {
  queue: QueueUrls;
  message: string;
  justSubmitted?: boolean;
}) {
  // By value: the page builds a new queue object on each render, and a new callback would ask for "next" again.
  const { next, ratePrefix, idKey } = queue;
  const router = useRouter();
  const [finished, setFinished] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = useCallback(async () => {
    setFailure(null);
    handOverKeys();
    // An empty "finished" address: the suite's end is said here, not on another page.
    const problem = await openNextItem({ next, ratePrefix, idKey, finished: "" }, (path) => {
      if (path === "") setFinished(true);
      // The next pair says the last one was stored: this screen may be gone before it is read.
      else router.push(justSubmitted ? `${path}?submitted=1` : path);
    });
    if (problem) setFailure(problem);
  }, [router, next, ratePrefix, idKey, justSubmitted]);
  // With nothing to open, this screen takes the keyboard back (keys typed meanwhile were kept for the next pair).
  useClaimedKeyboard(finished || failure !== null);
  useEffect(() => {
    // Opening the next pair updates state when the answer arrives; that is the point.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void open();
  }, [open]);
  return (
    <div className="panel" data-testid="pair-submitted">
      <p role="status">
        {message} {finished ? "" : "Opening the next pair…"}
      </p>
      {finished ? (
        <p role="status" data-testid="pairs-finished">
          Finished: there is no pair left for you in this suite. <a href="/queue">Back to your queue</a>
        </p>
      ) : null}
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}{" "}
          <button type="button" className="btn" onClick={() => void open()}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}

function PairForm(props: Props & { start: StartingDraft; onRestart: (start: StartingDraft) => void }) {
  const { assignmentId, task, signInUrl, afterSubmit = false, start, onRestart, prefill } = props;
  const api = props.api ?? `/api/pairwise/assignments/${assignmentId}`;
  const [initial] = useState(() => pairDraftOf(start.draft ?? prefill));
  const [draft, setDraft] = useState<PairDraft>(initial);
  const [rubricOpen, setRubricOpen] = useState(() => hasAnyScore(initial));
  const [done, setDone] = useState(false);
  const [skipped, setSkipped] = useState(false);
  const skipDialog = useRef<HTMLDialogElement>(null);
  const shortcutsDialog = useRef<HTMLDialogElement>(null);
  const [missing, setMissing] = useState<ValidationIssue[]>([]);
  const summary = useRef<HTMLDivElement>(null);
  // The focus goes to the list of problems once it is on the page (after the commit that shows it: a frame
  // could come first when Ctrl+Enter submitted outside a React event).
  const [summaryFocus, setSummaryFocus] = useState(0);
  useEffect(() => {
    if (summaryFocus > 0) summary.current?.focus();
  }, [summaryFocus]);
  const root = useRef<HTMLDivElement>(null);
  const autosave = useDraftAutosave({
    draftUrl: `${api}/draft`,
    storageId: assignmentId,
    baseVersion: start.baseVersion,
    // The page's own shape of what the server holds: opening it is no edit to save.
    savedDraft: start.source === "server" ? (initial as Record<string, unknown>) : null,
    unsavedDraft: start.source === "browser" ? start.draft : null,
    restored: start.draft !== null,
  });
  // Every change goes to the browser at once and to the server after a pause.
  const { changed } = autosave;
  useEffect(() => changed(draft as Record<string, unknown>), [changed, draft]);

  const sent = useQueuedSubmit<PairBody, Submitted>({
    url: `${api}/submit`,
    storageId: assignmentId,
    draftOf: (body) => body,
    baseVersion: autosave.version,
    onSent: () => {
      autosave.stop();
      setDone(true);
    },
    pendingAtStart: start.pendingSubmit as PairBody | undefined,
    activeTime: autosave.activeTime,
  });

  const verdictOnly = props.verdictOnly ?? false;
  const submit = useCallback(() => {
    const found = missingOf(draft, verdictOnly);
    setMissing(found);
    if (found.length > 0) {
      setSummaryFocus((previous) => previous + 1);
      return;
    }
    const responses = responsesToSend(draft, verdictOnly);
    void sent.submit({ preference: draft.preference!, rationale: draft.rationale!.trim(), responses });
  }, [draft, sent, verdictOnly]);

  const skip = useSkip({
    api,
    storageId: assignmentId,
    stopAutosave: autosave.stop,
    dialog: skipDialog,
    then: () => {
      setSkipped(true);
      return null;
    },
  });
  const canSkip = props.canSkip ?? false;

  const setPreference = useCallback((preference: string) => setDraft((previous) => ({ ...previous, preference })), []);
  const setLikert = useCallback((index: number, dimension: string, value: Likert) => {
    setDraft((previous) => {
      const responses = [...previous.responses!] as [Record<string, unknown>, Record<string, unknown>];
      const universal = objectOr(responses[index]!.universal);
      responses[index] = { ...responses[index], universal: { ...universal, [dimension]: value } };
      return { ...previous, responses };
    });
  }, []);
  const setRest = useCallback((index: number, rest: Record<string, unknown>) => {
    setDraft((previous) => {
      const responses = [...previous.responses!] as [Record<string, unknown>, Record<string, unknown>];
      const universal = responses[index]!.universal;
      responses[index] = { ...rest, ...(universal === undefined ? {} : { universal }) };
      return { ...previous, responses };
    });
  }, []);

  // The page's keys (pair-shortcuts.ts): the verdict (outside text fields and the rubric cells, which take digits for
  // scores), Esc out of a text field, s, ? and Ctrl+Enter. A dialog's keys are its own.
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // The dialogs' keys are their own (1–3 choose a skip reason); nothing reaches the form behind them.
      if (isInDialog(event.target)) return;
      if (event.key === "Escape") {
        const form = root.current;
        if (form && isTextTarget(event.target) && form.contains(event.target as Node)) {
          event.preventDefault();
          leaveText(form);
        }
        return;
      }
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        // Leaving the field commits what it holds before the form is read.
        (document.activeElement as HTMLElement | null)?.blur();
        setTimeout(() => submitRef.current(), 0);
        return;
      }
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTextTarget(event.target))
        return;
      if (event.key === "s" && canSkip) {
        event.preventDefault();
        skipDialog.current?.showModal();
        return;
      }
      if (event.key === "?") {
        event.preventDefault();
        shortcutsDialog.current?.showModal();
        return;
      }
      const preference = preferenceOfKey(event.key);
      if (!preference) return;
      event.preventDefault();
      setPreference(preference);
      // What follows the verdict is its reason: typed there, never read as shortcuts (an "s" in "Response"
      // opened the skip dialog). Focused in this key's handler, so a key typed right after lands in it.
      document.getElementById("pair-rationale")?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [setPreference, canSkip]);
  // The keyboard starts on the verdict; keys typed while the page loaded are replayed there.
  useClaimedKeyboard(true, () => {
    if (document.activeElement && document.activeElement !== document.body) return;
    focusChoice(root.current?.querySelector("[data-preference]"), { preventScroll: true });
  });

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
    (current: ServerDraft) =>
      onRestart({
        draft: draft as Record<string, unknown>,
        baseVersion: current.version,
        source: "browser",
        olderBrowserCopy: null,
      }),
    [draft, onRestart],
  );

  const issues = missing.length > 0 ? missing : sent.issues;
  const invalidPaths = useMemo(() => new Set(issues.map((issue) => issue.path)), [issues]);
  const responses = draft.responses!;
  // A problem in a cell keeps the folded rubric open; the rater opens or closes it otherwise.
  const rubricInvalid = useMemo(() => [...invalidPaths].some((path) => path.includes("/universal/")), [invalidPaths]);
  const universals = useMemo(
    () => responses.map((response) => objectOr(response.universal) as Universal) as [Universal, Universal],
    [responses],
  );

  if (done) return <NextPair queue={queueOf(props)} message="Rating submitted." justSubmitted />;
  if (skipped) return <NextPair queue={queueOf(props)} message="Pair skipped: it goes back to the queue for others." />;
  return (
    <div ref={root} className={styles.form} data-testid="pair-form">
      <div className="rating-toolbar">
        <SaveStatusText status={autosave.status} />
        <button type="button" className="btn" onClick={() => shortcutsDialog.current?.showModal()}>
          Shortcuts (?)
        </button>
        {canSkip ? (
          <button type="button" className="btn" onClick={() => skipDialog.current?.showModal()}>
            Skip (s)
          </button>
        ) : null}
      </div>
      {afterSubmit ? (
        <p className="notice" role="status" data-testid="previous-submitted">
          Rating submitted. This is the next pair.
        </p>
      ) : null}
      {autosave.status.kind === "conflict" ? (
        <ConflictNotice current={autosave.status.current} onLoadNewer={loadNewer} onKeepMine={keepMine} />
      ) : null}
      {sent.signedOut || autosave.status.kind === "signed-out" ? <SignedOutNotice signInUrl={signInUrl} /> : null}
      {sent.queued ? (
        <p className="notice notice-error" role="status" data-testid="submit-queued">
          You are offline: the rating is queued and will be sent once the connection returns.
        </p>
      ) : null}
      {sent.failure || issues.length > 0 ? (
        <div className="notice notice-error" role="alert" tabIndex={-1} ref={summary} data-testid="pair-issues">
          <p>{sent.failure ?? "Before submitting:"}</p>
          <ul>
            {issues.map((issue, index) => (
              <li key={index}>
                {issueLabel(issue.path)}: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* A stop: Esc in the reason comes back to the verdict. */}
      <fieldset className={styles.verdict} data-stop="verdict">
        <legend>Which response is better?</legend>
        <p className="help-block">
          Keys: 1–5, or A (Response 1 better), B (Response 2 better), = (about the same); then write why.
        </p>
        <div data-preference="">
          <SegmentedChoice
            id="pair-preference"
            label="Which response is better?"
            options={PREFERENCE_OPTIONS.map((option) => ({
              value: option.value,
              label: option.label,
              hint: option.key,
            }))}
            value={draft.preference ?? undefined}
            onChange={setPreference}
            invalid={invalidPaths.has("/preference")}
          />
        </div>
        <label htmlFor="pair-rationale" className={styles.rationaleLabel}>
          Why? (required)
        </label>
        <textarea
          id="pair-rationale"
          rows={3}
          maxLength={2000}
          className={styles.pairRationale}
          value={draft.rationale ?? ""}
          aria-invalid={invalidPaths.has("/rationale") || undefined}
          onChange={(event) => setDraft((previous) => ({ ...previous, rationale: event.target.value }))}
        />
      </fieldset>
      {verdictOnly ? (
        // Folded and optional: the verdict and reason are enough. Open when a score is in the draft or a cell has a problem.
        <details
          className="panel"
          data-testid="pair-rubric-optional"
          open={rubricOpen || rubricInvalid}
          onToggle={(event) => setRubricOpen(event.currentTarget.open)}
        >
          <summary>Scores per response (optional)</summary>
          <p className="help-block">A dimension you do not score is stored as not rated, never as a score.</p>
          <PairRubricGrid values={universals} invalidPaths={invalidPaths} onChange={setLikert} />
        </details>
      ) : (
        <PairRubricGrid values={universals} invalidPaths={invalidPaths} onChange={setLikert} />
      )}
      <div className={styles.rest}>
        {initial.responses!.map((response, index) => (
          <ResponseRestForm
            key={index}
            index={index}
            task={task}
            initial={response}
            onChange={(rest) => setRest(index, rest)}
          />
        ))}
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={sent.submitting} onClick={submit}>
          {sent.submitting ? "Saving…" : `${props.submitLabel ?? "Submit rating"} (Ctrl+Enter)`}
        </button>
      </div>
      <ShortcutsDialog
        ref={shortcutsDialog}
        shortcuts={pairShortcuts({ canSkip, guidelines: props.hasGuidelines ?? false, verdictOnly })}
      />
      {canSkip ? <SkipDialog ref={skipDialog} onSkip={skip} noun="pair" /> : null}
    </div>
  );
}
