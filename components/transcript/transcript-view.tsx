// An ordered transcript; its root is where selections are traced from (see selection-anchor.ts).
// Long ones get a turn navigator; agent runs are shown as a trace of paired steps.
import type { Transcript } from "@/lib/items/types";
import { transcriptRootAttributes } from "./anchor-attributes";
import { isLongText } from "@/components/markdown/long-text";
import { ExpandAllTurns } from "./expand-all-turns";
import { MessageView } from "./message-view";
import { TraceControls } from "./trace-controls";
import { hasToolCalls, planTrace, type TracePlan } from "./trace-steps";
import { textOf } from "./transcript-facts";
import { NAVIGATOR_MIN_MESSAGES, TurnNavigator, turnId } from "./turn-navigator";
import styles from "./transcript.module.css";

type Props = {
  transcript: Transcript;
  label: string;
  /** The item field shown, so a quote from a reference trajectory is not taken for one from the transcript. */
  field?: "transcript" | "reference_trajectory";
  /** null when an enclosing section already shows the label as a heading. */
  headingLevel?: 2 | 3 | null;
};

function TraceSummary({ plan }: { plan: TracePlan }) {
  const count = (status: string) => plan.steps.filter((step) => step.status === status).length;
  const errors = count("error");
  const missing = count("no_result");
  return (
    <p className={styles.traceSummary}>
      {plan.steps.length} tool {plan.steps.length === 1 ? "call" : "calls"}: {count("ok")} ok,{" "}
      {errors ? (
        <strong className={styles.traceErrors}>
          {errors} {errors === 1 ? "error" : "errors"}
        </strong>
      ) : (
        "no errors"
      )}
      {missing ? `, ${missing} without a result` : null}.
    </p>
  );
}

/** Messages shown collapsed at first: long text, or a reasoning trace. */
function collapsedTurns(transcript: Transcript): number {
  return transcript.messages.filter((message) => message.reasoning || isLongText(textOf(message)) !== null).length;
}

export function TranscriptView({ transcript, label, field = "transcript", headingLevel = 2 }: Props) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const plan = hasToolCalls(transcript) ? planTrace(transcript) : null;
  const main = field === "transcript";
  const hidden = plan?.pairedResults ?? new Set<number>();
  return (
    <section
      aria-label={label}
      className={styles.section}
      {...transcriptRootAttributes(field)}
      data-trace={plan ? "" : undefined}
    >
      {headingLevel === null ? null : (
        <Heading className={styles.heading}>{plan ? `${label}: agent run` : label}</Heading>
      )}
      {plan ? <TraceSummary plan={plan} /> : null}
      {main && transcript.messages.length >= NAVIGATOR_MIN_MESSAGES ? (
        <TurnNavigator transcript={transcript} hidden={hidden} jumpOnly={plan !== null} />
      ) : null}
      {plan ? <TraceControls stepCount={plan.steps.length} /> : null}
      {!plan && collapsedTurns(transcript) > 1 ? <ExpandAllTurns count={collapsedTurns(transcript)} /> : null}
      <ol className={styles.messages}>
        {transcript.messages.map((message, index) =>
          hidden.has(index) ? null : (
            <MessageView
              key={index}
              message={message}
              index={index}
              field={field}
              id={main ? turnId(index) : undefined}
              trace={
                plan?.stepsByMessage.has(index) ? { steps: plan.stepsByMessage.get(index)!, transcript } : undefined
              }
            />
          ),
        )}
      </ol>
    </section>
  );
}
