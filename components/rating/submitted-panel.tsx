"use client";
// After a submit: the next item (n), calibration feedback on a gold item, and
// — for raters — correcting the rating just submitted (c), with the item still
// beside it: a new record derived from it (POST …/correction).
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { AifForm } from "@/components/aif-form/aif-form";
import { focusStop, stopsOf } from "@/components/aif-form/dimension-path";
import type { FormCommands } from "@/components/aif-form/form-commands";
import type { AifDraft, ValidationIssue } from "@/lib/aif/types";
import { fetchJson } from "@/lib/http/fetch-json";
import { openNextItem, type QueueUrls } from "@/lib/queues/open-next-item";
import { handOverKeys, pauseKeys } from "./key-buffer";
import { replayKeys } from "./replay-keys";
import { commandOf } from "./rating-shortcuts";
import { HazardPicker, type HazardPickerHandle } from "./hazard-picker";
import { useClaimedKeyboard, useFormKeys } from "./use-form-keys";

export type Calibration = { dimension: string; expected: number; given: number; error: number }[];

export const HIDDEN_SECTIONS = ["task", "subject", "rater", "derived_from"] as const;

type Props = {
  queue: QueueUrls;
  evalId: string;
  assignmentApi: string;
  canCorrect: boolean;
  fixed: Record<string, unknown>;
  calibration?: Calibration;
};

export function SubmittedPanel({ queue, evalId, assignmentApi, canCorrect, fixed, calibration = [] }: Props) {
  const router = useRouter();
  const next = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<Record<string, unknown> | null>(null);
  const [latestEvalId, setLatestEvalId] = useState(evalId);
  const [corrected, setCorrected] = useState(false);
  const openNext = useCallback(async () => {
    // Keys typed while the next item loads wait for it. The next item is asked for (and held) only now:
    // a rater who stops after a submit holds nothing (issue 35).
    handOverKeys();
    setFailure(await openNextItem(queue, (path) => router.push(path)));
  }, [router, queue]);
  const correct = useCallback(async () => {
    // While the rating to correct loads, keys typed after `c` wait for the correction form.
    const resume = pauseKeys();
    const result = await fetchJson<Record<string, unknown>>(`/api/records/${latestEvalId}`, { method: "GET" });
    if (!result.ok) {
      setFailure(result.message);
      replayKeys(resume());
      return;
    }
    setCorrecting(editableCopy(result.data));
  }, [latestEvalId]);
  useClaimedKeyboard(correcting === null, () => next.current?.focus());
  useEffect(() => {
    if (correcting) return;
    const onKey = (event: KeyboardEvent) => {
      const command = commandOf(event);
      if (command === "next") {
        event.preventDefault();
        void openNext();
      } else if (command === "correct" && canCorrect) {
        event.preventDefault();
        void correct();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [openNext, correct, correcting, canCorrect]);

  if (correcting) {
    return (
      <CorrectionForm
        assignmentApi={assignmentApi}
        draft={correcting}
        fixed={fixed}
        onDone={(newEvalId) => {
          setLatestEvalId(newEvalId);
          setCorrected(true);
          setCorrecting(null);
        }}
        onCancel={() => setCorrecting(null)}
      />
    );
  }
  return (
    <div className="notice" role="status" data-testid="submitted">
      <p>
        {corrected ? "Correction stored" : "Rating submitted"} (eval_id{" "}
        <code data-testid="submitted-eval-id">{latestEvalId}</code>).
      </p>
      {calibration.length > 0 ? (
        <div data-testid="calibration-feedback">
          <p>This was a calibration item with known expected scores. How yours compare:</p>
          <ul>
            {calibration.map((entry) => (
              <li key={entry.dimension}>
                {entry.dimension.replace(/^universal\./, "").replaceAll("_", " ")}: you gave {entry.given}, expected{" "}
                {entry.expected}
                {entry.error === 0 ? " — exact" : ` — ${Math.abs(entry.error)} ${entry.error > 0 ? "higher" : "lower"}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <button ref={next} type="button" className="btn btn-primary" onClick={openNext}>
        Next item (n)
      </button>{" "}
      {canCorrect ? (
        <button type="button" className="btn" onClick={correct}>
          Correct this rating (c)
        </button>
      ) : null}
      {failure ? (
        <p className="notice-error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

/** A stored record as a draft to correct: what the server assigns, and the rater and link it sets, left out. */
function editableCopy(record: Record<string, unknown>): Record<string, unknown> {
  const {
    eval_id: _id,
    created_at: _created,
    schema_version: _version,
    rater: _rater,
    derived_from: _from,
    ...rest
  } = record;
  return rest;
}

function CorrectionForm({
  assignmentApi,
  draft,
  fixed,
  onDone,
  onCancel,
}: {
  assignmentApi: string;
  draft: Record<string, unknown>;
  fixed: Record<string, unknown>;
  onDone: (evalId: string) => void;
  onCancel: () => void;
}) {
  const [initialDraft] = useState(() => ({ ...draft, ...fixed }));
  const [submitting, setSubmitting] = useState(false);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const formRoot = useRef<HTMLDivElement>(null);
  const commands = useRef<FormCommands | null>(null);
  const submit = useCallback(
    async (corrected: AifDraft) => {
      setSubmitting(true);
      const result = await fetchJson<{ eval_id: string }>(`${assignmentApi}/correction`, {
        method: "POST",
        body: { draft: corrected },
      });
      setSubmitting(false);
      if (result.ok) {
        onDone(result.data.eval_id);
        return;
      }
      setServerIssues(result.issues);
      setFailure(result.message);
    },
    [assignmentApi, onDone],
  );
  // While the correction is on its way, keys wait for the screen that follows it.
  useClaimedKeyboard(!submitting, () => {
    if (document.activeElement && document.activeElement !== document.body) return;
    focusStop(formRoot.current ? stopsOf(formRoot.current)[0] : undefined);
  });
  const hazardPicker = useRef<HazardPickerHandle>(null);
  useFormKeys(formRoot, {
    commands,
    onHazard: () => {
      if (formRoot.current) hazardPicker.current?.open(formRoot.current);
    },
  });
  return (
    <div ref={formRoot} data-testid="correction">
      <HazardPicker ref={hazardPicker} />
      <p className="notice" role="status">
        Correcting your rating: submitting stores a new record derived from it; the original is kept.
      </p>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <AifForm
        initialDraft={initialDraft}
        serverIssues={serverIssues}
        submitting={submitting}
        onSubmit={submit}
        hiddenSections={HIDDEN_SECTIONS}
        commandsRef={commands}
        submitLabel="Submit correction (Ctrl+Enter)"
      >
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </AifForm>
    </div>
  );
}
