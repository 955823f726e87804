// The model's final answer, shown before a long prompt (a 5-shot question
// would otherwise push a one-letter answer below the fold).
import type { Transcript } from "@/lib/items/types";
import { messageAttributes } from "./anchor-attributes";
import { TextBlock } from "./text-block";
import { finalAnswerIndex } from "./transcript-facts";
import styles from "./transcript.module.css";

export function PinnedAnswer({ transcript }: { transcript: Transcript }) {
  const index = finalAnswerIndex(transcript);
  const answer = index === null ? undefined : transcript.messages[index];
  if (!answer || index === null) return null;
  return (
    <section aria-label="Model answer" className={`${styles.panel} ${styles.pinned}`} data-pinned-answer="">
      <h2 className={styles.heading}>
        Model answer{" "}
        <span className={styles.muted}>(shown first; the prompt below is long · message #{index + 1})</span>
      </h2>
      <div {...messageAttributes("transcript", index, answer.role)}>
        {answer.content.map((segment, segmentIndex) =>
          segment.type === "text" ? (
            <TextBlock key={segmentIndex} text={segment.text} part="content" segmentIndex={segmentIndex} />
          ) : null,
        )}
      </div>
    </section>
  );
}
