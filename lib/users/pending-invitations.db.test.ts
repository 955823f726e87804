// Pending invitations against the real database: listed until accepted,
// resent with a fresh link (the old one refused), revoked (the link refused),
// admins only, every change audited.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser } from "@/lib/testing/test-users";
import { listPendingInvitations, resendInvitation, revokeInvitation } from "./pending-invitations";
import { acceptInvitation, findOpenInvitation, inviteUser } from "./service";

afterAll(() => db().$disconnect());

const newEmail = () => `pending-${randomUUID().slice(0, 8)}@example.test`;

async function pendingOf(actor: Awaited<ReturnType<typeof createTestUser>>, email: string) {
  return (await listPendingInvitations({ actor })).find((invitation) => invitation.email === email);
}

const auditOf = (action: string, subject: string) =>
  db().auditEvent.findMany({ where: { action, subject }, orderBy: { createdAt: "asc" } });

describe("pending invitations", () => {
  it("lists an invitation until it is accepted, with its roles, inviter and expiry", async () => {
    const admin = await createTestUser(["admin"]);
    const email = newEmail();
    const sent = await inviteUser({ actor: admin, email, roles: ["sme"] });
    const pending = await pendingOf(admin, email);
    expect(pending).toMatchObject({ email, roles: ["sme"], invitedByName: admin.name, expired: false });
    expect(pending!.expiresAt).toEqual(sent.expiresAt);
    await acceptInvitation({ token: sent.token, name: `Accepted ${email}`, password: "a-long-password-1" });
    expect(await pendingOf(admin, email)).toBeUndefined();
  });

  it("resend issues a new link and expiry; the old link is refused; audited with both expiries", async () => {
    const admin = await createTestUser(["admin"]);
    const email = newEmail();
    const first = await inviteUser({ actor: admin, email, roles: ["rater"] });
    // An expired invitation can be resent too.
    await db().invitation.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await pendingOf(admin, email))!.expired).toBe(true);
    const { id } = (await pendingOf(admin, email))!;
    const resent = await resendInvitation({ actor: admin, invitationId: id });
    expect(resent.token).not.toBe(first.token);
    expect(resent.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    expect((await rejection(findOpenInvitation({ token: first.token }))).code).toBe("NOT_FOUND");
    expect(await findOpenInvitation({ token: resent.token })).toEqual({ email, roles: ["rater"] });
    expect(await pendingOf(admin, email)).toMatchObject({ id, expired: false });
    const [event] = await auditOf("user.invitation_resent", email);
    expect(event).toMatchObject({ actorId: admin.userId });
    expect(event!.details).toEqual({
      before: { expires_at: expect.any(String) },
      after: { expires_at: resent.expiresAt.toISOString() },
    });
  });

  it("revoke makes the link refuse and takes it off the list; a second revoke or a resend answers 404", async () => {
    const admin = await createTestUser(["admin"]);
    const email = newEmail();
    const sent = await inviteUser({ actor: admin, email, roles: ["rater", "sme"] });
    const { id } = (await pendingOf(admin, email))!;
    expect(await revokeInvitation({ actor: admin, invitationId: id })).toEqual({ email });
    expect((await rejection(findOpenInvitation({ token: sent.token }))).code).toBe("NOT_FOUND");
    expect(
      (await rejection(acceptInvitation({ token: sent.token, name: "Too late", password: "a-long-password-1" }))).code,
    ).toBe("NOT_FOUND");
    expect(await pendingOf(admin, email)).toBeUndefined();
    expect((await rejection(revokeInvitation({ actor: admin, invitationId: id }))).code).toBe("NOT_FOUND");
    expect((await rejection(resendInvitation({ actor: admin, invitationId: id }))).code).toBe("NOT_FOUND");
    expect((await rejection(revokeInvitation({ actor: admin, invitationId: "not-a-uuid" }))).code).toBe("NOT_FOUND");
    const events = await auditOf("user.invitation_revoked", email);
    expect(events.map((event) => [event.actorId, event.details])).toEqual([
      [admin.userId, { roles: ["rater", "sme"] }],
    ]);
  });

  it("raters and SMEs can neither list, resend nor revoke; nothing changes", async () => {
    const admin = await createTestUser(["admin"]);
    const email = newEmail();
    const sent = await inviteUser({ actor: admin, email, roles: ["rater"] });
    const { id } = (await pendingOf(admin, email))!;
    for (const roles of [["rater"], ["sme"]] as const) {
      const actor = await createTestUser([...roles]);
      expect((await rejection(listPendingInvitations({ actor }))).code).toBe("FORBIDDEN");
      expect((await rejection(resendInvitation({ actor, invitationId: id }))).code).toBe("FORBIDDEN");
      expect((await rejection(revokeInvitation({ actor, invitationId: id }))).code).toBe("FORBIDDEN");
    }
    expect(await findOpenInvitation({ token: sent.token })).toEqual({ email, roles: ["rater"] });
  });
});
