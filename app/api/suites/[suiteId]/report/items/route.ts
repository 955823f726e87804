// GET /api/suites/:id/report/items?field=&pairing=[&judge=&human=][&limit=&offset=][&system_under_test=&modality=&tag=]:
// the items behind one figure of the quality report, worst disagreement first (admin).
import { drillDownJson } from "@/lib/analytics/drill-down-json";
import { drillQueryOf, reportDrillDown } from "@/lib/analytics/drill-down";
import { reportSliceOf } from "@/lib/analytics/report-slice";
import { withActor } from "@/lib/http/api-handler";

export async function GET(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const params = new URL(request.url).searchParams;
    const drill = await reportDrillDown({ actor, suiteId: (await context.params).suiteId, slice: reportSliceOf(params), query: drillQueryOf(params) });
    return Response.json(drillDownJson(drill));
  });
}
