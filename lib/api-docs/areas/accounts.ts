// Accounts: users and invitations (admin), your API tokens, the audit log,
// and better-auth's sign-in endpoints (its own routes, described as used).
import { ROLES } from "@/lib/auth/permissions";
import { arrayOf, dateTime, nullable, object, oneOf, ref, str, uuid } from "../json-schema";
import { jsonAnswer, jsonBody, noContent, queryParameter, type Area } from "../operation";

const roles = { type: "array", items: { type: "string", enum: [...ROLES] }, uniqueItems: true };

const schemas = {
  User: object({ id: str(), email: str(), name: str(), roles, disabledAt: nullable(dateTime()), createdAt: dateTime() }, { description: "A user (this answer's keys are camelCase)." }),
  ApiToken: object({ id: uuid(), name: str(), prefix: str("the token's first characters, to recognise it"), roles, createdAt: dateTime(), lastUsedAt: nullable(dateTime()), revokedAt: nullable(dateTime()) }, { description: "An API token, without its secret (camelCase keys)." }),
  AuditEvent: object({
    id: str(), createdAt: dateTime(), action: str("e.g. auth.sign_in, user.invited, record.submitted, token.created"),
    actorId: nullable(str()), actorEmail: nullable(str()), subject: nullable(str()), ipAddress: nullable(str()), userAgent: nullable(str()), details: {},
  }),
};

export const accountsArea: Area = {
  tag: { name: "Users and tokens", description: "Sign-up is closed: admins invite users and set their roles. Everyone manages their own API tokens." },
  schemas,
  operations: [
    { method: "get", path: "/api/users", id: "listUsers", access: "users.manage", summary: "All users", responses: { 200: jsonAnswer("The users.", object({ users: arrayOf(ref("User")) })) } },
    {
      method: "post", path: "/api/users", id: "inviteUser", access: "users.manage",
      summary: "Invite a user",
      description: "The answer carries the one-time invitation path (valid 7 days), shown this once. A new invitation for an email replaces its open one (the older link stops working); an email that already has an account answers 409 on /email.",
      body: jsonBody(object({ email: str(undefined, { format: "email" }), roles: { ...roles, minItems: 1 } })),
      responses: { 201: jsonAnswer("Invited.", object({ email: str(), roles, expires_at: dateTime(), invite_path: str("/invite/{token}") })) },
      errors: [400, 409, 422],
    },
    {
      method: "patch", path: "/api/users/{userId}", id: "updateUser", access: "users.manage",
      summary: "Set a user's roles, or disable or enable them",
      description: "Disabling ends every session of the user and stops their API tokens. The last enabled admin cannot be disabled or lose the admin role (409).",
      body: jsonBody(oneOf(object({ roles }), object({ disabled: { type: "boolean" } }))),
      responses: { 200: jsonAnswer("The user.", ref("User")) },
      errors: [400, 404, 409, 422],
    },
    {
      method: "post", path: "/api/invitations/{token}", id: "acceptInvitation", access: "public",
      summary: "Accept an invitation",
      description: "Public: the invitation token is the credential. Creates the account with the invited email and roles. The name is trimmed, 1 to 100 characters without control or text-direction characters (422 on /name), and unique regardless of case (409 on /name).",
      body: jsonBody(object({ name: str(undefined, { minLength: 1, maxLength: 100 }), password: str(undefined, { minLength: 12 }) })),
      responses: { 201: jsonAnswer("The account exists; sign in.", object({ email: str(), roles })) },
      errors: [400, 404, 409, 422],
    },
    { method: "get", path: "/api/tokens", id: "listTokens", access: "tokens.manage_own", summary: "Your API tokens", responses: { 200: jsonAnswer("Your tokens.", object({ tokens: arrayOf(ref("ApiToken")) })) } },
    {
      method: "post", path: "/api/tokens", id: "createToken", access: "tokens.manage_own", sessionOnly: true,
      summary: "Create an API token",
      description: "From a signed-in session only (a token cannot mint tokens). The token carries roles you hold and is returned this once.",
      body: jsonBody(object({ name: str(undefined, { minLength: 1, maxLength: 100 }), roles: { ...roles, minItems: 1 } })),
      responses: { 201: jsonAnswer("Created.", { allOf: [ref("ApiToken"), object({ token: str("the secret: send it as Authorization: Bearer <token>") })] }) },
      errors: [400, 422],
    },
    { method: "delete", path: "/api/tokens/{tokenId}", id: "revokeToken", access: "tokens.manage_own", summary: "Revoke one of your tokens", responses: { 204: noContent("Revoked.") }, errors: [404] },
    {
      method: "get", path: "/api/audit", id: "listAuditEvents", access: "audit.read",
      summary: "The audit log, newest first",
      query: [
        queryParameter("before", "next_before of the previous page", { type: "string", pattern: "^\\d+$" }),
        queryParameter("limit", "events per page", { type: "integer", minimum: 1, maximum: 500, default: 100 }),
      ],
      responses: { 200: jsonAnswer("A page of events.", object({ events: arrayOf(ref("AuditEvent")), next_before: nullable(str()) })) },
    },
  ],
};

export const signInArea: Area = {
  tag: { name: "Sign-in", description: "better-auth's own endpoints under /api/auth: only these three answer; every other better-auth endpoint (update-user, list-sessions, …) answers 404. Sign-up is closed. No answer carries the session token: it stays in its HttpOnly cookie." },
  operations: [
    {
      method: "post", path: "/api/auth/sign-in/email", id: "signIn", access: "public",
      summary: "Sign in: sets the session cookie",
      description: "Failed sign-ins (a wrong password or an unknown email) are throttled per account at an address (5) and per address (20); each further failure locks for 1, 2, 4, 8, then 15 minutes: 429 with Retry-After. Other addresses are not affected. Attempts are counted before the password is checked, so parallel ones cannot pass the limit. A disabled account answers exactly like a wrong password. Send the page's Origin header (another site's is refused with 403). better-auth answers errors in its own shape, {code, message}.",
      body: jsonBody(object({ email: str(), password: str() })),
      responses: { 200: { description: "Signed in; the session cookie is set." }, 401: { description: "Wrong email or password, or a disabled account." }, 403: { description: "Sent from another site (its Origin)." }, 429: { description: "Too many failed sign-ins; see Retry-After." } },
    },
    { method: "post", path: "/api/auth/sign-out", id: "signOut", access: "public", summary: "Sign out: ends the session", responses: { 200: { description: "Signed out." } } },
    { method: "get", path: "/api/auth/get-session", id: "getSession", access: "public", summary: "The current session, or null", responses: { 200: { description: "The session and its user, or null." } } },
  ],
};
