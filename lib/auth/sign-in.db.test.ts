// Sign-in through the app's real auth route (better-auth behind the endpoint
// allow-list and the throttle) on the test database: sessions, disabling,
// throttling, the endpoints that must not answer, and the audit trail.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/auth/[...all]/route";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { createTestUser } from "@/lib/testing/test-users";
import { disableUser } from "@/lib/users/service";
import { PEER_ADDRESS_HEADER } from "@/lib/http/client-address";
import { actorFromHeaders } from "./actor";
import { THROTTLE } from "./sign-in-throttle";

const APP = "http://localhost:3000";
const raw = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 2 });

afterAll(async () => {
  await raw.end();
  await db().$disconnect();
});

function randomAddress(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

async function signIn(
  email: string,
  password: string,
  address: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return POST(
    new Request(`${APP}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP, [PEER_ADDRESS_HEADER]: address, ...headers },
      body: JSON.stringify({ email, password }),
    }),
  );
}

function cookieHeader(response: Response): Headers {
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  return new Headers({ cookie: cookies });
}

async function auditActions(subject: string): Promise<string[]> {
  const { rows } = await raw.query<{ action: string }>(
    "SELECT action FROM audit_event WHERE subject = $1 ORDER BY id",
    [subject],
  );
  return rows.map((row) => row.action);
}

async function countOf(action: string, subject: string): Promise<number> {
  const { rows } = await raw.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM audit_event WHERE action = $1 AND subject = $2",
    [action, subject],
  );
  return rows[0]!.n;
}

describe("sign-in", () => {
  it("a correct password gives an HttpOnly, SameSite session cookie that identifies the user; wrong ones are 401 and audited", async () => {
    const user = await createTestUser(["rater"]);
    const address = randomAddress();
    expect((await signIn(user.email, "wrong-password-123", address)).status).toBe(401);
    const response = await signIn(user.email, user.password, address);
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const actor = await actorFromHeaders(cookieHeader(response));
    expect(actor).toMatchObject({ userId: user.userId, roles: ["rater"], via: "session" });
    expect(await auditActions(user.email)).toEqual(["auth.sign_in_failed", "auth.sign_in"]);
    const { rows } = await raw.query("SELECT ip_address FROM audit_event WHERE subject = $1", [user.email]);
    expect(rows.map((row) => row.ip_address)).toEqual([address, address]);
  });

  it("no answer carries the session token (it lives in the HttpOnly cookie only)", async () => {
    const user = await createTestUser(["rater"]);
    const response = await signIn(user.email, user.password, randomAddress());
    const token = response.headers.getSetCookie()[0]!.split(";")[0]!.split("=")[1]!.split(".")[0]!;
    expect(token.length).toBeGreaterThan(10);
    expect(await response.text()).not.toContain(token);
    const session = await GET(new Request(`${APP}/api/auth/get-session`, { headers: cookieHeader(response) }));
    expect(session.status).toBe(200);
    const body = await session.text();
    expect(JSON.parse(body).user.id).toBe(user.userId);
    expect(body).not.toContain(token);
  });

  it("disabling a user ends every session at once; the right password then answers exactly like a wrong one", async () => {
    const user = await createTestUser(["rater"]);
    const admin = await createTestUser(["admin"]);
    const first = cookieHeader(await signIn(user.email, user.password, randomAddress()));
    const second = cookieHeader(await signIn(user.email, user.password, randomAddress()));
    expect(await actorFromHeaders(first)).not.toBeNull();
    await disableUser({ actor: admin, userId: user.userId });
    expect(await actorFromHeaders(first)).toBeNull();
    expect(await actorFromHeaders(second)).toBeNull();
    const { rows } = await raw.query("SELECT count(*)::int AS n FROM session WHERE user_id = $1", [user.userId]);
    expect(rows[0].n).toBe(0);
    const rightPassword = await signIn(user.email, user.password, randomAddress());
    const wrongPassword = await signIn(user.email, "wrong-password-123", randomAddress());
    expect(rightPassword.status).toBe(401);
    expect(wrongPassword.status).toBe(401);
    expect(await rightPassword.text()).toBe(await wrongPassword.text());
    expect(rightPassword.headers.getSetCookie()).toEqual([]);
    // The admin reading the audit log is told why.
    const { rows: reasons } = await raw.query(
      "SELECT details->>'reason' AS reason FROM audit_event WHERE subject = $1 AND action = 'auth.sign_in_failed'",
      [user.email],
    );
    expect(reasons.map((row) => row.reason)).toEqual(["account disabled", "account disabled"]);
  });
});

describe("sign-in throttle", () => {
  const limit = THROTTLE.maxFailuresPerAccountAtAddress;

  it(`${limit} failures of an account from one address lock that address out of it for a minute, even with the right password, and say when to retry`, async () => {
    const user = await createTestUser(["rater"]);
    const address = randomAddress();
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await signIn(user.email, `wrong-${attempt}-password`, address)).status).toBe(401);
    }
    const blocked = await signIn(user.email, user.password, address);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await blocked.json()).message).toMatch(
      /Too many failed sign-ins for this account from your network address\. Try again in 1 minute/,
    );
    expect(await auditActions(user.email)).toContain("auth.sign_in_throttled");
  });

  it("an attacker at another address cannot lock the real user out, admins included", async () => {
    const admin = await createTestUser(["admin"]);
    const attacker = randomAddress();
    for (let attempt = 0; attempt < 3 * limit; attempt++)
      await signIn(admin.email, `guess-${attempt}-password`, attacker);
    expect((await signIn(admin.email, admin.password, attacker)).status).toBe(429);
    expect((await signIn(admin.email, admin.password, randomAddress())).status).toBe(200);
  });

  it("a made-up X-Forwarded-For per request is not a fresh address: with no trusted proxy the connection's address is counted", async () => {
    const user = await createTestUser(["rater"]);
    const connection = randomAddress();
    for (let attempt = 0; attempt < limit; attempt++) {
      expect(
        (await signIn(user.email, `wrong-${attempt}-password`, connection, { "x-forwarded-for": randomAddress() }))
          .status,
      ).toBe(401);
    }
    expect((await signIn(user.email, user.password, connection, { "x-forwarded-for": randomAddress() })).status).toBe(
      429,
    );
  });

  it("backs off: each failure after the limit locks for longer (1, 2, 4 … minutes)", async () => {
    const user = await createTestUser(["rater"]);
    const address = randomAddress();
    const expireLock = () =>
      raw.query("UPDATE sign_in_throttle SET locked_until = now() - interval '1 second' WHERE key = $1", [
        `account:${user.email}|${address}`,
      ]);
    for (let attempt = 0; attempt < limit; attempt++) await signIn(user.email, `wrong-${attempt}-password`, address);
    const retries: number[] = [];
    for (const _step of [1, 2, 3]) {
      retries.push(Number((await signIn(user.email, user.password, address)).headers.get("retry-after")));
      await expireLock();
      expect((await signIn(user.email, "wrong-again-password", address)).status).toBe(401);
    }
    retries.push(Number((await signIn(user.email, user.password, address)).headers.get("retry-after")));
    expect(retries.map((seconds) => Math.round(seconds / 60))).toEqual([1, 2, 4, 8]);
    // A sign-in after the lock ends the streak.
    await expireLock();
    expect((await signIn(user.email, user.password, address)).status).toBe(200);
    for (let attempt = 0; attempt < limit - 1; attempt++)
      expect((await signIn(user.email, `wrong-${attempt}-password`, address)).status).toBe(401);
  });

  it(`15 wrong passwords sent at once: at most ${limit} are checked, the rest are 429 with Retry-After`, async () => {
    const user = await createTestUser(["rater"]);
    const address = randomAddress();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, attempt) => signIn(user.email, `parallel-${attempt}-password`, address)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(limit);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    expect(
      answers
        .filter((answer) => answer.status === 429)
        .every((answer) => Number(answer.headers.get("retry-after")) > 0),
    ).toBe(true);
    expect(await countOf("auth.sign_in_failed", user.email)).toBeLessThanOrEqual(limit);
  });

  it("a burst of 300 at once: no 5xx, at most the limit checked, every other one 429 with Retry-After", async () => {
    const user = await createTestUser(["rater"]);
    const address = randomAddress();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, attempt) => signIn(user.email, `burst-${attempt}-password`, address)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(limit);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(300 - limit);
    expect(refused.every((answer) => Number(answer.headers.get("retry-after")) > 0)).toBe(true);
  }, 120_000);

  it("requests refused for their Origin or malformed are not counted as wrong passwords", async () => {
    const user = await createTestUser(["rater"]);
    const address = randomAddress();
    for (let attempt = 0; attempt < 3 * limit; attempt++) {
      expect(
        (await signIn(user.email, "wrong-password-123", address, { origin: "https://attacker.example" })).status,
      ).toBe(403);
      expect(
        (
          await signIn(user.email, "wrong-password-123", address, {
            origin: "null",
            cookie: "better-auth.session_token=x",
          })
        ).status,
      ).toBe(403);
      expect((await signIn("not-an-email", "wrong-password-123", address)).status).toBe(400);
    }
    expect((await signIn(user.email, user.password, address)).status).toBe(200);
    for (let attempt = 0; attempt < limit; attempt++)
      expect((await signIn(user.email, `wrong-${attempt}-password`, address)).status).toBe(401);
    expect((await signIn(user.email, user.password, address)).status).toBe(429);
  });

  it(`throttles an address after ${THROTTLE.maxFailuresPerAddress} failures across accounts; other addresses are not affected`, async () => {
    const address = randomAddress();
    for (let attempt = 0; attempt < THROTTLE.maxFailuresPerAddress; attempt++) {
      expect((await signIn(`nobody-${attempt}-${address}@example.test`, "wrong-password-123", address)).status).toBe(
        401,
      );
    }
    const user = await createTestUser(["rater"]);
    const blocked = await signIn(user.email, user.password, address);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toContain("your network address");
    expect((await signIn(user.email, user.password, randomAddress())).status).toBe(200);
  });
});

describe("better-auth endpoints the app does not use", () => {
  const closed: [string, string, unknown?][] = [
    ["POST", "/update-user", { name: "x".repeat(5 * 1024 * 1024) }],
    ["POST", "/update-user", { name: "Someone Else" }],
    ["GET", "/list-sessions"],
    ["POST", "/revoke-session", { token: "x" }],
    ["POST", "/revoke-sessions", {}],
    ["POST", "/revoke-other-sessions", {}],
    ["POST", "/change-email", { newEmail: "other@example.test" }],
    ["POST", "/change-password", { currentPassword: "x", newPassword: "y".repeat(12) }],
    ["POST", "/set-password", { newPassword: "y".repeat(12) }],
    ["POST", "/delete-user", {}],
    ["POST", "/sign-up/email", { email: "new@example.test", password: "a-long-password-1", name: "New" }],
    ["POST", "/request-password-reset", { email: "x@example.test" }],
    ["POST", "/reset-password", { newPassword: "y".repeat(12), token: "x" }],
    ["GET", "/list-accounts"],
    ["POST", "/update-session", {}],
    ["GET", "/ok"],
    ["GET", "/error"],
    ["GET", "/sign-in/email"],
    ["POST", "/get-session", {}],
  ];

  it.each(closed)("%s %s answers 404, even with a valid session", async (method, path, body) => {
    const user = await createTestUser(["rater"]);
    const cookie = cookieHeader(await signIn(user.email, user.password, randomAddress())).get("cookie")!;
    const request = new Request(`${APP}/api/auth${path}`, {
      method,
      headers: { cookie, origin: APP, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const response = await (method === "GET" ? GET(request) : POST(request));
    expect(response.status).toBe(404);
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.userId } });
    expect(stored.name).toBe(user.name);
  });
});
