"use client";
// A tool call's verdict on its step in the trace: the AIF fields the form's
// table writes (call_ok, params_ok, redundant), as buttons that say which key
// sets them on the focused step. Shown only while a rating form takes them.
import {
  FLAWS,
  VERDICT_LABEL,
  hasFlaw,
  isAllGood,
  isJudged,
  type Flaw,
  type ToolCallVerdict,
} from "@/lib/aif/tool-call-verdicts";
import { STEP_VERDICT_KEYS } from "./step-verdict-keys";
import { changeVerdict, useStepVerdict } from "./trace-verdicts";
import styles from "./transcript.module.css";

function describe(verdict: ToolCallVerdict | undefined): string {
  if (!isJudged(verdict)) return "Not judged";
  if (isAllGood(verdict)) return "Ok";
  const flaws = (Object.keys(FLAWS) as Flaw[]).filter((flaw) => hasFlaw(verdict, flaw));
  return flaws.length > 0 ? flaws.map((flaw) => VERDICT_LABEL[flaw]).join(", ") : "Partly judged";
}

export function StepVerdict({ index, tool, number }: { index: number; tool: string; number: number }) {
  const verdict = useStepVerdict(index);
  if (verdict === "not attached") return null;
  return (
    <div className={styles.stepVerdict} role="group" aria-label={`Verdict on step ${number}`} data-step-verdict="">
      <span className={styles.verdictState} data-verdict-state="">
        {describe(verdict)}
      </span>
      {STEP_VERDICT_KEYS.filter((entry) => entry.change !== "clear").map(({ key, change }) => (
        <button
          key={change}
          type="button"
          className={`btn ${styles.verdictButton}`}
          aria-pressed={change === "ok" ? isAllGood(verdict) : hasFlaw(verdict, change as Flaw)}
          onClick={() => changeVerdict(index, tool, change)}
        >
          {VERDICT_LABEL[change as Exclude<typeof change, "clear">]} <kbd>{key}</kbd>
        </button>
      ))}
      {isJudged(verdict) ? (
        <button
          type="button"
          className={`btn ${styles.verdictButton}`}
          onClick={() => changeVerdict(index, tool, "clear")}
        >
          Not judged <kbd>Del</kbd>
        </button>
      ) : null}
    </div>
  );
}
