// Sign-in through better-auth's real handler on the test database: sessions,
// disabling, throttling and the audit trail.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { createTestUser } from "@/lib/testing/test-users";
import { disableUser } from "@/lib/users/service";
import { actorFromHeaders } from "./actor";
import { auth } from "./auth";
import { THROTTLE } from "./sign-in-throttle";

const raw = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 2 });
afterAll(async () => {
  await raw.end();
  await db().$disconnect();
});

function randomAddress(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

async function signIn(email: string, password: string, address: string): Promise<Response> {
  const request = new Request("http://localhost:3000/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": address },
    body: JSON.stringify({ email, password }),
  });
  return auth().handler(request);
}

function cookieHeader(response: Response): Headers {
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
  return new Headers({ cookie: cookies });
}

async function auditActions(subject: string): Promise<string[]> {
  const { rows } = await raw.query<{ action: string }>("SELECT action FROM audit_event WHERE subject = $1 ORDER BY id", [subject]);
  return rows.map((row) => row.action);
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

  it("disabling a user ends every session at once and refuses new ones with a clear message", async () => {
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
    const refused = await signIn(user.email, user.password, randomAddress());
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain("disabled");
  });

  it(`throttles an account after ${THROTTLE.maxFailuresPerAccount} failures, even for the right password, and says when to retry`, async () => {
    const user = await createTestUser(["rater"]);
    for (let attempt = 0; attempt < THROTTLE.maxFailuresPerAccount; attempt++) {
      expect((await signIn(user.email, `wrong-${attempt}-password`, randomAddress())).status).toBe(401);
    }
    const blocked = await signIn(user.email, user.password, randomAddress());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(THROTTLE.windowMs / 1000 - 60);
    expect((await blocked.json()).message).toMatch(/Too many failed sign-ins for this account\. Try again in 1[45] minutes/);
    expect(await auditActions(user.email)).toContain("auth.sign_in_throttled");
  });

  it(`throttles an address after ${THROTTLE.maxFailuresPerAddress} failures across accounts`, async () => {
    const address = randomAddress();
    for (let attempt = 0; attempt < THROTTLE.maxFailuresPerAddress; attempt++) {
      expect((await signIn(`nobody-${attempt}-${address}@example.test`, "wrong-password-123", address)).status).toBe(401);
    }
    const user = await createTestUser(["rater"]);
    const blocked = await signIn(user.email, user.password, address);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toContain("your network address");
    expect((await signIn(user.email, user.password, randomAddress())).status).toBe(200);
  });
});
