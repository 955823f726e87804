// GET /api/suites: every suite with progress (admin). POST: create one from
// imported items {name, key, overlap_k, gold_share, hold_minutes, rater_ids, import_ids, source_suite_id?}.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { snakeKeys } from "@/lib/http/snake-case";
import { createSuite, listSuites } from "@/lib/suites/service";

export async function GET(request: Request): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json({ suites: (await listSuites({ actor })).map(snakeKeys) }));
}

export async function POST(request: Request): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const suite = await createSuite({ actor, origin, input: await readJsonBody(request) });
    return Response.json(snakeKeys(suite), { status: 201, headers: { Location: `/api/suites/${suite.id}` } });
  });
}
