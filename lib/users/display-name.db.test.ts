// Display names follow one rule on every path that sets one: accepting an
// invitation over HTTP, creating a user in lib (bootstrap, demo data), and
// better-auth's own update-user, which is closed.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { POST as acceptInvitationRoute } from "@/app/api/invitations/[token]/route";
import { POST as authRoute } from "@/app/api/auth/[...all]/route";
import { db } from "@/lib/db";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser } from "@/lib/testing/test-users";
import { checkDisplayName } from "./display-name";
import { createUserWithPassword, inviteUser } from "./service";

afterAll(() => db().$disconnect());

const APP = "http://localhost:3000";

let lastInvitedEmail = "";

async function accept(name: unknown): Promise<Response> {
  const admin = await createTestUser(["admin"]);
  lastInvitedEmail = `named-${randomBytes(4).toString("hex")}@example.test`;
  const invitation = await inviteUser({ actor: admin, email: lastInvitedEmail, roles: ["rater"] });
  return acceptInvitationRoute(
    new Request(`${APP}/api/invitations/${invitation.token}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP },
      body: JSON.stringify({ name, password: "a-long-password-1" }),
    }),
    { params: Promise.resolve({ token: invitation.token }) },
  );
}

describe("display names", () => {
  it("are trimmed, 1 to 100 characters, without control or direction-override characters", () => {
    expect(checkDisplayName("  Ines  ")).toEqual({ name: "Ines", issue: null });
    expect(checkDisplayName("Zoë 👩🏽‍🔬").name).toBe("Zoë 👩🏽‍🔬");
    expect(checkDisplayName("x".repeat(100)).name).toHaveLength(100);
    for (const bad of [
      "",
      "   ",
      "x".repeat(101),
      "a\u0000b",
      "line\nbreak",
      "tab\there",
      "evil\u202Eflipped",
      "\u2066isolate\u2069",
      "bell\u0007",
      42,
      null,
    ]) {
      expect(checkDisplayName(bad).issue?.path).toBe("/name");
    }
  });

  it("accepting an invitation with a too long, an empty or a control-character name answers 422 on /name and stores nothing", async () => {
    for (const name of ["x".repeat(101), "x".repeat(512 * 1024), "", "a\u0007b", "evil\u202Eflipped"]) {
      const response = await accept(name);
      expect(response.status).toBe(422);
      const body = await response.json();
      expect(body.errors.map((issue: { path: string }) => issue.path)).toEqual(["/name"]);
      expect(await db().user.findUnique({ where: { email: lastInvitedEmail } })).toBeNull();
    }
    // Larger than any JSON body the API reads: refused before it is parsed.
    expect((await accept("x".repeat(5 * 1024 * 1024))).status).toBe(413);
  });

  it("a name another user has, in any case, answers 409 on /name; the invitation still works with another name", async () => {
    const holder = await createTestUser(["rater"]);
    for (const name of [holder.name, holder.name.toUpperCase(), `  ${holder.name.toLowerCase()} `]) {
      const response = await accept(name);
      expect(response.status).toBe(409);
      const body = await response.json();
      expect(body.errors[0]).toMatchObject({ path: "/name", rule: "unique" });
    }
    expect((await accept(`${holder.name} the second`)).status).toBe(201);
  });

  it("creating a user in lib (bootstrap, demo data) follows the same rule", async () => {
    const holder = await createTestUser(["rater"]);
    const taken = await rejection(
      createUserWithPassword({
        email: `dup-${Date.now()}@example.test`,
        name: holder.name.toUpperCase(),
        roles: ["rater"],
        password: "a-long-password-1",
      }),
    );
    expect(taken.code).toBe("CONFLICT");
    expect(taken.issues[0]?.path).toBe("/name");
    const long = await rejection(
      createUserWithPassword({
        email: `long-${Date.now()}@example.test`,
        name: "x".repeat(101),
        roles: ["rater"],
        password: "a-long-password-1",
      }),
    );
    expect(long.code).toBe("INVALID_INPUT");
    expect(long.issues[0]?.path).toBe("/name");
  });

  it("two users taking the same name at the same moment: one gets it, the other 409 on /name", async () => {
    const name = `Race ${randomBytes(4).toString("hex")}`;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        createUserWithPassword({
          email: `race-${index}-${randomBytes(3).toString("hex")}@example.test`,
          name: index % 2 ? name : name.toUpperCase(),
          roles: ["rater"],
          password: "a-long-password-1",
        }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected")
        expect(result.reason).toMatchObject({ code: "CONFLICT", issues: [{ path: "/name" }] });
    }
  });

  it("better-auth's update-user cannot set a name (404), however long or taken", async () => {
    const rater = await createTestUser(["rater"]);
    const other = await createTestUser(["rater"]);
    for (const name of ["x".repeat(5 * 1024 * 1024), other.name]) {
      const response = await authRoute(
        new Request(`${APP}/api/auth/update-user`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: APP },
          body: JSON.stringify({ name }),
        }),
      );
      expect(response.status).toBe(404);
    }
    expect((await db().user.findUniqueOrThrow({ where: { id: rater.userId } })).name).toBe(rater.name);
  });
});
