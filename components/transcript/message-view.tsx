// One transcript message: role badge, reasoning, content or tool result, and
// tool calls — as trace steps paired with their results when the run has a plan.
import type { ToolCall, Transcript, TranscriptMessage } from "@/lib/items/types";
import { messageAttributes } from "./anchor-attributes";
import { MessageSegments } from "./message-segments";
import { prettyArguments } from "./pretty-json";
import { TextBlock } from "./text-block";
import { ToolStepView } from "./tool-step-view";
import type { ToolStep } from "./trace-steps";
import { isToolResult, roleKind, textOf, toolResultTitle, type RoleKind } from "./transcript-facts";
import styles from "./transcript.module.css";

const ROLE_CLASS: Record<RoleKind, string> = {
  user: `${styles.role} ${styles.roleUser}`,
  assistant: `${styles.role} ${styles.roleAssistant}`,
  system: `${styles.role} ${styles.roleSystem}`,
  tool: `${styles.role} ${styles.roleTool}`,
  other: styles.role,
};
// Short tool output is read in passing; long output would bury the conversation.
const SHORT_TOOL_RESULT = 600;

function ToolCallView({ call, index }: { call: ToolCall; index: number }) {
  return (
    <details className={styles.details}>
      <summary>
        Tool call: <code>{call.name}</code>
        {call.id ? <span> (id {call.id})</span> : null}
      </summary>
      {call.arguments === undefined ? (
        <p className={styles.muted}>No arguments.</p>
      ) : (
        <TextBlock element="pre" text={prettyArguments(call.arguments)} part="tool_call" segmentIndex={index} />
      )}
    </details>
  );
}

type Props = {
  message: TranscriptMessage;
  index: number;
  field: string;
  /** The id the turn navigator links to. */
  id?: string;
  /** This message's tool calls as paired steps (agent runs); the transcript they take results from. */
  trace?: { steps: ToolStep[]; transcript: Transcript };
};

export function MessageView({ message, index, field, id, trace }: Props) {
  // An assistant turn that only calls tools is its steps: no card around them, so a run reads as a list.
  const stepsOnly = trace !== undefined && message.content.length === 0 && !message.reasoning;
  return (
    <li
      id={id}
      className={stepsOnly ? `${styles.message} ${styles.stepsOnly}` : styles.message}
      {...messageAttributes(field, index, message.role)}
    >
      {stepsOnly ? null : (
        <div className={styles.messageHeader}>
          <span className={ROLE_CLASS[roleKind(message.role)]}>{message.role}</span>
          <span className={styles.muted}>#{index + 1}</span>
        </div>
      )}
      {message.reasoning ? (
        <details className={styles.details} data-reasoning="">
          <summary>Reasoning</summary>
          <TextBlock text={message.reasoning} part="reasoning" />
        </details>
      ) : null}
      {isToolResult(message) ? (
        <details className={styles.details} data-tool-result="" open={textOf(message).length < SHORT_TOOL_RESULT}>
          <summary>{toolResultTitle(message)}</summary>
          <MessageSegments message={message} messageIndex={index} part="tool_result" />
        </details>
      ) : (
        <MessageSegments message={message} messageIndex={index} part="content" />
      )}
      {trace
        ? trace.steps.map((step) => (
            <ToolStepView key={step.callIndex} step={step} transcript={trace.transcript} field={field} />
          ))
        : message.tool_calls?.map((call, callIndex) => <ToolCallView key={callIndex} call={call} index={callIndex} />)}
    </li>
  );
}
