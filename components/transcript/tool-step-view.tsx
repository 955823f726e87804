// One step of an agent run: the call (name, status, a preview of its arguments)
// as a disclosure holding the arguments and the result that answered it.
import type { Transcript } from "@/lib/items/types";
import { messageAttributes } from "./anchor-attributes";
import { MessageSegments } from "./message-segments";
import { prettyArguments, prettyJson } from "./pretty-json";
import { TextBlock } from "./text-block";
import { isLongText } from "@/components/markdown/long-text";
import { ResultHeightToggle } from "./result-height-toggle";
import { stepTiming, timingLabel } from "./step-timing";
import { StepVerdict } from "./step-verdict";
import { STATUS_LABEL, type ToolStep } from "./trace-steps";
import { textOf } from "./transcript-facts";
import styles from "./transcript.module.css";

const PREVIEW = 90;

function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW ? `${flat.slice(0, PREVIEW)}…` : flat;
}

/** Tool output that is JSON reads better indented; anything else is shown as the text it is. */
function jsonText(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return null;
  try {
    return prettyJson(JSON.parse(trimmed));
  } catch {
    return null;
  }
}

function StepResult({ step, transcript, field }: { step: ToolStep; transcript: Transcript; field: string }) {
  if (step.result === null) return <p className={styles.muted}>No result in the transcript.</p>;
  const message = transcript.messages[step.result]!;
  const asJson = jsonText(textOf(message));
  const shownAsJson = asJson !== null && message.content.length === 1;
  // Long indented output is cut at a screenful with a full-height toggle, never a scroller inside the page.
  const long = shownAsJson ? isLongText(asJson) : null;
  return (
    <div
      {...messageAttributes(field, step.result, message.role)}
      className={styles.stepResult}
      data-long-result={long ? "" : undefined}
    >
      {shownAsJson ? (
        <TextBlock element="pre" text={asJson} part="tool_result" segmentIndex={0} />
      ) : (
        <MessageSegments message={message} messageIndex={step.result} part="tool_result" />
      )}
      {long ? <ResultHeightToggle lines={long.lines} /> : null}
    </div>
  );
}

export function ToolStepView({ step, transcript, field }: { step: ToolStep; transcript: Transcript; field: string }) {
  const args = step.call.arguments === undefined ? null : prettyArguments(step.call.arguments);
  const timing = timingLabel(stepTiming(step, transcript));
  return (
    <div
      className={styles.step}
      data-step=""
      data-status={step.status}
      data-step-index={step.number - 1}
      data-step-tool={step.call.name}
    >
      {/* Failures open by themselves: they are what a rater looks for first. */}
      <details className={styles.stepDetails} data-step-details="" open={step.status === "error"}>
        <summary>
          <span className={styles.stepNumber}>Step {step.number}</span>{" "}
          <code className={styles.toolName}>{step.call.name}</code>{" "}
          <span
            className={`${styles.status} ${step.status === "ok" ? styles.statusOk : step.status === "error" ? styles.statusError : styles.statusMissing}`}
          >
            {STATUS_LABEL[step.status]}
          </span>
          {timing ? <span className={styles.stepTiming}> {timing}</span> : null}
          {args ? <span className={styles.argPreview}> {preview(args)}</span> : null}
        </summary>
        <div className={styles.stepBody}>
          <h4 className={styles.subheading}>
            Arguments{step.call.id ? <span className={styles.muted}> · call id {step.call.id}</span> : null}
          </h4>
          {args === null ? (
            <p className={styles.muted}>No arguments.</p>
          ) : (
            <TextBlock element="pre" text={args} part="tool_call" segmentIndex={step.callIndex} />
          )}
          <h4 className={styles.subheading}>
            Result{step.result === null ? null : <span className={styles.muted}> · message #{step.result + 1}</span>}
          </h4>
          <StepResult step={step} transcript={transcript} field={field} />
        </div>
      </details>
      {/* The verdict on the call, for the rating form; not on a reference trajectory. */}
      {field === "transcript" ? (
        <StepVerdict index={step.number - 1} tool={step.call.name} number={step.number} />
      ) : null}
    </div>
  );
}
