// GET /api/suites/:id/report/items?field=&pairing=[&judge=&human=][&limit=&offset=][&system_under_test=&modality=&tag=]:
// the items behind one figure of the quality report, worst disagreement first (admin).
import { drillDownJson } from "@/lib/analytics/drill-down-json";
import { drillQueryOf, reportDrillDown } from "@/lib/analytics/drill-down";
import { reportSliceOf } from "@/lib/analytics/report-slice";
import { ReportDrillDownQuery, ReportDrillDownSchema } from "@/lib/api-schemas/suites";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}/report/items",
    id: "getReportDrillDown",
    tag: "Suites",
    access: "suites.manage",
    summary: "The items behind one figure of the quality report, worst disagreement first",
    query: ReportDrillDownQuery,
    responses: { 200: { description: "The items, worst first.", schema: ReportDrillDownSchema } },
    errors: [404, 422],
  },
  // The page reads the same parameters: lib's reader names the rule each one breaks, after the permission check.
  async ({ actor, params, request }) => {
    const search = new URL(request.url).searchParams;
    return drillDownJson(
      await reportDrillDown({
        actor,
        suiteId: params.suiteId,
        slice: reportSliceOf(search),
        query: drillQueryOf(search),
      }),
    );
  },
);
