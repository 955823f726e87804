// The rater's path through the form, in page order: each Likert dimension, the
// "no hazard" stop and each hazard, refusal, issue tags and the modality
// extension's fields. `]`/`[` move along it, a score moves on by itself.
// A stop is an element marked `data-stop` (or a field with the uiSchema class `path-stop`); focus lands on its chosen option
// (or its first control). Moving along the path never lands in a text field: a key meant as the next
// shortcut would become text there (a `[` and an `r` typed into an agent's "Turns" field were stored).
// A stop whose first control takes text gets the focus itself; `r` enters its text and Esc leaves it.

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';
const TEXT = 'textarea:not([disabled]), input:not([disabled]):not([type="hidden"])';

export function stopsOf(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("[data-stop], .path-stop")];
}

function targetOf(stop: HTMLElement): HTMLElement {
  const checked = stop.querySelector<HTMLInputElement>('input[type="radio"]:checked:not([disabled])');
  if (checked && !checked.closest("textarea")) {
    // The first radio group of the stop is where its keys act (a score, a verdict).
    const firstGroup = stop.querySelector<HTMLInputElement>('input[type="radio"]')?.name;
    if (checked.name === firstGroup) return checked;
  }
  const first = stop.querySelector<HTMLElement>(FOCUSABLE);
  if (first && !isTextTarget(first)) return first;
  // Focusable from code only: Tab still goes straight to the controls.
  if (!stop.hasAttribute("tabindex")) stop.tabIndex = -1;
  return stop;
}

/** `scroll: false` when the page opens: the keyboard starts on the form, but the item (above it on a phone) stays in view. */
export function focusStop(stop: HTMLElement | undefined, options: { scroll: boolean } = { scroll: true }): void {
  if (!stop) return;
  const target = targetOf(stop);
  target.focus({ preventScroll: !options.scroll });
  if (options.scroll) target.scrollIntoView({ block: "center" });
}

/** The stop holding `element` (the innermost), or -1. */
function indexOf(stops: HTMLElement[], element: Element | null): number {
  if (!element) return -1;
  for (let index = stops.length - 1; index >= 0; index -= 1) if (stops[index]!.contains(element)) return index;
  return -1;
}

/** `]` / `[`: the next or previous stop from the focused one; from nowhere, the first or the last. */
export function moveAlongPath(root: ParentNode, step: 1 | -1): void {
  const stops = stopsOf(root);
  if (stops.length === 0) return;
  const current = indexOf(stops, document.activeElement);
  const next =
    current === -1 ? (step === 1 ? 0 : stops.length - 1) : Math.min(Math.max(current + step, 0), stops.length - 1);
  focusStop(stops[next]);
}

/** After a score or verdict: on to the stop after the one holding `from`. */
export function advanceFrom(from: Element): void {
  const root = from.closest("form") ?? document;
  const stops = stopsOf(root);
  const current = indexOf(stops, from);
  if (current !== -1 && current + 1 < stops.length) focusStop(stops[current + 1]);
}

/** `r`: the focused stop's text (a rationale, a hazard's evidence, a text or number field), or the first dimension's. */
export function focusTextOfStop(root: ParentNode): void {
  const stops = stopsOf(root);
  const stop = stops[indexOf(stops, document.activeElement)] ?? stops[0];
  const text = [...(stop?.querySelectorAll<HTMLElement>(TEXT) ?? [])].find(isTextTarget);
  text?.focus();
}

/**
 * Esc in a text field: back to its stop (or, for text outside every stop, the
 * last stop before it), so the next keys are shortcuts again. False when the
 * focus is not in a text field of `root`.
 */
export function leaveText(root: ParentNode): boolean {
  const active = document.activeElement;
  if (!isTextTarget(active) || !root.contains(active)) return false;
  const stops = stopsOf(root);
  const holder = indexOf(stops, active);
  const before = stops.filter((stop) => stop.compareDocumentPosition(active!) & Node.DOCUMENT_POSITION_FOLLOWING);
  const stop = stops[holder] ?? before.at(-1) ?? stops[0];
  if (stop) focusStop(stop);
  else (active as HTMLElement).blur();
  return true;
}

/** Keys typed in a text field are text. */
export function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !["radio", "checkbox", "button", "submit"].includes(target.type);
}

/** A dialog's keys are its own: no page shortcut acts while one is open or holds the focus. */
export function isInDialog(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest("dialog")) return true;
  return document.querySelector("dialog[open]") !== null;
}

/** Where single-key shortcuts must not act: text is typed, or a dialog has the keyboard. */
export function takesNoShortcuts(target: EventTarget | null): boolean {
  return isTextTarget(target) || isInDialog(target);
}
