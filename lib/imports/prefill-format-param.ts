// The prefill import's ?format= and ?scale= (lib/imports/formats.ts): a value
// outside the registry answers 422 naming the parameter, rather than being read as AIF.
import { AppError } from "@/lib/errors";
import {
  isPrefillFormat,
  isScaleMapping,
  PREFILL_FORMAT_IDS,
  SCALE_MAPPINGS,
  type PrefillFormat,
  type ScaleMapping,
} from "./formats";

export function prefillFormatParams(params: URLSearchParams): { format: PrefillFormat; scale: ScaleMapping } {
  const format = params.get("format") ?? "aif";
  const scale = params.get("scale") ?? "linear";
  if (!isPrefillFormat(format))
    throw new AppError("INVALID_INPUT", "The query parameter format is not a prefill format", [
      { path: "format", rule: "enum", message: `must be one of ${PREFILL_FORMAT_IDS.join(", ")}` },
    ]);
  if (!isScaleMapping(scale))
    throw new AppError("INVALID_INPUT", "The query parameter scale is not a scale mapping", [
      { path: "scale", rule: "enum", message: `must be one of ${SCALE_MAPPINGS.map((m) => m.id).join(", ")}` },
    ]);
  return { format, scale };
}
