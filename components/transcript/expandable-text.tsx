"use client";
// The one interactive piece of the viewer: text past TEXT_LIMIT, cut until the rater asks for all of it.
import { useState } from "react";
import { blockAttributes, type TextPart } from "./anchor-attributes";
import { TEXT_LIMIT, truncateText } from "./text-limit";
import styles from "./transcript.module.css";

type Props = { text: string; part: TextPart; segmentIndex: number | null; element: "div" | "pre" };

export function ExpandableText({ text, part, segmentIndex, element: Element }: Props) {
  const [expanded, setExpanded] = useState(false);
  const cut = text.length > TEXT_LIMIT && !expanded;
  return (
    <>
      <Element
        className={Element === "pre" ? styles.code : styles.text}
        {...blockAttributes(part, segmentIndex)}
        data-truncated={cut ? "" : undefined}
      >
        {cut ? truncateText(text) : text}
      </Element>
      {/* One button that toggles, so keyboard focus stays put after expanding. */}
      <button
        type="button"
        className={`btn ${styles.showAll}`}
        aria-expanded={expanded}
        data-show-all-text=""
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? "Show less" : `Show all (${text.length.toLocaleString("en-US")} characters)`}
      </button>
    </>
  );
}
