// Replaying the keys the buffer (./key-buffer.ts) kept, once a form has the
// keyboard. Apart from the buffer because it needs react-dom, which the server
// page that inlines the buffer's script must not load.
import { flushSync } from "react-dom";
import { keyboardClaimed, requeueKeys, type BufferedKey } from "./key-buffer";

/**
 * Replays buffered keys as if typed now, on whatever has focus: the fields'
 * and the page's key handlers run as usual, and printable keys in a text
 * field are inserted as text.
 */
export function replayKeys(keys: BufferedKey[]): void {
  for (const [index, { at: _at, ...init }] of keys.entries()) {
    // A replayed key let go of the keyboard (Ctrl+Enter, "n", "c"): the rest are for the screen that follows.
    if (!keyboardClaimed()) {
      requeueKeys(keys.slice(index));
      return;
    }
    const target = (document.activeElement as HTMLElement | null) ?? document.body;
    const event = new KeyboardEvent("keydown", { ...init, bubbles: true, cancelable: true });
    // Each key's state updates are committed before the next key is handled, as between two real
    // keystrokes: without it a replayed "0" read the form before the replayed scores and lost one of them.
    let notHandled = true;
    flushSync(() => {
      notHandled = target.dispatchEvent(event);
    });
    // A typed Esc closes a modal dialog by the browser's own handling, which answers real keys only.
    if (notHandled && init.key === "Escape" && target.closest("dialog[open]")) {
      (target.closest("dialog[open]") as HTMLDialogElement).close();
      continue;
    }
    const typesText =
      target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === "text");
    if (notHandled && typesText && init.key.length === 1 && !init.ctrlKey && !init.metaKey && !init.altKey) {
      // execCommand is the one way to insert text that the page's input handlers see as typing.
      document.execCommand("insertText", false, init.key);
    }
  }
}
