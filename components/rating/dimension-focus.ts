// Moving between the form's Likert dimensions from the keyboard: focus goes to
// the dimension's chosen score (or its first option), where digits set it.
function scoreInputOf(dimension: Element): HTMLInputElement | null {
  const score = 'input[type="radio"][name$="_score"]';
  return dimension.querySelector<HTMLInputElement>(`${score}:checked`) ?? dimension.querySelector<HTMLInputElement>(score);
}

export function focusDimension(formRoot: Element, step: 1 | -1): void {
  const dimensions = [...formRoot.querySelectorAll(".likert")];
  if (dimensions.length === 0) return;
  const current = dimensions.findIndex((dimension) => dimension.contains(document.activeElement));
  const next = current === -1 ? (step === 1 ? 0 : dimensions.length - 1) : Math.min(Math.max(current + step, 0), dimensions.length - 1);
  const input = scoreInputOf(dimensions[next]!);
  input?.focus();
  input?.scrollIntoView({ block: "center" });
}
