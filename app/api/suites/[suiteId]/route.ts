// GET /api/suites/:id: the suite's progress, overall and per rater (admin).
import { withActor } from "@/lib/http/api-handler";
import { snakeKeys } from "@/lib/http/snake-case";
import { getRaterProgress, getSuite } from "@/lib/suites/service";

export async function GET(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const { suiteId } = await context.params;
    const [suite, raters] = await Promise.all([getSuite({ actor, suiteId }), getRaterProgress({ actor, suiteId })]);
    return Response.json({ ...snakeKeys(suite), raters: raters.map(snakeKeys) });
  });
}
