// Route handlers share one shape: find the acting user (session or token),
// run the lib call, and turn expected errors into their status and issues.
// Every handler runs inside observeRequest, which gives the request its id
// (echoed as X-Request-Id), logs its outcome and times it for /api/metrics.
import "server-only";
import { actorFromHeaders, requireActor, type Actor } from "@/lib/auth/actor";
import { requestOrigin } from "@/lib/auth/request-origin";
import type { RequestOrigin } from "@/lib/audit/service";
import { AppError } from "@/lib/errors";
import { isDraining, trackInFlight } from "@/lib/lifecycle/draining";
import { logger } from "@/lib/observability/logger";
import { apiRouteOf } from "@/lib/observability/api-routes";
import { observeRequestDuration } from "@/lib/observability/metrics";
import { currentRequestContext, runWithRequestContext } from "@/lib/observability/request-context";
import { REQUEST_ID_HEADER, requestIdFrom } from "@/lib/observability/request-id";
import { baseUrl } from "@/lib/env";
import { API_CONTENT_SECURITY_POLICY } from "./content-security-policy";
import { errorResponse } from "./error-response";
import { apiCacheControl, strictTransportSecurity } from "./security-headers";
import { unstorableQueryIssue } from "@/lib/text-input";
import { assertSameOrigin } from "./same-origin";

export type ApiContext = { actor: Actor; origin: RequestOrigin };

export type ObserveOptions = {
  /** Probes are logged at debug level: they arrive every few seconds and say nothing new. */
  probe?: boolean;
  /** Answer even while the process drains (liveness, readiness, metrics); other requests then get 503. */
  serveWhileDraining?: boolean;
  /** The route template for metrics and logs, from the route's definition (define-route.ts); else looked up in the legacy table. */
  route?: string;
};

/**
 * Runs a handler with the request's id in the logging context, chosen here
 * (the caller's valid X-Request-Id, else a new one): API routes do not pass
 * through the proxy (proxy.ts says why).
 */
export async function observeRequest(
  request: Request,
  handle: () => Promise<Response>,
  options: ObserveOptions = {},
): Promise<Response> {
  const started = performance.now();
  const route = options.route ?? apiRouteOf(new URL(request.url).pathname);
  const context = { requestId: requestIdFrom(request.headers), route };
  return runWithRequestContext(context, () =>
    trackInFlight(async () => {
      let response: Response;
      try {
        if (isDraining() && !options.serveWhileDraining)
          throw new AppError("UNAVAILABLE", "This server is shutting down; send the request again");
        // Filters, slices and file names arrive in the query string: checked once here, like JSON bodies.
        const queryIssue = unstorableQueryIssue(new URL(request.url).searchParams);
        if (queryIssue)
          throw new AppError("BAD_REQUEST", "A query parameter holds text that cannot be stored", [queryIssue]);
        response = await handle();
      } catch (error) {
        response = errorResponse(error);
      }
      response = withHeader(response, REQUEST_ID_HEADER, context.requestId);
      response = withHeader(response, "Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
      // Answers are per user (records, tokens, sessions): no cache between the app and its user keeps one.
      response = withHeader(response, "Cache-Control", apiCacheControl(response.headers.get("cache-control")));
      const hsts = strictTransportSecurity(baseUrl());
      if (hsts) response = withHeader(response, "Strict-Transport-Security", hsts);
      // A kept-alive connection would let the client send its next request here; closing it sends that to another replica.
      if (isDraining()) response = withHeader(response, "connection", "close");
      const seconds = (performance.now() - started) / 1000;
      observeRequestDuration({ route, method: request.method, status: response.status }, seconds);
      const ms = Math.round(seconds * 10_000) / 10;
      logger()[options.probe ? "debug" : "info"]({ method: request.method, status: response.status, ms }, "request");
      return response;
    }),
  );
}

// Some responses (Response.redirect, fetched ones) have immutable headers: copy those.
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/** For routes that need a signed-in user: 401 without one. */
export async function withActor(
  request: Request,
  handle: (context: ApiContext) => Promise<Response>,
  options: ObserveOptions = {},
): Promise<Response> {
  return observeRequest(
    request,
    async () => {
      const actor = requireActor(await actorFromHeaders(request.headers));
      // The session cookie rides along on other sites' forms; a token does not.
      if (actor.via === "session")
        assertSameOrigin({ method: request.method, headers: request.headers, baseUrl: baseUrl() });
      const context = currentRequestContext();
      if (context) context.userId = actor.userId;
      return handle({ actor, origin: requestOrigin(request.headers) });
    },
    options,
  );
}

/** For the few public routes (accepting an invitation). */
export async function withoutActor(
  request: Request,
  handle: (context: { origin: RequestOrigin }) => Promise<Response>,
  options: ObserveOptions = {},
): Promise<Response> {
  return observeRequest(
    request,
    () => {
      // Share links keep their visitor in a cookie, which other sites' forms would carry too.
      assertSameOrigin({ method: request.method, headers: request.headers, baseUrl: baseUrl() });
      return handle({ origin: requestOrigin(request.headers) });
    },
    options,
  );
}
