// The item imports a pairwise suite can be built from, each with the systems
// whose outputs it holds, for the new-suite form's choices.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";

export type PairwiseSourceImport = {
  id: string;
  fileName: string | null;
  createdAt: Date;
  items: number;
  systems: string[];
};

/** Imports that stored items, newest first (at most 200: older ones are reached through the API). */
export async function listPairwiseSourceImports(options: { actor: Actor }): Promise<PairwiseSourceImport[]> {
  authorize(options.actor, "suites.manage");
  const rows = await db().$queryRaw<
    { id: string; file_name: string | null; created_at: Date; items: bigint; systems: string[] }[]
  >`
    SELECT imp.id, imp.file_name, imp.created_at, count(*) AS items,
           array_agg(DISTINCT i.system_under_test ORDER BY i.system_under_test) AS systems
    FROM item_import imp JOIN item i ON i.import_id = imp.id
    WHERE imp.kind = 'items'
    GROUP BY imp.id
    ORDER BY imp.created_at DESC
    LIMIT 200`;
  return rows.map((row) => ({
    id: row.id,
    fileName: row.file_name,
    createdAt: row.created_at,
    items: Number(row.items),
    systems: row.systems,
  }));
}
