// POST /api/records/validate: checks a complete AIF record against the contract
// and its rules, as the CLI's `validate` does; stores nothing.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { checkRecord } from "@/lib/records/check-record";

export async function POST(request: Request): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const errors = checkRecord({ actor, record: await readJsonBody(request) });
    return Response.json({ valid: errors.length === 0, errors });
  });
}
