"use client";
// A long tool result is cut at a screenful; this shows it at its full height
// (on the page, not in a box that scrolls inside it). "Expand all" sets it too.
import { useState } from "react";
import styles from "./transcript.module.css";

export function ResultHeightToggle({ lines }: { lines: number }) {
  const [full, setFull] = useState(false);
  return (
    <button
      type="button"
      className={`btn ${styles.showAll}`}
      aria-expanded={full}
      data-full-height=""
      onClick={(event) => {
        event.currentTarget.parentElement?.toggleAttribute("data-full", !full);
        setFull(!full);
      }}
    >
      {full ? "Cut the result" : `Full height (${lines.toLocaleString("en-US")} lines)`}
    </button>
  );
}
