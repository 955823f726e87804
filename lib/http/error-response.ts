// Shapes errors for the HTTP API: AppError → its status with `{error, errors}`;
// the database being away → 503 with Retry-After; anything else is logged and
// answered with a generic 500; a client that hung up mid-body → 499 at info.
import { AppError, HTTP_STATUS_OF } from "@/lib/errors";
import { errorField, logger } from "@/lib/observability/logger";
import { parseJsonText } from "@/lib/text-input";
import { isDatabaseUnavailable, isUnstorableTextError } from "./database-unavailable";
import { assertJsonContentType, ClientAbortError, readBodyText } from "./request-body";

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const status = HTTP_STATUS_OF[error.code];
    // A body refused early (its size, a refused line) is read to its end and
    // thrown away meanwhile (request-body.ts), so the connection carries on.
    return Response.json(
      {
        error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
        errors: error.issues,
      },
      // Every 503 says when to come back (a draining replica, too many exports), as the database's own 503 does.
      { status, headers: status === 503 ? { "Retry-After": "1" } : undefined },
    );
  }
  if (isClientAbort(error)) {
    // Nobody reads this answer; its status is for the request log and the metrics (nginx's 499).
    logger().info({ err: errorField(error) }, "client closed the request");
    return Response.json(
      { error: { code: "CLIENT_CLOSED_REQUEST", message: "The client closed the connection mid-request." } },
      { status: 499 },
    );
  }
  if (isUnstorableTextError(error)) {
    // The safety net behind lib/text-input.ts: an input that reached PostgreSQL unchecked.
    logger().warn({ err: errorField(error) }, "text the database cannot store");
    return Response.json(
      {
        error: {
          code: "BAD_REQUEST",
          message: "The request holds text that cannot be stored (a NUL character or an unpaired surrogate).",
        },
        errors: [{ path: "", rule: "storableText", message: "remove NUL characters and unpaired surrogates" }],
      },
      { status: 400 },
    );
  }
  if (isDatabaseUnavailable(error)) {
    // Expected while the database restarts or fails over; the pool replaces the connection on the next request.
    logger().warn({ err: errorField(error) }, "database unavailable");
    return Response.json(
      {
        error: {
          code: "UNAVAILABLE",
          message:
            "The database could not be reached, so this request may or may not have been completed. Send it again: a retry with the same Idempotency-Key, or of a work item's submit, is never stored twice.",
        },
      },
      { status: 503, headers: { "Retry-After": "1" } },
    );
  }
  // The request id in this line is the one the client got in X-Request-Id.
  logger().error({ err: errorField(error) }, "unexpected error");
  return Response.json(
    { error: { code: "INTERNAL", message: "Something went wrong; the request may not have been completed." } },
    { status: 500 },
  );
}

/** A ClientAbortError, as thrown or as the cause of what a reader of the body threw (an import's stream). */
function isClientAbort(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof ClientAbortError) return true;
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined;
  }
  return false;
}

/** The JSON body of a request, or an AppError naming why it is not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  assertJsonContentType(request.headers);
  const parsed = parseJsonText(await readBodyText(request));
  if (parsed.ok) return parsed.value;
  const at = parsed.issue.path || "its top";
  const message =
    {
      maxDepth: "The request body is nested too deeply",
      json: "The request body is not valid JSON",
      finiteNumber: `The request body holds a number too large to be stored, at ${at}`,
    }[parsed.issue.rule] ?? `The request body holds text that cannot be stored, at ${at}`;
  throw new AppError("BAD_REQUEST", message, [parsed.issue]);
}
