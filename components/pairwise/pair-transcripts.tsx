// The pair as the rater reads it: the prompt once, then Response 1 and
// Response 2 side by side (stacked on a phone). Only the transcripts are here:
// which system wrote which stays hidden. Server-rendered.
import type { ReactNode } from "react";
import { MessageView } from "@/components/transcript/message-view";
import { PanelSection } from "@/components/transcript/panel-section";
import { TextBlock } from "@/components/transcript/text-block";
import { roleKind } from "@/components/transcript/transcript-facts";
import transcriptStyles from "@/components/transcript/transcript.module.css";
import type { Transcript, TranscriptMessage } from "@/lib/items/types";
import styles from "./pair-rating.module.css";

/** The messages before the first assistant turn (the prompt both answer) and the answer from there on. */
export function splitAtAnswer(transcript: Transcript): { opening: TranscriptMessage[]; answer: TranscriptMessage[] } {
  const first = transcript.messages.findIndex((message) => roleKind(message.role) === "assistant");
  if (first < 0) return { opening: [], answer: transcript.messages };
  return { opening: transcript.messages.slice(0, first), answer: transcript.messages.slice(first) };
}

function Messages({ messages, offset }: { messages: TranscriptMessage[]; offset: number }) {
  // No turn ids: two transcripts on one page would repeat them.
  return (
    <ol className={transcriptStyles.messages}>
      {messages.map((message, index) => (
        <MessageView key={index} message={message} index={offset + index} field="transcript" />
      ))}
    </ol>
  );
}

type Props = { prompt: string; responses: readonly [Transcript, Transcript]; caption?: ReactNode };

export function PairTranscripts({ prompt, responses, caption }: Props) {
  const parts = responses.map(splitAtAnswer);
  const opening = parts[0]!.opening;
  return (
    <div className={styles.pair} data-item-root="">
      {caption}
      {opening.length > 0 ? (
        <PanelSection title="Prompt">
          <Messages messages={opening} offset={0} />
        </PanelSection>
      ) : (
        <PanelSection title="Prompt">
          <TextBlock text={prompt} part="prompt" />
        </PanelSection>
      )}
      <div className={styles.responses}>
        {parts.map((part, index) => (
          <section
            key={index}
            className={styles.response}
            aria-labelledby={`response-${index + 1}-title`}
            // Scrolls on its own when long: reachable by keyboard to scroll it.
            tabIndex={0}
            data-testid={`response-${index + 1}`}
          >
            <h2 id={`response-${index + 1}-title`} className={styles.responseTitle}>
              Response {index + 1}
            </h2>
            <Messages messages={part.answer} offset={part.opening.length} />
          </section>
        ))}
      </div>
    </div>
  );
}
