// One block of item text, as React text nodes (never parsed as HTML), tagged
// with where it came from so a selection in it can be quoted as evidence.
import { blockAttributes, type TextPart } from "./anchor-attributes";
import { ExpandableText } from "./expandable-text";
import { TEXT_LIMIT } from "./text-limit";
import styles from "./transcript.module.css";

type Props = { text: string; part: TextPart; segmentIndex?: number | null; element?: "div" | "pre" };

export function TextBlock({ text, part, segmentIndex = null, element: Element = "div" }: Props) {
  // Only long text pays for a client component; the rest renders on the server.
  if (text.length > TEXT_LIMIT) return <ExpandableText text={text} part={part} segmentIndex={segmentIndex} element={Element} />;
  return (
    <Element className={Element === "pre" ? styles.code : styles.text} {...blockAttributes(part, segmentIndex)}>
      {text}
    </Element>
  );
}
