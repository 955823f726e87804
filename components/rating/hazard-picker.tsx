"use client";
// `j`: every hazard of the form, each with a letter in form order; the letter
// focuses that hazard, so any hazard is two keys away (eleven `]` reached
// Defamation before). The list is read from the form on screen, so a profile
// without hazards has nothing to jump to.
import { forwardRef, useImperativeHandle, useRef, useState } from "react";
import { focusStop } from "@/components/aif-form/dimension-path";

export type HazardPickerHandle = { open: (formRoot: HTMLElement) => void };
type Choice = { key: string; label: string; stopId: string };

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

export const HazardPicker = forwardRef<HazardPickerHandle>(function HazardPicker(_props, ref) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState<Choice[]>([]);
  // Read by the key handler, which may run before the list's render is committed (keys typed without a pause).
  const current = useRef<Choice[]>([]);
  useImperativeHandle(
    ref,
    () => ({
      open(formRoot) {
        const stops = [...formRoot.querySelectorAll<HTMLElement>('fieldset[data-stop="hazard"]')];
        const next = stops.slice(0, LETTERS.length).map((stop, index) => ({
          key: LETTERS[index]!,
          label: stop.querySelector("legend")?.textContent ?? stop.id,
          stopId: stop.id,
        }));
        if (next.length === 0) return;
        current.current = next;
        setChoices(next);
        dialog.current?.showModal();
      },
    }),
    [],
  );
  const choose = (choice: Choice) => {
    dialog.current?.close();
    focusStop(document.getElementById(choice.stopId) ?? undefined);
  };
  return (
    <dialog
      ref={dialog}
      className="shortcuts-dialog"
      aria-labelledby="hazard-picker-title"
      data-testid="hazard-picker"
      onKeyDown={(event) => {
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        const choice = current.current.find((candidate) => candidate.key === event.key.toLowerCase());
        if (!choice) return;
        event.preventDefault();
        choose(choice);
      }}
    >
      <h2 id="hazard-picker-title">Jump to a hazard</h2>
      <p className="help-block">Press its letter (Esc closes).</p>
      <ul className="hazard-picker-list">
        {choices.map((choice) => (
          <li key={choice.key}>
            <button type="button" className="btn" data-hazard-key={choice.key} onClick={() => choose(choice)}>
              <kbd>{choice.key}</kbd> {choice.label}
            </button>
          </li>
        ))}
      </ul>
      <form method="dialog">
        <button className="btn" type="submit">
          Close
        </button>
      </form>
    </dialog>
  );
});
