// An ordered transcript; its root is where selections are traced from (see selection-anchor.ts).
import type { Transcript } from "@/lib/items/types";
import { transcriptRootAttributes } from "./anchor-attributes";
import { MessageView } from "./message-view";
import styles from "./transcript.module.css";

type Props = {
  transcript: Transcript;
  label: string;
  /** The item field shown, so a quote from a reference trajectory is not taken for one from the transcript. */
  field?: "transcript" | "reference_trajectory";
  /** null when an enclosing section already shows the label as a heading. */
  headingLevel?: 2 | 3 | null;
};

export function TranscriptView({ transcript, label, field = "transcript", headingLevel = 2 }: Props) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section aria-label={label} className={styles.section} {...transcriptRootAttributes(field)}>
      {headingLevel === null ? null : <Heading className={styles.heading}>{label}</Heading>}
      <ol className={styles.messages}>
        {transcript.messages.map((message, index) => (
          <MessageView key={index} message={message} index={index} field={field} />
        ))}
      </ol>
    </section>
  );
}
