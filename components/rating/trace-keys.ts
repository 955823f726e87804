// The keys on an agent run's steps (beside the form): `t` goes to the first
// step not judged yet and back, `]`/`[` move between the steps, and 1 – 4 /
// Delete judge the focused step through the form's data (trace-verdicts.ts).
import { focusStop, stopsOf } from "@/components/aif-form/dimension-path";
import { isJudged } from "@/lib/aif/tool-call-verdicts";
import { stepChangeOf } from "@/components/transcript/step-verdict-keys";
import { changeVerdict, verdictAt } from "@/components/transcript/trace-verdicts";

const STEP = 'section[data-trace][data-transcript="transcript"] [data-step]';

/** The step of the rated transcript holding `target`, or null. */
export function stepOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(STEP) : null;
}

/** The steps a rater can move between: those the trace search has not hidden. */
function visibleSteps(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(STEP)].filter((step) => !step.hidden);
}

const indexOfStep = (step: HTMLElement) => Number(step.dataset.stepIndex);

export function focusStep(step: HTMLElement | undefined): void {
  const summary = step?.querySelector<HTMLElement>("summary");
  if (!step || !summary) return;
  summary.focus({ preventScroll: true });
  step.scrollIntoView({ block: "center" });
}

/** `]` / `[` on a step: the next or previous visible step (at either end the focus stays). */
export function moveStep(from: HTMLElement, step: 1 | -1): void {
  const steps = visibleSteps();
  const at = steps.indexOf(from);
  const next = steps[at + step];
  if (next) focusStep(next);
}

let returnTo: HTMLElement | null = null;

/**
 * `t`: from the form, the first step not judged yet (the first step when all
 * are), remembering where the form's focus was; from a step, back there.
 * False when the page shows no agent run.
 */
export function toggleTrace(formRoot: HTMLElement): boolean {
  const steps = visibleSteps();
  if (steps.length === 0) return false;
  const active = document.activeElement as HTMLElement | null;
  if (stepOf(active)) {
    const back = returnTo?.isConnected && formRoot.contains(returnTo) ? returnTo : null;
    if (back) {
      back.focus({ preventScroll: true });
      back.scrollIntoView({ block: "center" });
    } else focusStop(stopsOf(formRoot)[0]);
    return true;
  }
  returnTo = active && formRoot.contains(active) ? active : null;
  focusStep(steps.find((step) => !isJudged(verdictAt(indexOfStep(step)))) ?? steps[0]);
  return true;
}

/** A verdict key on a step: the form's data changes; "ok" moves on to the next step. */
export function judgeStep(step: HTMLElement, key: string): boolean {
  const change = stepChangeOf(key);
  if (!change) return false;
  if (!changeVerdict(indexOfStep(step), step.dataset.stepTool ?? "", change)) return false;
  if (change === "ok") moveStep(step, 1);
  return true;
}
