// GET /api/suites/:id: the suite's progress, overall and per rater, and its
// skips per item (admin). PATCH {guidelines}: the guidelines raters see.
import { withActor } from "@/lib/http/api-handler";
import { snakeKeys } from "@/lib/http/snake-case";
import { readJsonBody } from "@/lib/http/error-response";
import { getSkipSummary } from "@/lib/queues/skip";
import { updateSuiteGuidelines } from "@/lib/suites/guidelines";
import { getRaterProgress, getSuite } from "@/lib/suites/service";

export async function GET(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const { suiteId } = await context.params;
    const [suite, raters, skips] = await Promise.all([getSuite({ actor, suiteId }), getRaterProgress({ actor, suiteId }), getSkipSummary({ actor, suiteId })]);
    return Response.json({ ...snakeKeys(suite), raters: raters.map(snakeKeys), skipped_items: skips.items.map(snakeKeys) });
  });
}

export async function PATCH(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const { suiteId } = await context.params;
    return Response.json(await updateSuiteGuidelines({ actor, suiteId, origin, input: await readJsonBody(request) }));
  });
}
