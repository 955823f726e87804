// A record's provenance: the records it derives from (up to the first) and
// the records deriving from it (hybrid reviews, later corrections), plus, for
// a hybrid record, what the SME did with each of the judge's fields.
import { PERSON_RATER_TYPES } from "@/lib/aif/contract-facts";
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import type { FieldDecision } from "@/lib/review/field-decisions";
import type { ChainLink } from "./chain-link";
import { getRecord, visibleTo, type ServedRecord } from "./read-records";

export type { ChainLink };
export type Provenance = {
  /** The record itself (reading it is the permission check). */
  record: ServedRecord;
  /** Oldest first, ending with the record's parent. */
  ancestors: ChainLink[];
  /** Breadth first; depth 1 derives from the record itself. */
  descendants: ChainLink[];
  /** Chain links that exist but the actor may not see. */
  hidden: number;
  decisions: FieldDecision[];
};

const MAX_DEPTH = 100;

export async function recordProvenance(options: { actor: Actor; evalId: string }): Promise<Provenance> {
  const { actor, evalId } = options;
  const record = await getRecord({ actor, evalId });
  const up = await db().$queryRaw<{ eval_id: string; depth: number }[]>`
    WITH RECURSIVE up AS (
      SELECT r.derived_from AS eval_id, 1 AS depth FROM eval_record r WHERE r.eval_id = ${evalId}::uuid AND r.derived_from IS NOT NULL
      UNION ALL
      SELECT r.derived_from, up.depth + 1 FROM eval_record r JOIN up ON r.eval_id = up.eval_id
      WHERE r.derived_from IS NOT NULL AND up.depth < ${MAX_DEPTH}
    ) SELECT eval_id::text, depth FROM up`;
  const down = await db().$queryRaw<{ eval_id: string; depth: number }[]>`
    WITH RECURSIVE down AS (
      SELECT r.eval_id, 1 AS depth FROM eval_record r WHERE r.derived_from = ${evalId}::uuid
      UNION ALL
      SELECT r.eval_id, down.depth + 1 FROM eval_record r JOIN down ON r.derived_from = down.eval_id WHERE down.depth < ${MAX_DEPTH}
    ) SELECT eval_id::text, depth FROM down`;
  const depthOf = new Map([...up, ...down].map((row) => [row.eval_id, row.depth]));
  const rows = await db().evalRecord.findMany({
    where: { AND: [{ evalId: { in: [...depthOf.keys()] } }, visibleTo(actor)] },
    select: {
      evalId: true,
      raterType: true,
      raterId: true,
      createdAt: true,
      derivedFrom: true,
    },
  });
  // rater.id names the user for raters, SMEs and hybrid reviews (not the submitter: an admin may import them).
  const people = await db().user.findMany({
    where: {
      id: { in: rows.filter((row) => PERSON_RATER_TYPES.includes(row.raterType)).flatMap((row) => row.raterId ?? []) },
    },
    select: { id: true, name: true },
  });
  const nameOf = new Map(people.map((person) => [person.id, person.name]));
  const link = (row: (typeof rows)[number]): ChainLink => ({
    ...row,
    raterName: PERSON_RATER_TYPES.includes(row.raterType) ? (nameOf.get(row.raterId ?? "") ?? null) : null,
    depth: depthOf.get(row.evalId) ?? 0,
  });
  const upIds = new Set(up.map((row) => row.eval_id));
  const ancestors = rows
    .filter((row) => upIds.has(row.evalId))
    .map(link)
    .sort((a, b) => b.depth - a.depth);
  const descendants = rows
    .filter((row) => !upIds.has(row.evalId))
    .map(link)
    .sort((a, b) => a.depth - b.depth || a.createdAt.getTime() - b.createdAt.getTime());
  const decisions = await db().reviewDecision.findMany({ where: { hybridEvalId: evalId }, orderBy: { path: "asc" } });
  return {
    record,
    ancestors,
    descendants,
    hidden: depthOf.size - rows.length,
    decisions: decisions.map((row) => ({
      path: row.path,
      decision: row.decision as FieldDecision["decision"],
      judgeValue: row.judgeValue,
      finalValue: row.finalValue,
    })),
  };
}
