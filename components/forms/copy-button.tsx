"use client";
// Copies a text (a share link) to the clipboard and says so; where the
// clipboard is refused (an insecure origin), the text is selected instead so
// Ctrl/⌘+C finishes the job.
import { useState } from "react";

export function CopyButton({ text, targetId, label = "Copy" }: { text: string; targetId: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "selected">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      const target = document.getElementById(targetId);
      const selection = window.getSelection();
      if (target && selection) {
        selection.selectAllChildren(target);
        setState("selected");
      }
    }
  };
  return (
    <>
      <button type="button" className="btn" onClick={copy} aria-describedby={targetId}>
        {label}
      </button>
      <span role="status" className="help-block">
        {state === "copied" ? "Copied." : state === "selected" ? "Selected: press Ctrl+C (⌘C) to copy." : ""}
      </span>
    </>
  );
}
