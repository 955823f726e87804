// GET /api/suites/:id/report[?system_under_test=&modality=&tag=key=value]: the
// suite's quality report (agreement with bootstrap intervals, judge trust,
// agent pass@k, gold calibration and drift, SME changes) as JSON, for scripts.
import { z } from "zod";
import { MODALITIES } from "@/lib/aif/contract-facts";
import { suiteReport } from "@/lib/analytics/suite-report";
import { suiteReportJson } from "@/lib/analytics/suite-report-json";
import { SuiteReportSchema } from "@/lib/api-schemas/suites";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}/report",
    id: "getSuiteReport",
    tag: "Suites",
    access: "suites.manage",
    summary: "The suite's quality report as JSON",
    query: z.object({
      system_under_test: z.string().optional().describe("only items of this system under test"),
      modality: z.enum(MODALITIES).optional().describe("only items of this modality"),
      tag: z.string().optional().describe("only items with this tag, as key=value"),
      level: z.enum(["interval"]).optional().describe("interval: Likert alpha at the interval level (default ordinal)"),
    }),
    responses: { 200: { description: "The report.", schema: SuiteReportSchema } },
    errors: [404, 422],
  },
  async ({ actor, params, query }) => {
    // An empty parameter (a cleared form field) means no slice, as on the report page.
    const slice = {
      systemUnderTest: query.system_under_test || undefined,
      modality: query.modality,
      tag: query.tag || undefined,
      level: query.level,
    };
    return suiteReportJson(await suiteReport({ actor, suiteId: params.suiteId, slice }));
  },
);
