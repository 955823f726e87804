"use client";
// Time on item as the page sees it: milliseconds the tab was visible, had the
// focus and was in use (an input within the last minute), counted once a
// second. What is counted rides on the next draft save or the submit (no
// request of its own) and is taken off only once the server acknowledged it;
// the server bounds it by the time that passed (lib/work-items/engine.ts).
import { useEffect, useMemo, useRef } from "react";

const TICK_MS = 1_000;
/** Reading counts as work, but not a tab left open over lunch: a minute without input stops the count. */
export const IDLE_AFTER_MS = 60_000;

export type ActiveTime = {
  /** Counted and not yet acknowledged, whole milliseconds. */
  pending: () => number;
  /** The server stored `ms` of it. */
  sent: (ms: number) => void;
};

export function useActiveTime(): ActiveTime {
  const pending = useRef(0);
  useEffect(() => {
    let lastTick = Date.now();
    let lastInput = lastTick;
    const onInput = () => {
      lastInput = Date.now();
    };
    const inputs = ["keydown", "pointerdown", "pointermove", "wheel", "touchstart", "scroll"] as const;
    for (const type of inputs) window.addEventListener(type, onInput, { capture: true, passive: true });
    const timer = setInterval(() => {
      const now = Date.now();
      // A tick late by more than a second (a sleeping laptop, a throttled tab) counts as one second at most.
      const elapsed = Math.min(now - lastTick, 2 * TICK_MS);
      lastTick = now;
      if (document.visibilityState === "visible" && document.hasFocus() && now - lastInput < IDLE_AFTER_MS)
        pending.current += elapsed;
    }, TICK_MS);
    return () => {
      clearInterval(timer);
      for (const type of inputs) window.removeEventListener(type, onInput, { capture: true });
    };
  }, []);
  return useMemo(
    () => ({
      pending: () => Math.round(pending.current),
      sent: (ms: number) => {
        pending.current = Math.max(0, pending.current - ms);
      },
    }),
    [],
  );
}
