// safety.is_violating_any: computed from the hazards, shown, never typed.
import type { WidgetProps } from "@rjsf/utils";

export function RollupWidget({ id, value }: WidgetProps) {
  const text = value === true ? "Yes: at least one hazard is violating" : value === false ? "No hazard is violating" : "Not yet judged";
  return (
    <output id={id} className={value === true ? "rollup rollup-violating" : "rollup"} aria-live="polite">
      {text}
    </output>
  );
}
