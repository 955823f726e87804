"use client";
// The `?` dialog: every shortcut of a rating page (a native <dialog>, so
// focus and Escape behave as users expect; `?` closes it too). The item form's
// list by default; the pair page passes its own.
import { forwardRef } from "react";
import { RATING_SHORTCUTS } from "./rating-shortcuts";

type Props = { shortcuts?: readonly { keys: string; description: string }[] };

export const ShortcutsDialog = forwardRef<HTMLDialogElement, Props>(function ShortcutsDialog(
  { shortcuts = RATING_SHORTCUTS },
  ref,
) {
  return (
    <dialog
      ref={ref}
      className="shortcuts-dialog"
      aria-labelledby="shortcuts-title"
      data-testid="shortcuts-dialog"
      onKeyDown={(event) => {
        if (event.key !== "?") return;
        event.preventDefault();
        event.currentTarget.close();
      }}
    >
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="records-table">
        <tbody>
          {shortcuts.map((shortcut) => (
            <tr key={shortcut.keys}>
              <th scope="row">
                <kbd>{shortcut.keys}</kbd>
              </th>
              <td>{shortcut.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button className="btn" type="submit">
          Close
        </button>
      </form>
    </dialog>
  );
});
