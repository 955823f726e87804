// GET /api/suites/:id/report[?system_under_test=&modality=&tag=key=value]: the
// suite's quality report (agreement with bootstrap intervals, judge trust,
// agent pass@k, gold calibration and drift, SME changes) as JSON, for scripts.
import { reportSliceOf } from "@/lib/analytics/report-slice";
import { suiteReport } from "@/lib/analytics/suite-report";
import { suiteReportJson } from "@/lib/analytics/suite-report-json";
import { withActor } from "@/lib/http/api-handler";

export async function GET(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const slice = reportSliceOf(new URL(request.url).searchParams);
    return Response.json(suiteReportJson(await suiteReport({ actor, suiteId: (await context.params).suiteId, slice })));
  });
}
