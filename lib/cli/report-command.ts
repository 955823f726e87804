// `evalform report SUITE_UUID [--section …]`: the suite's quality report from
// GET /api/suites/:id/report, whole or one section of it (what adjudication
// teaches, the gold calibration, the agreement tables), for scripts and CI.
import { type ApiClient, CliError, describeFailure } from "./api-client";

/** A section's name on the command line → its key in the report's JSON. */
const SECTION_KEYS = {
  lessons: "adjudication_lessons",
  calibration: "calibration",
  likert: "likert",
  nominal: "nominal",
  judge: "judge_trust",
  estimates: "estimates",
} as const;
export const REPORT_SECTIONS = Object.keys(SECTION_KEYS) as (keyof typeof SECTION_KEYS)[];

export async function runReport(
  client: ApiClient,
  options: { suiteId: string; section?: string; slice: Record<string, string | undefined> },
): Promise<unknown> {
  if (options.section !== undefined && !(options.section in SECTION_KEYS))
    throw new CliError(`--section: one of ${REPORT_SECTIONS.join(", ")}`, 2);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.slice)) if (value) query.set(key, value);
  const response = await client.fetch(
    `/api/suites/${encodeURIComponent(options.suiteId)}/report${query.size > 0 ? `?${query}` : ""}`,
  );
  if (!response.ok) throw new CliError(await describeFailure(response));
  const report = (await response.json()) as Record<string, unknown>;
  if (options.section === undefined) return report;
  return report[SECTION_KEYS[options.section as keyof typeof SECTION_KEYS]];
}
