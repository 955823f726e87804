// Runs before every request: gives it a request id (the caller's X-Request-Id
// when valid, else a new one), passed to the handlers as a request header and
// echoed in the response. Never an access gate: the data layer checks access.
import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_ID_HEADER, requestIdFrom } from "@/lib/observability/request-id";

export function proxy(request: NextRequest): NextResponse {
  const requestId = requestIdFrom(request.headers);
  const headers = new Headers(request.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

export const config = {
  // Static files carry no request worth tracing. Uploads skip the proxy too:
  // for a request the proxy sees, Next.js copies the body and hands the route
  // only its first 10 MiB (proxyClientMaxBodySize), which cut large imports
  // short. Their handlers give themselves a request id the same way.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|api/imports/[^/]+/file|api/records/import|api/suites/[^/]+/prefills).*)"],
};
