// rjsf's TextWidget and TextareaWidget, with typing buffered locally.
import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import type { KeyboardEvent } from "react";
import { useBufferedValue } from "./use-buffered-value";

function toText(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}

// The attributes and handlers an <input> and a <textarea> share.
function useBufferedInputProps(props: WidgetProps) {
  const {
    id,
    value,
    onChange,
    options,
    required,
    disabled,
    readonly,
    autofocus,
    placeholder,
    onBlur,
    onFocus,
    htmlName,
    rawErrors,
  } = props;
  const buffer = useBufferedValue(toText(value), (next) => onChange(next === "" ? options.emptyValue : next));
  return {
    buffer,
    attributes: {
      id,
      name: htmlName || id,
      className: "form-control",
      value: buffer.text,
      placeholder,
      required,
      disabled,
      readOnly: readonly,
      autoFocus: autofocus,
      "aria-invalid": rawErrors?.length ? true : undefined,
      "aria-describedby": ariaDescribedByIds(id),
      onChange: (event: { target: { value: string } }) => buffer.change(event.target.value),
      onBlur: (event: { target: { value: string } }) => {
        buffer.flush();
        onBlur(id, event.target.value);
      },
      onFocus: (event: { target: { value: string } }) => onFocus(id, event.target.value),
    },
  };
}

export function BufferedTextWidget(props: WidgetProps) {
  const { buffer, attributes } = useBufferedInputProps(props);
  return (
    <input
      {...attributes}
      type={props.schema.format === "uri" ? "url" : "text"}
      // Enter submits the form: hand over the last characters first.
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === "Enter") buffer.flush();
      }}
    />
  );
}

export function BufferedTextareaWidget(props: WidgetProps) {
  const { attributes } = useBufferedInputProps(props);
  return <textarea {...attributes} rows={typeof props.options.rows === "number" ? props.options.rows : 3} />;
}
