// Who may scrape /api/metrics: whoever presents EVALFORM_METRICS_TOKEN as a
// Bearer token. Unset, the endpoint does not exist (404): nothing to probe.
// A wrong or missing token answers 401.
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Hashing both sides first gives equal lengths, so the comparison's time
// says nothing about the token's length or its first differing byte.
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

export function assertMayScrapeMetrics(
  headers: Headers,
  expected: string | undefined = getEnv().EVALFORM_METRICS_TOKEN,
): void {
  if (!expected) throw new AppError("NOT_FOUND", "Not found");
  const authorization = headers.get("authorization") ?? "";
  const given = authorization.toLowerCase().startsWith("bearer ") ? authorization.slice("bearer ".length).trim() : "";
  if (!given || !timingSafeEqual(digest(given), digest(expected))) {
    throw new AppError("UNAUTHENTICATED", "Present the metrics token as Authorization: Bearer …");
  }
}
