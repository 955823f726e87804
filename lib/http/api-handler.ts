// Route handlers share one shape: find the acting user (session or token),
// run the lib call, and turn expected errors into their status and issues.
import "server-only";
import { actorFromHeaders, requireActor, type Actor } from "@/lib/auth/actor";
import { requestOrigin } from "@/lib/auth/request-origin";
import type { RequestOrigin } from "@/lib/audit/service";
import { errorResponse } from "./error-response";

export type ApiContext = { actor: Actor; origin: RequestOrigin };

/** For routes that need a signed-in user: 401 without one. */
export async function withActor(request: Request, handle: (context: ApiContext) => Promise<Response>): Promise<Response> {
  try {
    const actor = requireActor(await actorFromHeaders(request.headers));
    return await handle({ actor, origin: requestOrigin(request.headers) });
  } catch (error) {
    return errorResponse(error);
  }
}

/** For the few public routes (accepting an invitation). */
export async function withoutActor(request: Request, handle: (context: { origin: RequestOrigin }) => Promise<Response>): Promise<Response> {
  try {
    return await handle({ origin: requestOrigin(request.headers) });
  } catch (error) {
    return errorResponse(error);
  }
}
