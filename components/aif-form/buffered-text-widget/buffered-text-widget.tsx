// rjsf's TextWidget and TextareaWidget, with typing buffered locally.
import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import type { KeyboardEvent } from "react";
import { useBufferedValue } from "./use-buffered-value";

function toText(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}

function useWidgetBuffer(props: WidgetProps) {
  const { value, onChange, options } = props;
  return useBufferedValue(toText(value), (next) => onChange(next === "" ? options.emptyValue : next));
}

export function BufferedTextWidget(props: WidgetProps) {
  const { id, required, disabled, readonly, autofocus, placeholder, onBlur, onFocus, schema, htmlName } = props;
  const { text, change, flush } = useWidgetBuffer(props);
  const inputType = schema.format === "uri" ? "url" : "text";
  return (
    <input
      id={id}
      name={htmlName || id}
      type={inputType}
      className="form-control"
      value={text}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={props.rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => change(event.target.value)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => { if (event.key === "Enter") flush(); }}
      onBlur={(event) => { flush(); onBlur(id, event.target.value); }}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export function BufferedTextareaWidget(props: WidgetProps) {
  const { id, required, disabled, readonly, autofocus, placeholder, onBlur, onFocus, options, htmlName } = props;
  const { text, change, flush } = useWidgetBuffer(props);
  return (
    <textarea
      id={id}
      name={htmlName || id}
      className="form-control"
      value={text}
      rows={typeof options.rows === "number" ? options.rows : 3}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={props.rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => change(event.target.value)}
      onBlur={(event) => { flush(); onBlur(id, event.target.value); }}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
