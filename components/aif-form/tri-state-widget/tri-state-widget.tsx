// A yes/no judgment that can also say "not judged" (a checkbox cannot: unchecked
// would claim "no"). Not judged leaves the field out of the record.
import type { WidgetProps } from "@rjsf/utils";
import { SegmentedChoice } from "../segmented-choice";

type Choice = "unset" | "yes" | "no";
const OPTIONS: { value: Choice; label: string }[] = [
  { value: "unset", label: "Not judged" },
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

export function TriStateWidget({ id, value, label, onChange, disabled, readonly }: WidgetProps) {
  const current: Choice = value === true ? "yes" : value === false ? "no" : "unset";
  return (
    <SegmentedChoice
      id={id}
      label={label}
      options={OPTIONS}
      value={current}
      onChange={(choice) => onChange(choice === "unset" ? undefined : choice === "yes")}
      disabled={disabled || readonly}
    />
  );
}
