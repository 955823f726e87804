"use client";
// The controls of an agent run: open or close every step at once, and a search
// that hides the steps not mentioning the words and marks where they occur
// (the CSS Custom Highlight API: the server-rendered text is never rewritten).
import { useId, useRef, useState } from "react";
import styles from "./transcript.module.css";

const HIGHLIGHT = "trace-search";
const OPENED_BY_EXPAND_ALL =
  "details[data-step-details], details[data-reasoning], details[data-tool-result], details[data-show-all]";

function stepsOf(from: HTMLElement | null): HTMLElement[] {
  const root = from?.closest("[data-trace]");
  return root ? [...root.querySelectorAll<HTMLElement>("[data-step]")] : [];
}

function textRanges(step: HTMLElement, needle: string): Range[] {
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(step, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? "").toLowerCase();
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      ranges.push(range);
    }
  }
  return ranges;
}

export function TraceControls({ stepCount }: { stepCount: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const [matches, setMatches] = useState<number | null>(null);

  // Everything a rater reads in the run: each step, its reasoning, results shown apart, long text, and long
  // results at full height (by their own toggles, so each says what it shows).
  const openAll = (open: boolean) => {
    const root = ref.current?.closest("[data-trace]");
    if (!root) return;
    for (const details of root.querySelectorAll(OPENED_BY_EXPAND_ALL)) details.toggleAttribute("open", open);
    for (const toggle of root.querySelectorAll<HTMLButtonElement>(`[data-full-height][aria-expanded="${!open}"]`))
      toggle.click();
  };

  const search = (query: string) => {
    const needle = query.trim().toLowerCase();
    const ranges: Range[] = [];
    let shown = 0;
    for (const step of stepsOf(ref.current)) {
      const found = needle === "" ? [] : textRanges(step, needle);
      const match = needle === "" || found.length > 0;
      step.hidden = !match;
      if (match) shown += 1;
      if (needle !== "" && match) step.querySelector("details")?.setAttribute("open", "");
      ranges.push(...found);
    }
    if ("highlights" in CSS) {
      if (ranges.length > 0) CSS.highlights.set(HIGHLIGHT, new Highlight(...ranges));
      else CSS.highlights.delete(HIGHLIGHT);
    }
    setMatches(needle === "" ? null : shown);
  };

  return (
    <div ref={ref} className={styles.traceControls}>
      <button type="button" className="btn" onClick={() => openAll(true)}>
        Expand all
      </button>
      <button type="button" className="btn" onClick={() => openAll(false)}>
        Collapse all
      </button>
      <label htmlFor={inputId} className="visually-hidden">
        Search the steps
      </label>
      <input
        id={inputId}
        type="search"
        className={`form-control ${styles.traceSearch}`}
        placeholder="Search steps"
        onChange={(event) => search(event.target.value)}
      />
      <span className={styles.muted} role="status">
        {matches === null ? "" : `${matches} of ${stepCount} steps match`}
      </span>
    </div>
  );
}
