// Accounts: users and invitations (admin), your API tokens, the audit log,
// and better-auth's sign-in endpoints (its own routes, described as used).
import { object, str } from "../json-schema";
import { jsonBody, type Area } from "../operation";

export const accountsArea: Area = {
  tag: {
    name: "Users and tokens",
    description: "Sign-up is closed: admins invite users and set their roles. Everyone manages their own API tokens.",
  },
  // Every operation is a route contract (defineRoute) now.
  operations: [],
};

export const signInArea: Area = {
  tag: {
    name: "Sign-in",
    description:
      "better-auth's own endpoints under /api/auth: only these three answer; every other better-auth endpoint (update-user, list-sessions, …) answers 404. Sign-up is closed. No answer carries the session token: it stays in its HttpOnly cookie.",
  },
  operations: [
    {
      method: "post",
      path: "/api/auth/sign-in/email",
      id: "signIn",
      access: "public",
      summary: "Sign in: sets the session cookie",
      description:
        "Failed sign-ins (a wrong password or an unknown email) are throttled per account at an address (5) and per address (20); each further failure locks for 1, 2, 4, 8, then 15 minutes: 429 with Retry-After. Other addresses are not affected. Attempts are counted before the password is checked, so parallel ones cannot pass the limit. A disabled account answers exactly like a wrong password. Send the page's Origin header (another site's is refused with 403). better-auth answers errors in its own shape, {code, message}.",
      body: jsonBody(object({ email: str(), password: str() })),
      responses: {
        200: { description: "Signed in; the session cookie is set." },
        401: { description: "Wrong email or password, or a disabled account." },
        403: { description: "Sent from another site (its Origin)." },
        429: { description: "Too many failed sign-ins; see Retry-After." },
      },
    },
    {
      method: "post",
      path: "/api/auth/sign-out",
      id: "signOut",
      access: "public",
      summary: "Sign out: ends the session",
      responses: { 200: { description: "Signed out." } },
    },
    {
      method: "get",
      path: "/api/auth/get-session",
      id: "getSession",
      access: "public",
      summary: "The current session, or null",
      responses: { 200: { description: "The session and its user, or null." } },
    },
  ],
};
