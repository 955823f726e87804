// Who may call an operation: the two ways to sign (session cookie, API
// token) and, for each operation, the permission of lib/auth/permissions.ts
// with the roles the table grants it — so "admin only" is read from the table.
import { PERMISSIONS, type Action, type Role } from "@/lib/auth/permissions";
import type { JsonSchema } from "./json-schema";

/** "public": no sign-in (an unguessable token in the path may be the credential). "metrics_token": a scraper holding EVALFORM_METRICS_TOKEN. */
export type Access = "public" | "metrics_token" | Action;

export const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description:
      "The browser's session, set by POST /api/auth/sign-in/email (named __Secure-better-auth.session_token when the app runs under https). Requests that change something must carry the page's Origin header.",
  },
  metricsToken: {
    type: "http",
    scheme: "bearer",
    description:
      "EVALFORM_METRICS_TOKEN of the server, sent as `Authorization: Bearer <token>`; only /api/metrics accepts it.",
  },
  apiToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "efk_…",
    description:
      "An API token from /settings/tokens, sent as `Authorization: Bearer <token>`. It acts with the roles it was given, re-checked against its owner's current roles at every use.",
  },
};

export function rolesFor(access: Access): Role[] | null {
  return access === "public" || access === "metrics_token" ? null : [...PERMISSIONS[access]];
}

/** The operation's `security` and the extensions the reference page shows. */
export function securityOf(access: Access, options: { sessionOnly?: boolean } = {}): JsonSchema {
  if (access === "public") return { security: [], "x-access": "public" };
  if (access === "metrics_token") return { security: [{ metricsToken: [] }], "x-access": "metrics_token" };
  return {
    security: options.sessionOnly ? [{ sessionCookie: [] }] : [{ sessionCookie: [] }, { apiToken: [] }],
    "x-access": access,
    "x-roles": rolesFor(access),
  };
}
