// One item of a suite with every rating counted for it, side by side (admins,
// and the SMEs assigned to the suite, who adjudicate it): each record labelled
// with its rater and type, compared field by field. Raters never reach this:
// they see only their own work (blind by default).
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize, can } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { Item } from "@/lib/items/types";
import { compareRecords, type ComparedField } from "@/lib/records/field-comparison";
import { raterLabel } from "@/lib/records/rater-label";

export type ItemRating = {
  evalId: string;
  raterType: string;
  rater: string;
  submittedAt: Date;
  flow: string;
  derivedFrom: string | null;
  body: Record<string, unknown>;
};
export type ItemRatings = {
  suite: { id: string; key: string; name: string };
  item: { id: string; taskId: string; systemUnderTest: string; isGold: boolean; body: Item };
  ratings: ItemRating[];
  fields: ComparedField[];
};

type Row = {
  eval_id: string;
  rater_type: string;
  rater_id: string | null;
  created_at: Date;
  flow: string;
  derived_from: string | null;
  body: Record<string, unknown>;
  name: string | null;
};

export async function suiteItemRatings(options: {
  actor: Actor;
  suiteId: string;
  itemId: string;
}): Promise<ItemRatings> {
  // Admins manage every suite; an adjudicator sees only the suites they are assigned to.
  const manages = can(options.actor, "suites.manage");
  if (!manages) authorize(options.actor, "adjudicate");
  const assigned = manages ? {} : { suite: { raters: { some: { userId: options.actor.userId } } } };
  const found =
    isUuid(options.suiteId) && isUuid(options.itemId)
      ? await db().suiteItem.findFirst({
          where: { suiteId: options.suiteId, itemId: options.itemId, ...assigned },
          select: {
            suite: { select: { id: true, key: true, name: true } },
            item: { select: { id: true, taskId: true, systemUnderTest: true, isGold: true, body: true } },
          },
        })
      : null;
  if (!found) throw new AppError("NOT_FOUND", "No such item in this suite");
  // The ratings the suite counts (a correction in place of the rating it corrects), oldest first.
  const rows = await db().$queryRaw<Row[]>`
    SELECT r.eval_id, r.rater_type, r.rater_id, r.created_at, sr.flow, r.derived_from::text AS derived_from, r.body, u.name
    FROM suite_rating sr JOIN eval_record r ON r.eval_id = sr.eval_id LEFT JOIN app_user u ON u.id = r.rater_id
    WHERE sr.suite_id = ${options.suiteId}::uuid AND sr.item_id = ${options.itemId}::uuid
    ORDER BY r.created_at, r.eval_id`;
  return {
    suite: found.suite,
    item: { ...found.item, body: found.item.body as unknown as Item },
    ratings: rows.map((row) => ({
      evalId: row.eval_id,
      raterType: row.rater_type,
      rater: raterLabel({
        raterType: row.rater_type,
        raterId: row.rater_id,
        name: row.name,
        model: (row.body.rater as { model?: unknown } | undefined)?.model,
        version: (row.body.rater as { version?: unknown } | undefined)?.version,
      }),
      submittedAt: row.created_at,
      flow: row.flow,
      derivedFrom: row.derived_from,
      body: row.body,
    })),
    fields: compareRecords(rows.map((row) => row.body)),
  };
}
