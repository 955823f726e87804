// Browser-side JSON calls to our API: the parsed body, or the API's error
// message and {path, rule, message} issues.
import type { ValidationIssue } from "@/lib/aif/types";

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; issues: ValidationIssue[]; details?: Record<string, unknown> };

export async function fetchJson<T>(url: string, init: { method: string; body?: unknown }): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const payload = response.status === 204 ? {} : await response.json().catch(() => ({}));
    if (response.ok) return { ok: true, data: payload as T };
    const error = payload as {
      error?: { message?: string; details?: Record<string, unknown> };
      errors?: ValidationIssue[];
    };
    return {
      ok: false,
      status: response.status,
      message: error.error?.message ?? `The server answered ${response.status}`,
      issues: error.errors ?? [],
      details: error.error?.details,
    };
  } catch {
    // A write whose answer never came may still have been carried out: say so, never "nothing was changed".
    const message =
      init.method === "GET"
        ? "The server is unreachable. Try again."
        : "The server did not answer, so this may or may not have been saved. Reload the page to check before trying again.";
    return { ok: false, status: 0, message, issues: [] };
  }
}

/** The first issue's message for each top-level field, for react-hook-form's setError. */
export function issuesByField(issues: ValidationIssue[]): Map<string, string> {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.split("/")[1] ?? "";
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return byField;
}
