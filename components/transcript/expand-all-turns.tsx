"use client";
// Long chats: one control that shows every turn in full (each long turn's
// "Show all", the reasoning, the tool output), instead of one click per turn.
import { useRef, useState } from "react";
import styles from "./transcript.module.css";

const OPENED = "details[data-show-all], details[data-reasoning], details[data-tool-result]";

export function ExpandAllTurns({ count }: { count: number }) {
  const ref = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const toggle = () => {
    const root = ref.current?.closest("[data-transcript-root]");
    if (!root) return;
    const next = !open;
    for (const details of root.querySelectorAll(OPENED)) details.toggleAttribute("open", next);
    // Huge text is cut by its own toggle; pressing it keeps its label true.
    for (const button of root.querySelectorAll<HTMLButtonElement>(`[data-show-all-text][aria-expanded="${!next}"]`))
      button.click();
    setOpen(next);
  };
  return (
    <button ref={ref} type="button" className={`btn ${styles.expandTurns}`} aria-expanded={open} onClick={toggle}>
      {open ? "Collapse all turns" : `Expand all turns (${count} long)`}
    </button>
  );
}
