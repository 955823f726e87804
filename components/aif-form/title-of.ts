// The heading of a field: uiSchema title, schema title, or its name made readable.
import type { FieldProps } from "@rjsf/utils";

export function titleOf<T>(props: Pick<FieldProps<T>, "uiSchema" | "schema" | "name" | "title">): string {
  const fromUi = props.uiSchema?.["ui:title"];
  if (typeof fromUi === "string") return fromUi;
  if (props.title) return props.title;
  if (typeof props.schema.title === "string") return props.schema.title;
  const words = props.name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
