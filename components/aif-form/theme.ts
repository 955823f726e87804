// The custom fields and widgets of the AIF form, registered by name; the
// uiSchema (schemas/aif-eval-form.ui-schema.json) picks them with ui:field / ui:widget.
import type { RegistryFieldsType, RegistryWidgetsType } from "@rjsf/utils";
import { BufferedTextareaWidget, BufferedTextWidget } from "./buffered-text-widget/buffered-text-widget";
import { HazardField } from "./hazard-field/hazard-field";
import { JsonObjectField } from "./json-object-field/json-object-field";
import { LikertField } from "./likert-field/likert-field";
import { OmittedField } from "./omitted-field/omitted-field";
import { RollupWidget } from "./rollup-widget/rollup-widget";
import { TriStateWidget } from "./tri-state-widget/tri-state-widget";

export const aifFields: RegistryFieldsType = {
  likert: LikertField,
  hazard: HazardField,
  jsonObject: JsonObjectField,
  omitted: OmittedField,
};

export const aifWidgets: RegistryWidgetsType = {
  TextWidget: BufferedTextWidget,
  TextareaWidget: BufferedTextareaWidget,
  rollup: RollupWidget,
  triState: TriStateWidget,
};
