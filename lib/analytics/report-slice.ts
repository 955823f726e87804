// A report slice from URL parameters (the page's filter form and the API share them).
import type { ReportSlice } from "./suite-report";

export function reportSliceOf(params: URLSearchParams | Record<string, string | string[] | undefined>): ReportSlice {
  const get = (name: string) => {
    const value = params instanceof URLSearchParams ? params.get(name) : params[name];
    const text = Array.isArray(value) ? value[0] : value;
    return text ? text : undefined;
  };
  const level = get("level");
  return { systemUnderTest: get("system_under_test"), modality: get("modality"), tag: get("tag"), level: level === "interval" ? "interval" : undefined };
}
