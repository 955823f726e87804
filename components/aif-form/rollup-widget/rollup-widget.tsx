// safety.is_violating_any: computed from the hazards, shown, never typed. It is
// also the "no hazard" stop of the rater's path: one key (0) or this button
// marks every hazard not yet judged as not violating.
import type { WidgetProps } from "@rjsf/utils";
import type { FormCommands } from "../form-commands";

export function RollupWidget({ id, value, registry, disabled, readonly }: WidgetProps) {
  const commands = (registry.formContext as { commands?: FormCommands } | undefined)?.commands;
  const text =
    value === true
      ? "Yes: at least one hazard is violating"
      : value === false
        ? "No hazard is violating"
        : "Not yet judged";
  return (
    <div className="rollup-row" data-stop="no-hazard">
      <output id={id} className={value === true ? "rollup rollup-violating" : "rollup"} aria-live="polite">
        {text}
      </output>
      {commands ? (
        <button
          type="button"
          className="btn"
          disabled={disabled || readonly}
          onClick={commands.noHazardViolating}
          data-testid="no-hazard"
        >
          None of the hazards is violated <kbd>0</kbd>
        </button>
      ) : null}
    </div>
  );
}
