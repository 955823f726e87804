// The item a record rated, for the record page and the correction form: the
// suite's item the record is counted for (suite_record), else the item of the
// record's suite with its task id, else the first imported item with that
// task id. Null for a record rated outside any imported item (the API).
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { appPool } from "@/lib/db";
import type { Item } from "@/lib/items/types";
import { getRecord } from "./service";

export type RecordContext = {
  item: Item | null;
  /** The person who rated it (null for judges and share-link visitors). */
  raterPerson: { name: string; roles: string[] } | null;
};

export async function recordContext(options: { actor: Actor; evalId: string }): Promise<RecordContext> {
  // Reading the record is the permission check: a record the actor may not see answers NOT_FOUND.
  const { body } = await getRecord({ actor: options.actor, evalId: options.evalId });
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
  const person = ["human", "sme", "hybrid"].includes(body.rater.type)
    ? await appPool().query<{ name: string; roles: string[] }>("SELECT name, roles FROM app_user WHERE id = $1", [
        body.rater.id ?? "",
      ])
    : { rows: [] };
  return { item: rows[0]?.body ?? null, raterPerson: person.rows[0] ?? null };
}
