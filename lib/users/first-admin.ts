// The first admin, made at every start of `npm run serve` when no enabled
// admin exists. Zero admins can also happen later (the last admins disabled
// directly in the database, or by a version that let two admins disable each
// other at once): then the configured admin account is repaired — enabled,
// made admin, given the configured or a new one-time password — rather than
// created again, which its existing email would refuse.
import "server-only";
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { recordAuditEvent } from "@/lib/audit/service";
import { normaliseEmail } from "@/lib/auth/sign-in-throttle";
import { db, type DbClient } from "@/lib/db";
import { createUserWithPassword, generatePassword } from "./service";

const BOOTSTRAP_LOCK = "evalform:first-admin";
const ADMIN_NAME = "Administrator";

export type FirstAdminOutcome =
  { created: false } | { created: true; repaired: boolean; email: string; password: string; generated: boolean };

/** With no enabled admin, creates one or repairs the configured one: from the given password, or a generated one that is returned once. */
export async function ensureFirstAdmin(options: { email: string; password?: string }): Promise<FirstAdminOutcome> {
  const email = normaliseEmail(options.email);
  const password = options.password ?? generatePassword();
  const generated = options.password === undefined;
  const outcome = await db().$transaction(async (tx) => {
    // Two replicas starting at once: one makes the admin, the other then finds it.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${BOOTSTRAP_LOCK}))`;
    const admins = await tx.user.count({ where: { roles: { has: "admin" }, disabledAt: null } });
    if (admins > 0) return null;
    const existing = await tx.user.findUnique({ where: { email }, select: { id: true, roles: true } });
    if (!existing) {
      const name = await freeAdminName(tx);
      const user = await createUserWithPassword({ email, name, roles: ["admin"], password, client: tx });
      return { userId: user.id, repaired: false };
    }
    await tx.user.update({
      where: { id: existing.id },
      data: { disabledAt: null, roles: [...new Set([...existing.roles, "admin"])] },
    });
    const passwordHash = await hashPassword(password);
    const { count } = await tx.account.updateMany({
      where: { userId: existing.id, providerId: "credential" },
      data: { password: passwordHash },
    });
    if (count === 0)
      await tx.account.create({
        data: {
          id: randomUUID(),
          userId: existing.id,
          accountId: existing.id,
          providerId: "credential",
          password: passwordHash,
        },
      });
    // Whoever held the old password is signed out.
    await tx.session.deleteMany({ where: { userId: existing.id } });
    return { userId: existing.id, repaired: true };
  });
  if (!outcome) return { created: false };
  await recordAuditEvent({
    action: outcome.repaired ? "user.enabled" : "user.created",
    actorId: null,
    subject: outcome.userId,
    details: {
      email,
      roles: ["admin"],
      bootstrap: true,
      ...(outcome.repaired ? { repairedNoEnabledAdmin: true } : {}),
    },
  });
  return { created: true, repaired: outcome.repaired, email, password, generated };
}

// "Administrator", or "Administrator 2"… when an earlier (disabled) admin has the name.
async function freeAdminName(tx: DbClient): Promise<string> {
  const rows = await tx.$queryRaw<
    { name: string }[]
  >`SELECT lower(name) AS name FROM app_user WHERE lower(name) LIKE 'administrator%'`;
  const taken = new Set(rows.map((row) => row.name));
  for (let n = 1; ; n++) {
    const name = n === 1 ? ADMIN_NAME : `${ADMIN_NAME} ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}
