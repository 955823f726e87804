// Keys typed before the rating form can take them (the page still loading,
// hydrating, or the next item on its way) are kept, never lost: a capturing
// listener records them into a window queue while no form has claimed the
// keyboard, and the form replays them once it is ready. The listener is
// installed on every page by a tiny inline script in the root layout's <head>
// (with the CSP nonce), so it runs before the first paint and before any of
// the app's JavaScript; it records only on the pages that take rating keys.
// This module installs it too, should the script not have run; whichever runs
// first wins.

export type BufferedKey = {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  at: number;
};
/** `claims`: how many mounted screens own the keyboard (a form, the panel after a submit, a correction). */
type KeyQueue = { keys: BufferedKey[]; claims: number };

/** Self-contained: its source is also the inline script (app/layout.tsx). */
export function installKeyBuffer(): void {
  const w = window as unknown as { __evalformKeys?: KeyQueue };
  if (w.__evalformKeys) return;
  const queue: KeyQueue = { keys: [], claims: 0 };
  w.__evalformKeys = queue;
  // Every page that takes rating keys: items, pairs, SME reviews, share links, adjudications.
  const ratingPath = /^\/(rate|review|share\/[^/]+\/rate|adjudicate\/[^/]+\/items)\//;
  window.addEventListener(
    "keydown",
    (event) => {
      if (queue.claims > 0 || !event.isTrusted || !ratingPath.test(window.location.pathname)) return;
      if (["Shift", "Control", "Alt", "Meta", "CapsLock", "Tab"].includes(event.key)) return;
      queue.keys.push({
        key: event.key,
        code: event.code,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        at: Date.now(),
      });
      // Nothing else on the page may act on it now; the form replays it.
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    true,
  );
}

export const KEY_BUFFER_SCRIPT = `(${installKeyBuffer.toString()})();`;

// Keys older than this are dropped, not replayed. Generous: since the buffer runs from the head, keys typed
// at the very start of a slow load (a CPU slowed 20× hydrates for more than 15 s) are still meant for the form.
const STALE_MS = 90_000;

function queueOf(): KeyQueue {
  installKeyBuffer();
  return (window as unknown as { __evalformKeys: KeyQueue }).__evalformKeys;
}

/** A screen takes the keyboard: returns the keys typed meanwhile, in order. */
export function claimKeys(): BufferedKey[] {
  const queue = queueOf();
  queue.claims += 1;
  const now = Date.now();
  return queue.keys.splice(0).filter((key) => now - key.at < STALE_MS);
}

/**
 * A screen stops taking keys for a moment (a submit on its way, the correction
 * form loading): keys typed meanwhile wait for whatever screen comes next.
 * The returned function takes the keyboard back and gives the keys typed meanwhile.
 */
export function pauseKeys(): () => BufferedKey[] {
  releaseKeys();
  return claimKeys;
}

/** Whether a screen holds the keyboard now (a replay stops once one has let go: a submit, "next"). */
export function keyboardClaimed(): boolean {
  return queueOf().claims > 0;
}

/** Keys a replay did not get to: first in line for the screen that takes the keyboard next. */
export function requeueKeys(keys: BufferedKey[]): void {
  queueOf().keys.unshift(...keys);
}

/** A screen lets go (it unmounts). */
export function releaseKeys(): void {
  const queue = queueOf();
  queue.claims = Math.max(0, queue.claims - 1);
}

/** The page is leaving for the next item: every key typed from now waits for it. */
export function handOverKeys(): void {
  queueOf().claims = 0;
}
