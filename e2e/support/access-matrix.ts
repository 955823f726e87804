// Every page and route handler with the permission that guards it. The access
// matrix test fails for a route file or method missing here.
import type { Action } from "@/lib/auth/permissions";

export type Access = "public" | Action;
export type Method = "PAGE" | "GET" | "POST" | "PATCH" | "DELETE";
export type MatrixIds = { recordOf: (role: "rater" | "sme" | "admin") => string; targetUserId: string };

export type MatrixEntry = {
  /** The file under app/ that serves it. */
  file: string;
  method: Method;
  access: Access;
  /** A concrete path to request as the given role. */
  path: (ids: MatrixIds, role: "rater" | "sme" | "admin" | "anonymous") => string;
  body?: unknown;
};

const ownRecord = (ids: MatrixIds, role: string) => `/records/${ids.recordOf(role === "anonymous" ? "rater" : (role as "rater"))}`;
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";

export const ACCESS_MATRIX: MatrixEntry[] = [
  { file: "app/page.tsx", method: "PAGE", access: "public", path: () => "/" },
  { file: "app/sign-in/page.tsx", method: "PAGE", access: "public", path: () => "/sign-in" },
  { file: "app/invite/[token]/page.tsx", method: "PAGE", access: "public", path: () => "/invite/not-a-real-token" },
  { file: "app/records/page.tsx", method: "PAGE", access: "records.read_own", path: () => "/records" },
  { file: "app/records/new/page.tsx", method: "PAGE", access: "records.submit", path: () => "/records/new" },
  { file: "app/records/[evalId]/page.tsx", method: "PAGE", access: "records.read_own", path: ownRecord },
  { file: "app/admin/users/page.tsx", method: "PAGE", access: "users.manage", path: () => "/admin/users" },
  { file: "app/admin/audit/page.tsx", method: "PAGE", access: "audit.read", path: () => "/admin/audit" },
  { file: "app/settings/tokens/page.tsx", method: "PAGE", access: "tokens.manage_own", path: () => "/settings/tokens" },
  { file: "app/api/auth/[...all]/route.ts", method: "GET", access: "public", path: () => "/api/auth/get-session" },
  // A malformed sign-in: reaches better-auth without ending the saved sessions.
  { file: "app/api/auth/[...all]/route.ts", method: "POST", access: "public", path: () => "/api/auth/sign-in/email", body: {} },
  { file: "app/api/records/route.ts", method: "GET", access: "records.read_own", path: () => "/api/records" },
  { file: "app/api/records/route.ts", method: "POST", access: "records.submit", path: () => "/api/records", body: {} },
  { file: "app/api/records/[evalId]/route.ts", method: "GET", access: "records.read_own", path: (ids, role) => `/api${ownRecord(ids, role)}` },
  { file: "app/api/users/route.ts", method: "GET", access: "users.manage", path: () => "/api/users" },
  { file: "app/api/users/route.ts", method: "POST", access: "users.manage", path: () => "/api/users", body: { email: "not-an-email", roles: [] } },
  { file: "app/api/users/[userId]/route.ts", method: "PATCH", access: "users.manage", path: (ids) => `/api/users/${ids.targetUserId}`, body: { roles: ["rater"] } },
  { file: "app/api/tokens/route.ts", method: "GET", access: "tokens.manage_own", path: () => "/api/tokens" },
  { file: "app/api/tokens/route.ts", method: "POST", access: "tokens.manage_own", path: () => "/api/tokens", body: { name: "", roles: [] } },
  { file: "app/api/tokens/[tokenId]/route.ts", method: "DELETE", access: "tokens.manage_own", path: () => `/api/tokens/${UNKNOWN_UUID}` },
  { file: "app/api/invitations/[token]/route.ts", method: "POST", access: "public", path: () => "/api/invitations/not-a-real-token", body: {} },
  { file: "app/api/audit/route.ts", method: "GET", access: "audit.read", path: () => "/api/audit" },
];
