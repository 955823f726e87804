// One block of item text, tagged with where it came from so a selection in it
// can be quoted as evidence. Prose is rendered as sanitized markdown on the
// server (components/markdown); code-like blocks (tool arguments) stay verbatim.
import { MarkdownText } from "@/components/markdown/markdown-text";
import { blockAttributes, type TextPart } from "./anchor-attributes";
import { ExpandableText } from "./expandable-text";
import { TEXT_LIMIT } from "./text-limit";
import styles from "./transcript.module.css";

type Props = { text: string; part: TextPart; segmentIndex?: number | null; element?: "div" | "pre" };

export function TextBlock({ text, part, segmentIndex = null, element: Element = "div" }: Props) {
  // Only huge text pays for a client component (cut until asked, as plain text); the rest renders on the server.
  if (text.length > TEXT_LIMIT)
    return <ExpandableText text={text} part={part} segmentIndex={segmentIndex} element={Element} />;
  if (Element === "div") return <MarkdownText text={text} blockProps={blockAttributes(part, segmentIndex)} />;
  return (
    <Element className={styles.code} {...blockAttributes(part, segmentIndex)}>
      {text}
    </Element>
  );
}
