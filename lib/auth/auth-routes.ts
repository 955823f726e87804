// better-auth's HTTP endpoints as the app exposes them. Only the three the app
// calls answer; every other one better-auth ships (update-user, list-sessions,
// change-email, delete-user…) answers 404, so none can go around lib/users'
// rules or hand out session tokens. State-changing ones must come from the
// app's own origin (lib/http/same-origin.ts). Sign-in attempts are reserved against the
// throttle before better-auth checks the password, and settled by its answer.
import "server-only";
import { recordAuditEvent } from "@/lib/audit/service";
import { AppError } from "@/lib/errors";
import { baseUrl } from "@/lib/env";
import { errorResponse } from "@/lib/http/error-response";
import { discardRest, readBodyText } from "@/lib/http/request-body";
import { assertSameOrigin } from "@/lib/http/same-origin";
import { auth } from "./auth";
import { requestOrigin } from "./request-origin";
import {
  normaliseEmail,
  reserveSignInAttempt,
  retryAfterSeconds,
  settleSignInAttempt,
  throttleMessage,
} from "./sign-in-throttle";

export const AUTH_BASE_PATH = "/api/auth";

/** The endpoints the app uses: the sign-in form, the sign-out button, and the session (read by scripts and tests). */
export const AUTH_ENDPOINTS = [
  { method: "POST", path: "/sign-in/email" },
  { method: "POST", path: "/sign-out" },
  { method: "GET", path: "/get-session" },
] as const;

const SIGN_IN = "/sign-in/email";

function endpointOf(request: Request): string | null {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return null;
  const path = pathname.slice(AUTH_BASE_PATH.length).replace(/\/+$/, "");
  return AUTH_ENDPOINTS.some((endpoint) => endpoint.path === path && endpoint.method === request.method.toUpperCase())
    ? path
    : null;
}

export async function handleAuthRequest(request: Request): Promise<Response> {
  const endpoint = endpointOf(request);
  if (!endpoint) {
    // Read and thrown away (bounded): a connection closed on unread data would lose the answer.
    if (request.body && !request.bodyUsed) await discardRest(request.body.getReader());
    return errorResponse(new AppError("NOT_FOUND", "No such endpoint"));
  }
  let bounded: { request: Request; text: string };
  try {
    // The app's own cross-site rule, before anything is counted: better-auth
    // checks the Origin only when a cookie is sent, which lets another site sign
    // a visitor in to an account of its choosing.
    assertSameOrigin({ method: request.method, headers: request.headers, baseUrl: baseUrl() });
    bounded = await withBoundedBody(request);
  } catch (error) {
    return errorResponse(error);
  }
  if (endpoint === SIGN_IN) return signIn(bounded.request, emailOf(bounded.text));
  return withoutSessionToken(await auth().handler(bounded.request));
}

/** The request with its body read once, at most as large as any JSON body the API reads (413 beyond). */
async function withBoundedBody(request: Request): Promise<{ request: Request; text: string }> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return { request, text: "" };
  const text = await readBodyText(request);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return { request: new Request(request.url, { method: request.method, headers, body: text }), text };
}

async function signIn(request: Request, email: string): Promise<Response> {
  const origin = requestOrigin(request.headers);
  const verdict = await reserveSignInAttempt({ email, ipAddress: origin.ipAddress });
  if (!verdict.allowed) {
    await recordAuditEvent({
      action: "auth.sign_in_throttled",
      actorId: null,
      subject: normaliseEmail(email),
      origin,
      details: { scope: verdict.scope },
    });
    return Response.json(
      { code: "SIGN_IN_THROTTLED", message: throttleMessage(verdict) },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds(verdict.retryAt)) } },
    );
  }
  let outcome: Parameters<typeof settleSignInAttempt>[1] = "not_an_attempt";
  try {
    const response = await auth().handler(request);
    outcome =
      response.status === 200
        ? "signed_in"
        : (await isCredentialFailure(response))
          ? "credential_failure"
          : "not_an_attempt";
    return withoutSessionToken(response);
  } finally {
    await settleSignInAttempt(verdict.reservation, outcome);
  }
}

/** The email the attempt is for (better-auth refuses a body without one). */
function emailOf(text: string): string {
  try {
    const body = JSON.parse(text) as { email?: unknown } | null;
    return typeof body?.email === "string" ? body.email.slice(0, 320) : "";
  } catch {
    return "";
  }
}

// A wrong password, an unknown email and a disabled account all answer this
// (auth.ts), and only these count against the throttle.
async function isCredentialFailure(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code === "INVALID_EMAIL_OR_PASSWORD";
}

/**
 * The session token lives in an HttpOnly cookie; better-auth also puts it in
 * the JSON of sign-in and get-session, where a page's script could read it.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== "object") return response;
  const session = body.session as Record<string, unknown> | undefined;
  if (!("token" in body) && !(session && typeof session === "object" && "token" in session)) return response;
  const { token: _token, ...rest } = body;
  void _token;
  const cleaned =
    session && typeof session === "object" ? { ...rest, session: { ...session, token: undefined } } : rest;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(cleaned), { status: response.status, statusText: response.statusText, headers });
}
