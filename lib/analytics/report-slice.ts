// A report slice from URL parameters (the page's filter form and the API share them).
import { AppError } from "@/lib/errors";
import type { ReportRatingsFilter } from "./report-ratings";
import type { ReportSlice } from "./suite-report";

export function reportSliceOf(params: URLSearchParams | Record<string, string | string[] | undefined>): ReportSlice {
  const get = (name: string) => {
    const value = params instanceof URLSearchParams ? params.get(name) : params[name];
    const text = Array.isArray(value) ? value[0] : value;
    return text ? text : undefined;
  };
  const level = get("level");
  return {
    systemUnderTest: get("system_under_test"),
    modality: get("modality"),
    tag: get("tag"),
    level: level === "interval" ? "interval" : undefined,
  };
}

/** The loader's filter for a slice; a tag slice must be key=value. */
export function ratingsFilterOf(suiteId: string, slice: ReportSlice): ReportRatingsFilter {
  const [tagKey, ...tagValue] = (slice.tag ?? "").split("=");
  if (slice.tag !== undefined && (!tagKey || tagValue.length === 0)) {
    throw new AppError("INVALID_INPUT", "The slice is not valid", [
      { path: "/tag", rule: "format", message: "a tag slice is key=value" },
    ]);
  }
  return {
    suiteId,
    systemUnderTest: slice.systemUnderTest,
    modality: slice.modality,
    tag: slice.tag === undefined ? undefined : { key: tagKey!, value: tagValue.join("=") },
  };
}

/** The slice as URL parameters (the report's own links keep it). */
export function sliceParametersOf(slice: ReportSlice): URLSearchParams {
  const query = new URLSearchParams();
  if (slice.systemUnderTest) query.set("system_under_test", slice.systemUnderTest);
  if (slice.modality) query.set("modality", slice.modality);
  if (slice.tag) query.set("tag", slice.tag);
  if (slice.level) query.set("level", slice.level);
  return query;
}
