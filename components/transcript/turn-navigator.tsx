// Links to every turn of a long transcript and straight to the last assistant
// turn: plain in-page links, no script.
import type { Transcript } from "@/lib/items/types";
import { finalAnswerIndex, roleKind } from "./transcript-facts";
import styles from "./transcript.module.css";

/** Transcripts shorter than this fit on a screen or two; a navigator would only add noise. */
export const NAVIGATOR_MIN_MESSAGES = 6;

export const turnId = (index: number) => `turn-${index + 1}`;

type Props = {
  transcript: Transcript;
  /** Messages not shown on their own (tool results inside their call's step). */
  hidden: Set<number>;
  /** Agent runs: the steps are the navigation, so only the jump to the end is offered. */
  jumpOnly?: boolean;
};

export function TurnNavigator({ transcript, hidden, jumpOnly = false }: Props) {
  const last =
    finalAnswerIndex(transcript) ??
    [...transcript.messages.keys()]
      .reverse()
      .find((index) => roleKind(transcript.messages[index]!.role) === "assistant");
  return (
    <nav aria-label="Turns" className={styles.turnNav}>
      {last === undefined || last === null ? null : (
        <a className={styles.jumpLast} href={`#${turnId(last)}`}>
          Jump to the last assistant turn (#{last + 1})
        </a>
      )}
      {jumpOnly ? null : (
        <ol className={styles.turnList}>
          {transcript.messages.map((message, index) =>
            hidden.has(index) ? null : (
              <li key={index}>
                <a href={`#${turnId(index)}`} className={styles.turnLink}>
                  {index + 1} {message.role}
                </a>
              </li>
            ),
          )}
        </ol>
      )}
    </nav>
  );
}
