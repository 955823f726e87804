// Typing must not re-render the whole form per keystroke: the input keeps its
// own state and hands the value to the form when typing pauses, on blur, or on
// Enter (so an implicit submit never misses the last characters).
import { useCallback, useEffect, useRef, useState } from "react";

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

  useEffect(() => () => { if (pending.current) clearTimeout(pending.current); }, []);

  return { text, change, flush };
}
