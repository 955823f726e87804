// GET /api/records/:evalId: the stored record body, exactly as exported
// (404 for a record that is not the caller's, unless admin).
import { withActor } from "@/lib/http/api-handler";
import { getRecord } from "@/lib/records/service";

export async function GET(request: Request, context: { params: Promise<{ evalId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const { evalId } = await context.params;
    const stored = await getRecord({ actor, evalId });
    return Response.json(stored.body);
  });
}
