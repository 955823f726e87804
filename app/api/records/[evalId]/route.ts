// GET /api/records/:evalId: the stored record body, exactly as exported.
import { errorResponse } from "@/lib/http/error-response";
import { getRecord } from "@/lib/records/service";

export async function GET(_request: Request, context: { params: Promise<{ evalId: string }> }): Promise<Response> {
  try {
    const { evalId } = await context.params;
    const stored = await getRecord({ evalId });
    return Response.json(stored.body);
  } catch (error) {
    return errorResponse(error);
  }
}
