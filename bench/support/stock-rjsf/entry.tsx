// Stock rjsf on the verbatim AIF schema, as the issue names it:
// <Form schema validator={validator} liveValidate /> with the default validator.
// The form benchmark bundles this with esbuild and times it beside our form.
import Form from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";
import validator from "@rjsf/validator-ajv8";
import { useEffect } from "react";
import { createRoot } from "react-dom/client";
import schema from "../../../schemas/aif-eval-form.schema.json";

function StockForm() {
  // The same "hydrated" signal our form sets, so both are timed to the same point.
  useEffect(() => document.body.setAttribute("data-hydrated", "true"), []);
  return <Form schema={schema as RJSFSchema} validator={validator} liveValidate />;
}

createRoot(document.getElementById("root")!).render(<StockForm />);
