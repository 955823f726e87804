"use client";
// The suite's guidelines beside the form: `g` shows or hides them, and a rater
// can pin them open for every item (kept in this browser). The admin writes
// markdown; the page renders it on the server (components/markdown, never as
// an HTML string) and hands it in as children.
import { useEffect, useState, type ReactNode } from "react";
import { takesNoShortcuts } from "@/components/aif-form/dimension-path";

const PIN_KEY = "evalform:guidelines-pinned";

export function GuidelinesPanel({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);
  // The pin lives in this browser: read after hydration.
  useEffect(() => {
    const stored = window.localStorage.getItem(PIN_KEY) === "1";
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPinned(stored);
    setOpen(stored);
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "g" || event.ctrlKey || event.metaKey || event.altKey || takesNoShortcuts(event.target)) return;
      event.preventDefault();
      setOpen((previous) => !previous);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const togglePin = () => {
    const next = !pinned;
    setPinned(next);
    if (next) setOpen(true);
    try {
      window.localStorage.setItem(PIN_KEY, next ? "1" : "0");
    } catch {
      // A browser that stores nothing still shows the panel for this item.
    }
  };
  return (
    <section className="guidelines-panel panel" aria-labelledby="guidelines-title" data-testid="guidelines">
      <div className="guidelines-head">
        <h2 id="guidelines-title">Suite guidelines</h2>
        <button type="button" className="btn" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Hide" : "Show"} (g)
        </button>
        <label>
          <input type="checkbox" checked={pinned} onChange={togglePin} /> Keep open
        </label>
      </div>
      {open ? (
        <div className="guidelines-text" data-testid="guidelines-text">
          {children}
        </div>
      ) : null}
    </section>
  );
}
