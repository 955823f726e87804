// GET /api/suites/:id/report: the suite's quality report (agreement with
// bootstrap intervals, judge trust, SME changes) as JSON, for scripts.
import { suiteReport } from "@/lib/analytics/suite-report";
import { suiteReportJson } from "@/lib/analytics/suite-report-json";
import { withActor } from "@/lib/http/api-handler";

export async function GET(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json(suiteReportJson(await suiteReport({ actor, suiteId: (await context.params).suiteId }))));
}
