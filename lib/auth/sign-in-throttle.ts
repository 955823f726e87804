// Failed sign-ins are throttled per account and per address, counted from the
// audit log (so every replica sees the same count).
import "server-only";
import { db } from "@/lib/db";

export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
} as const;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAt: Date; scope: "account" | "address" };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function retryAtFor(where: { subject: string } | { ipAddress: string }, max: number, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const failures = await db().auditEvent.findMany({
    where: { action: "auth.sign_in_failed", createdAt: { gt: since }, ...where },
    orderBy: { createdAt: "desc" },
    take: max,
    select: { createdAt: true },
  });
  if (failures.length < max) return null;
  // Locked until the oldest of the last `max` failures leaves the window.
  return new Date(failures.at(-1)!.createdAt.getTime() + THROTTLE.windowMs);
}

export async function checkSignInThrottle(options: { email: string; ipAddress: string | null; now?: Date }): Promise<ThrottleVerdict> {
  const now = options.now ?? new Date();
  const accountRetry = await retryAtFor({ subject: normaliseEmail(options.email) }, THROTTLE.maxFailuresPerAccount, now);
  if (accountRetry) return { allowed: false, retryAt: accountRetry, scope: "account" };
  if (options.ipAddress) {
    const addressRetry = await retryAtFor({ ipAddress: options.ipAddress }, THROTTLE.maxFailuresPerAddress, now);
    if (addressRetry) return { allowed: false, retryAt: addressRetry, scope: "address" };
  }
  return { allowed: true };
}

export function throttleMessage(verdict: Extract<ThrottleVerdict, { allowed: false }>, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((verdict.retryAt.getTime() - now.getTime()) / 60_000));
  const who = verdict.scope === "account" ? "this account" : "your network address";
  return `Too many failed sign-ins for ${who}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"} (at ${verdict.retryAt.toISOString().slice(11, 16)} UTC).`;
}
