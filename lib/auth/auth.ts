// better-auth: email + password sign-in and sessions stored in PostgreSQL.
// Sign-up is closed: accounts come from invitations (lib/users). Sign-ins are
// audited here, in better-auth's hooks; which endpoints answer over HTTP and
// the throttle are auth-routes.ts's.
import "server-only";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { recordAuditEvent } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { baseUrl, requireAuthSecret } from "@/lib/env";
import { betterAuthLogger } from "./auth-logger";
import { requestOrigin } from "./request-origin";
import { normaliseEmail } from "./sign-in-throttle";

const SIGN_IN_PATH = "/sign-in/email";

// A disabled account answers exactly like a wrong password: saying "disabled"
// would confirm that the password was right.
const INVALID_CREDENTIALS = { message: "Invalid email or password", code: "INVALID_EMAIL_OR_PASSWORD" };

function createAuth() {
  const url = baseUrl();
  const options = {
    appName: "evalform",
    baseURL: url,
    // The same server is reached as localhost and as 127.0.0.1.
    trustedOrigins: [url, url.replace("://localhost", "://127.0.0.1"), url.replace("://127.0.0.1", "://localhost")],
    secret: requireAuthSecret(),
    database: prismaAdapter(db(), { provider: "postgresql" }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 12, autoSignIn: false },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    advanced: { useSecureCookies: url.startsWith("https://"), database: { generateId: () => crypto.randomUUID() } },
    // Throttling of failed sign-ins is ours (auth-routes.ts, sign-in-throttle.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: betterAuthLogger(),
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const user = await db().user.findUnique({ where: { id: session.userId }, select: { disabledAt: true } });
            if (!user || user.disabledAt) {
              throw new APIError("UNAUTHORIZED", INVALID_CREDENTIALS);
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-out") return;
        const current = await getSessionFromCtx(ctx).catch(() => null);
        if (current)
          await recordAuditEvent({
            action: "auth.sign_out",
            actorId: current.user.id,
            subject: current.user.email,
            origin: requestOrigin(ctx.headers ?? new Headers()),
          });
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== SIGN_IN_PATH) return;
        const origin = requestOrigin(ctx.headers ?? new Headers());
        const email = normaliseEmail(typeof ctx.body?.email === "string" ? ctx.body.email : "");
        const session = ctx.context.newSession;
        if (session) {
          await recordAuditEvent({ action: "auth.sign_in", actorId: session.user.id, subject: email, origin });
        } else if (ctx.context.returned instanceof APIError && String(ctx.context.returned.status) === "UNAUTHORIZED") {
          // Wrong credentials or a disabled account (the admin reading the log is told which); malformed requests are not attempts.
          const user = await db().user.findUnique({ where: { email }, select: { disabledAt: true } });
          const reason = user?.disabledAt ? "account disabled" : ctx.context.returned.message;
          await recordAuditEvent({
            action: "auth.sign_in_failed",
            actorId: null,
            subject: email,
            origin,
            details: { reason },
          });
        }
      }),
    },
  } satisfies BetterAuthOptions;
  return betterAuth(options);
}

type Auth = ReturnType<typeof createAuth>;
const globalForAuth = globalThis as unknown as { evalformAuth?: Auth };

/** Created on first use: the build must not need the secret or the database. */
export function auth(): Auth {
  globalForAuth.evalformAuth ??= createAuth();
  return globalForAuth.evalformAuth;
}
