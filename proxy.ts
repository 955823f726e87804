// Runs before every page request: gives it a request id (the caller's X-Request-Id
// when valid, else a new one) and a Content-Security-Policy with a fresh nonce,
// both passed to the handlers as request headers (Next.js puts the nonce on its
// own scripts) and set on the response, with Strict-Transport-Security under
// https. Never an access gate: the data layer checks access.
import { NextResponse, type NextRequest } from "next/server";
import { baseUrl, isDevelopment } from "@/lib/env";
import { contentSecurityPolicy, newNonce } from "@/lib/http/content-security-policy";
import { strictTransportSecurity } from "@/lib/http/security-headers";
import { REQUEST_ID_HEADER, requestIdFrom } from "@/lib/observability/request-id";

const CSP_HEADER = "Content-Security-Policy";

export function proxy(request: NextRequest): NextResponse {
  const requestId = requestIdFrom(request.headers);
  const policy = contentSecurityPolicy({ nonce: newNonce(), development: isDevelopment() });
  const headers = new Headers(request.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  headers.set(CSP_HEADER, policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set(REQUEST_ID_HEADER, requestId);
  response.headers.set(CSP_HEADER, policy);
  const hsts = strictTransportSecurity(baseUrl());
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

export const config = {
  // Pages only. Static files carry no request worth tracing and no page to
  // protect. API routes give themselves a request id and a strict CSP
  // (observeRequest), and must not pass through the proxy: Next.js copies a
  // proxied body and cuts it at 10 MB without failing the request (a large
  // import lost its tail), and the copy and the proxy's own run cost every
  // submit time (bench/history/submit.md).
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
