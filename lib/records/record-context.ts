// The item a record rated, for the record page and the correction form: the
// suite's item the record is counted for (suite_record), else the item of the
// record's suite with its task id, else the first imported item with that
// task id. Null for a record rated outside any imported item (the API).
import { PERSON_RATER_TYPES } from "@/lib/aif/contract-facts";
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { appPool } from "@/lib/db";
import type { AifRecord } from "@/lib/aif/types";
import type { Item } from "@/lib/items/types";
import { getRecord } from "./read-records";

export type RecordContext = {
  /** Null for a record rated outside any imported item, and while the record's system is withheld (`itemWithheld`). */
  item: Item | null;
  /** One's own pairwise record of an open suite: the item (its task, tags, scores) could name the system. */
  itemWithheld: boolean;
  /** The person who rated it (null for judges and share-link visitors). */
  raterPerson: { name: string; roles: string[] } | null;
};

export async function recordContext(options: { actor: Actor; evalId: string }): Promise<RecordContext> {
  // Reading the record is the permission check: a record the actor may not see answers NOT_FOUND.
  const { body, withheld } = await getRecord({ actor: options.actor, evalId: options.evalId });
  const person = await raterPersonOf(body);
  if (withheld.length > 0) return { item: null, itemWithheld: true, raterPerson: person };
  const { rows } = await appPool().query<{ body: Item }>(
    `(SELECT i.body FROM suite_record sr JOIN item i ON i.id = sr.item_id WHERE sr.eval_id = $1::uuid LIMIT 1)
     UNION ALL
     (SELECT i.body FROM suite s JOIN suite_item si ON si.suite_id = s.id JOIN item i ON i.id = si.item_id
      WHERE s.key = $2 AND i.task_id = $3 LIMIT 1)
     UNION ALL
     (SELECT i.body FROM item i WHERE i.task_id = $3 ORDER BY i.created_at, i.id LIMIT 1)
     LIMIT 1`,
    [options.evalId, body.task.suite_id ?? null, body.task.task_id],
  );
  return { item: rows[0]?.body ?? null, itemWithheld: false, raterPerson: person };
}

async function raterPersonOf(body: AifRecord): Promise<RecordContext["raterPerson"]> {
  if (!PERSON_RATER_TYPES.includes(body.rater.type)) return null;
  const { rows } = await appPool().query<{ name: string; roles: string[] }>(
    "SELECT name, roles FROM app_user WHERE id = $1",
    [body.rater.id ?? ""],
  );
  return rows[0] ?? null;
}
