"use client";
// The `?` dialog: every shortcut of the rating page (a native <dialog>, so
// focus and Escape behave as users expect).
import { forwardRef } from "react";
import { RATING_SHORTCUTS } from "./rating-shortcuts";

export const ShortcutsDialog = forwardRef<HTMLDialogElement>(function ShortcutsDialog(_props, ref) {
  return (
    <dialog ref={ref} className="shortcuts-dialog" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="records-table">
        <tbody>
          {RATING_SHORTCUTS.map((shortcut) => (
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
