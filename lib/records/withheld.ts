// A pairwise record read back by the rater or SME who made it, while its suite
// is open, comes without what names its system: the rater knows which response
// they rated as Response 1, so the record's system would tell them which
// system sat left (and, with the side rule of old, on every later pair). The
// stored record never changes; admins (who may read every record) and exports
// (admin only) see it whole; the pairwise sidecar keeps the system.
//
// Pairwise suites have no closed state yet (archiving hides a suite from
// queues and lists but does not close it: it can be unarchived and rated
// again), so every pairwise suite is open and this holds for all of them; a
// closing state would be one more condition in PAIRWISE_OPEN_SQL.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/auth/authorize";
import type { DbClient } from "@/lib/db";

/** What names a response's system in its record: the subject's names and the task fields each import can set. */
export const WITHHELD_POINTERS = [
  "/subject/system_under_test",
  "/subject/model",
  "/subject/version",
  "/task/transcript_url",
  "/task/gold_item_id",
  "/task/calibration_target",
] as const;

/** The response header that lists the JSON Pointers withheld from a record served. */
export const WITHHELD_HEADER = "X-Withheld-Fields";

export const WITHHELD_DESCRIPTION =
  "While its pairwise suite is open, a pairwise record read by anyone but an admin (the rater or reviewing SME who made it) comes without the fields that name its system: " +
  WITHHELD_POINTERS.map((pointer) => `\`${pointer}\``).join(", ") +
  ". The stored record is unchanged (admins and exports see it whole); the served body then lacks `subject.system_under_test`, which the AIF schema requires.";

/** SQL over a record aliased `r`: whether its system is withheld from the actor (`FALSE` for admins). */
export function withheldSql(actor: Actor): string {
  if (can(actor, "records.read_all")) return "FALSE";
  return `EXISTS (SELECT 1 FROM pairwise_judgment pj JOIN pairwise_suite ps ON ps.id = pj.suite_id
    WHERE pj.eval_id = r.eval_id AND ${PAIRWISE_OPEN_SQL})`;
}

/** Every pairwise suite is open (there is no closed state yet). */
const PAIRWISE_OPEN_SQL = "TRUE";

export async function isWithheld(client: DbClient, actor: Actor, evalId: string): Promise<boolean> {
  if (can(actor, "records.read_all")) return false;
  const rows = await client.$queryRawUnsafe<{ withheld: boolean }[]>(
    `SELECT ${withheldSql(actor)} AS withheld FROM eval_record r WHERE r.eval_id = $1::uuid`,
    evalId,
  );
  return rows[0]?.withheld === true;
}

/** The body without the withheld fields, and the pointers of those it had. A copy: the stored body is untouched. */
export function withholdSystem<T extends object>(body: T): { body: T; withheld: string[] } {
  const copy = structuredClone(body) as Record<string, Record<string, unknown> | undefined>;
  const withheld: string[] = [];
  for (const pointer of WITHHELD_POINTERS) {
    const [, section, field] = pointer.split("/") as [string, string, string];
    const holder = copy[section];
    if (holder && typeof holder === "object" && field in holder) {
      delete holder[field];
      withheld.push(pointer);
    }
  }
  return { body: copy as T, withheld };
}
