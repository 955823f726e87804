// One transcript message: role badge, reasoning, content or tool result, and tool calls.
import type { ToolCall, TranscriptMessage } from "@/lib/items/types";
import { messageAttributes, type TextPart } from "./anchor-attributes";
import { MediaSegment } from "./media-segment";
import { prettyArguments } from "./pretty-json";
import { TextBlock } from "./text-block";
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

type SegmentsProps = { message: TranscriptMessage; messageIndex: number; part: TextPart };

export function MessageSegments({ message, messageIndex, part }: SegmentsProps) {
  return message.content.map((segment, index) =>
    segment.type === "text" ? (
      <TextBlock key={index} text={segment.text} part={part} segmentIndex={index} />
    ) : (
      <MediaSegment key={index} segment={segment} label={`${segment.type} ${index + 1} of message ${messageIndex + 1}`} />
    ),
  );
}

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

type Props = { message: TranscriptMessage; index: number; field: string };

export function MessageView({ message, index, field }: Props) {
  return (
    <li className={styles.message} {...messageAttributes(field, index, message.role)}>
      <div className={styles.messageHeader}>
        <span className={ROLE_CLASS[roleKind(message.role)]}>{message.role}</span>
        <span className={styles.muted}>#{index + 1}</span>
      </div>
      {message.reasoning ? (
        <details className={styles.details}>
          <summary>Reasoning</summary>
          <TextBlock text={message.reasoning} part="reasoning" />
        </details>
      ) : null}
      {isToolResult(message) ? (
        <details className={styles.details} open={textOf(message).length < SHORT_TOOL_RESULT}>
          <summary>{toolResultTitle(message)}</summary>
          <MessageSegments message={message} messageIndex={index} part="tool_result" />
        </details>
      ) : (
        <MessageSegments message={message} messageIndex={index} part="content" />
      )}
      {message.tool_calls?.map((call, callIndex) => <ToolCallView key={callIndex} call={call} index={callIndex} />)}
    </li>
  );
}
