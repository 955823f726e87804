// Failed sign-ins are throttled per account at an address and per address, with
// backoff, in the sign_in_throttle table (every replica sees the same counts).
// An attempt is reserved BEFORE its password is checked, by one atomic
// statement per key: parallel attempts queue on the row, so no more than the
// limit are ever checked. The reservation is kept only for a real credential
// failure (a wrong password, an unknown email); a sign-in refused for anything
// else gives it back. There is no account-wide lock: an attacker at another
// address locks out only themselves.
import "server-only";
import { appPool } from "@/lib/db";

export const THROTTLE = {
  /** Failures allowed for one account from one address before the backoff starts. */
  maxFailuresPerAccountAtAddress: 5,
  /** Failures allowed from one address across all accounts before the backoff starts. */
  maxFailuresPerAddress: 20,
  /** Each further failure locks the key for the next step's minutes (the last step repeats). */
  backoffMinutes: [1, 2, 4, 8, 15],
  /** A key with no attempt for this long starts over. */
  forgetAfterMs: 60 * 60 * 1000,
} as const;

export type ThrottleScope = "account" | "address";

/** The keys an attempt holds until it is settled. */
export type SignInReservation = { accountKey: string; addressKey: string };

export type ThrottleVerdict =
  { allowed: true; reservation: SignInReservation } | { allowed: false; retryAt: Date; scope: ThrottleScope };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Without a known address every such attempt shares one key (and one limit).
const UNKNOWN_ADDRESS = "unknown";

export function throttleKeys(options: { email: string; ipAddress: string | null }): SignInReservation {
  const address = options.ipAddress ?? UNKNOWN_ADDRESS;
  return { accountKey: `account:${normaliseEmail(options.email)}|${address}`, addressKey: `address:${address}` };
}

const BACKOFF_SECONDS = THROTTLE.backoffMinutes.map((minutes) => minutes * 60);

// One statement: a key that is locked returns no row (nothing reserved); any
// other gets one more failure counted, and locks itself when that reaches the
// limit, so the attempts after it wait for the backoff while it is checked.
const RESERVE = `
INSERT INTO sign_in_throttle AS t (key, failures, locked_until, last_attempt_at)
VALUES ($1, 1, CASE WHEN $2::int <= 1 THEN now() + make_interval(secs => ($3::int[])[1]) END, now())
ON CONFLICT (key) DO UPDATE SET
  failures = CASE WHEN t.last_attempt_at < now() - make_interval(secs => $4::int) THEN 1 ELSE t.failures + 1 END,
  locked_until = CASE
    WHEN (CASE WHEN t.last_attempt_at < now() - make_interval(secs => $4::int) THEN 1 ELSE t.failures + 1 END) >= $2::int
    THEN now() + make_interval(secs => ($3::int[])[least(
      (CASE WHEN t.last_attempt_at < now() - make_interval(secs => $4::int) THEN 1 ELSE t.failures + 1 END) - $2::int + 1,
      cardinality($3::int[]))])
  END,
  last_attempt_at = now()
WHERE t.locked_until IS NULL OR t.locked_until <= now()
RETURNING failures`;

// Gives back a reservation. Any lock is the one this attempt set (a locked key
// reserves nothing more), so it goes too.
const RELEASE = `UPDATE sign_in_throttle SET failures = greatest(failures - 1, 0), locked_until = NULL WHERE key = $1`;

async function reserve(key: string, maxFailures: number): Promise<Date | null> {
  const pool = appPool();
  const reserved = await pool.query(RESERVE, [key, maxFailures, BACKOFF_SECONDS, THROTTLE.forgetAfterMs / 1000]);
  if (reserved.rowCount === 1) return null;
  const { rows } = await pool.query<{ locked_until: Date | null }>(
    "SELECT locked_until FROM sign_in_throttle WHERE key = $1",
    [key],
  );
  // Released a moment ago: try again in a second.
  return rows[0]?.locked_until ?? new Date(Date.now() + 1000);
}

/** Reserves an attempt for the account at the address and for the address, or says until when they are locked. */
export async function reserveSignInAttempt(options: {
  email: string;
  ipAddress: string | null;
}): Promise<ThrottleVerdict> {
  const keys = throttleKeys(options);
  const addressRetry = await reserve(keys.addressKey, THROTTLE.maxFailuresPerAddress);
  if (addressRetry) return { allowed: false, retryAt: addressRetry, scope: "address" };
  const accountRetry = await reserve(keys.accountKey, THROTTLE.maxFailuresPerAccountAtAddress);
  if (accountRetry) {
    await appPool().query(RELEASE, [keys.addressKey]);
    return { allowed: false, retryAt: accountRetry, scope: "account" };
  }
  maybeForgetOldKeys();
  return { allowed: true, reservation: keys };
}

/**
 * Settles a reserved attempt: a credential failure keeps its count; a
 * sign-in ends the account's streak at that address; anything else (a
 * malformed request, a refused Origin, a server error) was no guess and gives
 * the reservation back.
 */
export async function settleSignInAttempt(
  reservation: SignInReservation,
  outcome: "credential_failure" | "signed_in" | "not_an_attempt",
): Promise<void> {
  if (outcome === "credential_failure") return;
  const pool = appPool();
  await pool.query(RELEASE, [reservation.addressKey]);
  if (outcome === "signed_in")
    await pool.query("DELETE FROM sign_in_throttle WHERE key = $1", [reservation.accountKey]);
  else await pool.query(RELEASE, [reservation.accountKey]);
}

// Keys nobody has tried for a day are gone for good; about one reservation in a hundred sweeps them.
function maybeForgetOldKeys(): void {
  if (Math.random() >= 0.01) return;
  void appPool()
    .query(
      "DELETE FROM sign_in_throttle WHERE last_attempt_at < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())",
    )
    .catch(() => undefined);
}

export function retryAfterSeconds(retryAt: Date, now = new Date()): number {
  return Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
}

export function throttleMessage(verdict: Extract<ThrottleVerdict, { allowed: false }>, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((verdict.retryAt.getTime() - now.getTime()) / 60_000));
  const who = verdict.scope === "account" ? "this account from your network address" : "your network address";
  return `Too many failed sign-ins for ${who}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"} (at ${verdict.retryAt.toISOString().slice(11, 16)} UTC).`;
}
