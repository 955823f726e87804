// The prefill import's ?format= and ?scale= (lib/imports/formats.ts): a value
// outside the registry answers 422 naming the parameter, rather than being read as AIF.
// ?judge_model= and ?judge_version= say who judged when the file does not (WildBench
// names the judge only in its folder), ?scorer= names an Inspect scorer as model-graded.
import { AppError } from "@/lib/errors";
import {
  isPrefillFormat,
  isScaleMapping,
  PREFILL_FORMAT_IDS,
  SCALE_MAPPINGS,
  type PrefillFormat,
  type ScaleMapping,
} from "./formats";

export type PrefillFormatParams = {
  format: PrefillFormat;
  scale: ScaleMapping;
  judgeModel?: string;
  judgeVersion?: string;
  scorers?: string[];
};

const MAX_NAME = 200;

function nameParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.length > MAX_NAME)
    throw new AppError("INVALID_INPUT", `The query parameter ${name} is empty or too long`, [
      { path: name, rule: "length", message: `must be 1 to ${MAX_NAME} characters` },
    ]);
  return trimmed;
}

export function prefillFormatParams(params: URLSearchParams): PrefillFormatParams {
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
  const judgeModel = nameParam(params, "judge_model");
  const judgeVersion = nameParam(params, "judge_version");
  // Repeated (?scorer=a&scorer=b) or comma-separated.
  const scorers = params
    .getAll("scorer")
    .flatMap((value) => value.split(","))
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (scorers.some((name) => name.length > MAX_NAME))
    throw new AppError("INVALID_INPUT", "The query parameter scorer names a scorer too long", [
      { path: "scorer", rule: "length", message: `each scorer name must be 1 to ${MAX_NAME} characters` },
    ]);
  return {
    format,
    scale,
    ...(judgeModel === undefined ? {} : { judgeModel }),
    ...(judgeVersion === undefined ? {} : { judgeVersion }),
    ...(scorers.length === 0 ? {} : { scorers }),
  };
}
