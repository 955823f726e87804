// The model's final answer beside the reference answer; the columns stack when the viewer is narrow.
import type { Transcript } from "@/lib/items/types";
import { messageAttributes } from "./anchor-attributes";
import { PanelSection } from "./panel-section";
import { TextBlock } from "./text-block";
import { finalAnswerIndex } from "./transcript-facts";
import styles from "./transcript.module.css";

export function AnswerComparison({ transcript, reference }: { transcript: Transcript; reference: string }) {
  const answerIndex = finalAnswerIndex(transcript);
  const answer = answerIndex === null ? undefined : transcript.messages[answerIndex];
  return (
    <PanelSection title="Model answer and reference">
      <div className={styles.comparisonWrap}>
        <div className={styles.comparison}>
          <div className={styles.column}>
            <h3 className={styles.subheading}>Model answer</h3>
            {answer && answerIndex !== null ? (
              // Tagged as the transcript message it repeats, so a quote from here points there.
              <div {...messageAttributes("transcript", answerIndex, answer.role)}>
                {answer.content.map((segment, index) =>
                  segment.type === "text" ? (
                    <TextBlock key={index} text={segment.text} part="content" segmentIndex={index} />
                  ) : null,
                )}
              </div>
            ) : (
              <p className={styles.muted}>The transcript has no answer from the assistant.</p>
            )}
          </div>
          <div className={styles.column}>
            <h3 className={styles.subheading}>Reference</h3>
            <TextBlock text={reference} part="reference" />
          </div>
        </div>
      </div>
    </PanelSection>
  );
}
