// better-auth: email + password sign-in and sessions stored in PostgreSQL.
// Sign-up is closed: accounts come from invitations (lib/users). Sign-in
// attempts are throttled and audited here, in better-auth's hooks.
import "server-only";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { recordAuditEvent } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { baseUrl, requireAuthSecret } from "@/lib/env";
import { requestOrigin } from "./request-origin";
import { checkSignInThrottle, normaliseEmail, throttleMessage } from "./sign-in-throttle";

const SIGN_IN_PATH = "/sign-in/email";

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
    // Throttling of failed sign-ins is ours (per account and per address, below).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const user = await db().user.findUnique({ where: { id: session.userId }, select: { disabledAt: true } });
            if (!user || user.disabledAt) {
              throw new APIError("FORBIDDEN", { message: "This account is disabled. Ask an admin to enable it." });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const origin = requestOrigin(ctx.headers ?? new Headers());
        if (ctx.path === SIGN_IN_PATH) {
          const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
          const verdict = await checkSignInThrottle({ email, ipAddress: origin.ipAddress });
          if (!verdict.allowed) {
            await recordAuditEvent({ action: "auth.sign_in_throttled", actorId: null, subject: normaliseEmail(email), origin });
            throw new APIError("TOO_MANY_REQUESTS", {
              message: throttleMessage(verdict),
              code: "SIGN_IN_THROTTLED",
            }, { "Retry-After": String(Math.ceil((verdict.retryAt.getTime() - Date.now()) / 1000)) });
          }
        }
        if (ctx.path === "/sign-out") {
          const current = await getSessionFromCtx(ctx).catch(() => null);
          if (current) await recordAuditEvent({ action: "auth.sign_out", actorId: current.user.id, subject: current.user.email, origin });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== SIGN_IN_PATH) return;
        const origin = requestOrigin(ctx.headers ?? new Headers());
        const email = normaliseEmail(typeof ctx.body?.email === "string" ? ctx.body.email : "");
        const session = ctx.context.newSession;
        if (session) {
          await recordAuditEvent({ action: "auth.sign_in", actorId: session.user.id, subject: email, origin });
        } else if (ctx.context.returned instanceof APIError && ["UNAUTHORIZED", "FORBIDDEN"].includes(String(ctx.context.returned.status))) {
          // Wrong credentials or a disabled account; malformed requests are not attempts.
          await recordAuditEvent({ action: "auth.sign_in_failed", actorId: null, subject: email, origin, details: { reason: ctx.context.returned.message } });
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
