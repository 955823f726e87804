// Typing must not re-render the whole form per keystroke: the input keeps its
// own state and hands the value to the form when typing pauses, on blur, or on
// Enter (so an implicit submit never misses the last characters), and when the
// page is hidden or unloaded (so a reload right after typing keeps every key).
import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";

const IDLE_COMMIT_MS = 400;

export function useBufferedValue(value: string, commit: (next: string) => void) {
  const [text, setText] = useState(value);
  const textRef = useRef(value);
  const lastCommitted = useRef(value);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  // The form changed the value from outside (a prefill, a reset): show it.
  useEffect(() => {
    if (value !== lastCommitted.current) {
      lastCommitted.current = value;
      textRef.current = value;
      setText(value);
    }
  }, [value]);

  const flush = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    if (textRef.current === lastCommitted.current) return;
    lastCommitted.current = textRef.current;
    commitRef.current(textRef.current);
  }, []);

  const change = useCallback(
    (next: string) => {
      textRef.current = next;
      setText(next);
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(flush, IDLE_COMMIT_MS);
    },
    [flush],
  );

  // A reload or a closed tab ends the page before the typing pause does. The
  // commit must reach the draft's browser copy within this event, so React
  // renders it synchronously instead of on its next tick (which never comes).
  useEffect(() => {
    const onHide = () => {
      if (pending.current) flushSync(flush);
    };
    // beforeunload first, so the page's leave warning knows about these characters too.
    window.addEventListener("beforeunload", onHide);
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onHide);
    return () => {
      window.removeEventListener("beforeunload", onHide);
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onHide);
    };
  }, [flush]);

  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  return { text, change, flush };
}
