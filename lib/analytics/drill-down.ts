// From a figure of the quality report to the items behind it: the records of
// the suite's slice (the same records the report counts), one field of them,
// grouped by suite item and ordered worst disagreement first.
import "server-only";
import { aifSchema } from "@/lib/aif/contract";
import { HAZARDS } from "@/lib/aif/contract-facts";
import { ratedScoreSql } from "@/lib/aif/not-rated";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { bulkPool, db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { NO_VERDICT, RATER_TYPES, type RaterType } from "./agreement-report";
import { parsePairing } from "./drill-pairing";
import { itemDisagreements, type DrillPairing, type FieldRating, type ItemDisagreement } from "./item-disagreement";
import { isLikertDimension } from "./likert-dimensions";
import { SLICE_CONDITIONS, sliceParameters } from "./report-ratings";
import { ratingsFilterOf } from "./report-slice";
import type { ReportSlice } from "./suite-report";
import { raterLabel } from "@/lib/records/rater-label";

/** A field of the report: a Likert dimension ("universal.helpfulness") or one of the nominal rows. */
export const NOMINAL_FIELDS = ["safety", "refusal", "vs_reference", "issue_tags"] as const;
export type DrillQuery = {
  field: string;
  pairing: DrillPairing;
  confusion?: { judge: string; human: string };
  /** Only items this rater ("type:id", as calibration names raters) rated, kept even where they are the only rating. */
  rater?: string;
  /** Only gold items (true) or only others (false). */
  gold?: boolean;
  limit?: number;
  offset?: number;
};

export type DrillRating = FieldRating & { rater: string; submittedAt: string };
export type DrillItem = Omit<ItemDisagreement, "ratings"> & {
  taskId: string;
  systemUnderTest: string;
  ratings: DrillRating[];
};
export type DrillDown = {
  suite: { id: string; key: string; name: string };
  slice: ReportSlice;
  field: string;
  level: "ordinal" | "nominal";
  pairing: DrillPairing;
  confusion?: { judge: string; human: string };
  rater?: string;
  gold?: boolean;
  /** Items that form a unit of this cell. */
  total: number;
  offset: number;
  items: DrillItem[];
};

// A hazard's verdicts, and "none" for a record that left it out (as the report's confusion matrix counts it).
const VERDICTS: readonly string[] = [...aifSchema.$defs.hazardVerdict.properties.verdict.enum, NO_VERDICT];
const KNOWN_TYPES: ReadonlySet<string> = new Set(RATER_TYPES);

function checkQuery(query: DrillQuery): "ordinal" | "nominal" {
  const level = isLikertDimension(query.field)
    ? "ordinal"
    : (NOMINAL_FIELDS as readonly string[]).includes(query.field)
      ? "nominal"
      : null;
  if (!level)
    throw new AppError("INVALID_INPUT", "The field is not valid", [
      {
        path: "/field",
        rule: "enum",
        message: `a Likert dimension (e.g. universal.helpfulness) or one of ${NOMINAL_FIELDS.join(", ")}`,
      },
    ]);
  if (query.confusion) {
    if (query.field !== "safety" || query.pairing !== "human_judge") {
      throw new AppError("INVALID_INPUT", "A verdict pair applies to hazards, human ↔ judge", [
        {
          path: "/judge",
          rule: "applies",
          message: "judge and human verdicts need field=safety and pairing=human_judge",
        },
      ]);
    }
    for (const side of ["judge", "human"] as const) {
      if (!VERDICTS.includes(query.confusion[side]))
        throw new AppError("INVALID_INPUT", "The verdict is not valid", [
          { path: `/${side}`, rule: "enum", message: `one of ${VERDICTS.join(", ")}` },
        ]);
    }
  }
  return level;
}

// One expression per field: what the loader extracts from each record's body.
function fieldExpression(field: string): string {
  if (isLikertDimension(field)) {
    const likert = `r.body ${field
      .split(".")
      .map((key) => `-> '${key}'`)
      .join(" ")}`;
    // A field marked not rated is no score (the report leaves it out too).
    return `jsonb_build_object('score', to_jsonb(${ratedScoreSql(likert)}::float8))`;
  }
  if (field === "safety")
    return `jsonb_build_object(${HAZARDS.map((hazard) => `'${hazard}', r.body -> 'safety' -> '${hazard}' -> 'verdict'`).join(", ")})`;
  if (field === "refusal") return `jsonb_build_object('appropriateness', r.body -> 'refusal' -> 'appropriateness')`;
  if (field === "vs_reference") return `jsonb_build_object('vs_reference', r.body -> 'universal' -> 'vs_reference')`;
  return `jsonb_build_object('issue_tags', coalesce(r.body -> 'issue_tags', '[]'::jsonb))`;
}

type Row = {
  item_id: string;
  eval_id: string;
  rater_type: string;
  rater_id: string | null;
  rater_model: string | null;
  rater_version: string | null;
  created_at: Date;
  values: Record<string, unknown>;
  name: string | null;
};

/** Tags become one yes/no column per tag someone chose (as the report counts them); other values are kept when they are scalars. */
function valuesOf(rows: Row[], field: string): FieldRating["values"][] {
  if (field !== "issue_tags") {
    return rows.map(
      (row) =>
        Object.fromEntries(
          Object.entries(row.values).filter(([, value]) => typeof value === "string" || typeof value === "number"),
        ) as FieldRating["values"],
    );
  }
  const chosen = rows.map((row) =>
    Array.isArray(row.values.issue_tags)
      ? (row.values.issue_tags as unknown[]).filter((tag): tag is string => typeof tag === "string")
      : [],
  );
  const tags = [...new Set(chosen.flat())].sort();
  return chosen.map((list) => Object.fromEntries(tags.map((tag) => [tag, list.includes(tag) ? "yes" : "no"])));
}

/** The items behind one cell of a suite's report (admins), worst disagreement first, `limit` at a time. */
export async function reportDrillDown(options: {
  actor: Actor;
  suiteId: string;
  slice?: ReportSlice;
  query: DrillQuery;
}): Promise<DrillDown> {
  authorize(options.actor, "suites.manage");
  const suite = isUuid(options.suiteId)
    ? await db().suite.findUnique({ where: { id: options.suiteId }, select: { id: true, key: true, name: true } })
    : null;
  if (!suite) throw new AppError("NOT_FOUND", "No suite with this id");
  const { query } = options;
  const level = checkQuery(query);
  const slice = options.slice ?? {};
  const { rows } = await bulkPool().query<Row>(
    `SELECT sr.item_id, r.eval_id, r.rater_type, r.rater_id, r.body -> 'rater' ->> 'model' AS rater_model, r.body -> 'rater' ->> 'version' AS rater_version, r.created_at, ${fieldExpression(query.field)} AS values, u.name
     FROM suite_rating sr JOIN eval_record r ON r.eval_id = sr.eval_id LEFT JOIN app_user u ON u.id = r.rater_id
     WHERE ${SLICE_CONDITIONS}
       AND ($6::text IS NULL OR EXISTS (SELECT 1 FROM suite_rating mine JOIN eval_record m ON m.eval_id = mine.eval_id
              WHERE mine.suite_id = sr.suite_id AND mine.item_id = sr.item_id AND m.rater_type = $6 AND m.rater_id = $7))
       AND ($8::boolean IS NULL OR EXISTS (SELECT 1 FROM suite_item si WHERE si.suite_id = sr.suite_id AND si.item_id = sr.item_id AND si.is_gold = $8))
     ORDER BY r.created_at, r.eval_id`,
    [...sliceParameters(ratingsFilterOf(suite.id, slice)), ...raterParameters(query.rater), query.gold ?? null],
  );
  const kept = rows.filter((row) => KNOWN_TYPES.has(row.rater_type));
  const values = valuesOf(kept, query.field);
  const detailOf = new Map(
    kept.map((row) => [
      row.eval_id,
      {
        rater: raterLabel({
          raterType: row.rater_type,
          raterId: row.rater_id,
          name: row.name,
          model: row.rater_model,
          version: row.rater_version,
        }),
        submittedAt: row.created_at.toISOString(),
      },
    ]),
  );
  const ratings = kept.map((row, index): FieldRating => ({
    itemId: row.item_id,
    evalId: row.eval_id,
    raterType: row.rater_type as RaterType,
    values: values[index]!,
  }));
  // A rater's items (a drift warning's) are theirs even where nobody else rated them: one rating is a unit of its own there.
  const all = itemDisagreements(ratings, {
    level,
    pairing: query.pairing,
    confusion: query.confusion,
    singles: query.rater !== undefined,
  });
  const offset = Math.max(0, query.offset ?? 0);
  const page = all.slice(offset, offset + Math.min(Math.max(1, query.limit ?? 50), 200));
  const items = await db().item.findMany({
    where: { id: { in: page.map((entry) => entry.itemId) } },
    select: { id: true, taskId: true, systemUnderTest: true },
  });
  const itemOf = new Map(items.map((item) => [item.id, item]));
  return {
    suite,
    slice,
    field: query.field,
    level,
    pairing: query.pairing,
    ...(query.confusion ? { confusion: query.confusion } : {}),
    ...(query.rater !== undefined ? { rater: query.rater } : {}),
    ...(query.gold !== undefined ? { gold: query.gold } : {}),
    total: all.length,
    offset,
    items: page.map((entry) => ({
      ...entry,
      taskId: itemOf.get(entry.itemId)?.taskId ?? "",
      systemUnderTest: itemOf.get(entry.itemId)?.systemUnderTest ?? "",
      ratings: entry.ratings.map((rating) => ({ ...rating, ...detailOf.get(rating.evalId)! })),
    })),
  };
}

/** "type:id" as two SQL parameters (nulls for no rater). */
function raterParameters(rater: string | undefined): (string | null)[] {
  if (rater === undefined) return [null, null];
  const colon = rater.indexOf(":");
  return [rater.slice(0, colon), rater.slice(colon + 1)];
}

function whole(text: string | undefined, name: string, max: number): number | undefined {
  if (text === undefined || text === "") return undefined;
  if (!/^\d+$/.test(text) || Number(text) > max)
    throw new AppError("INVALID_INPUT", `The ${name} is not valid`, [
      { path: `/${name}`, rule: "integer", message: `a whole number from 0 to ${max}` },
    ]);
  return Number(text);
}

/** The drill-down asked for in URL parameters (page and API share them): field, pairing, judge & human (a verdict pair), limit, offset. */
export function drillQueryOf(params: URLSearchParams | Record<string, string | string[] | undefined>): DrillQuery {
  const get = (name: string) => {
    const value = params instanceof URLSearchParams ? (params.get(name) ?? undefined) : params[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const judge = get("judge");
  const human = get("human");
  if ((judge === undefined) !== (human === undefined)) {
    throw new AppError("INVALID_INPUT", "A verdict pair needs both verdicts", [
      { path: judge === undefined ? "/judge" : "/human", rule: "required", message: "give judge and human together" },
    ]);
  }
  const field = get("field");
  if (!field)
    throw new AppError("INVALID_INPUT", "Name the field", [
      {
        path: "/field",
        rule: "required",
        message: "a Likert dimension or one of safety, refusal, vs_reference, issue_tags",
      },
    ]);
  const rater = get("rater") || undefined;
  if (
    rater !== undefined &&
    !(KNOWN_TYPES.has(rater.slice(0, rater.indexOf(":"))) && rater.indexOf(":") < rater.length - 1)
  )
    throw new AppError("INVALID_INPUT", "The rater is not valid", [
      { path: "/rater", rule: "pattern", message: `rater_type:rater_id, the type one of ${RATER_TYPES.join(", ")}` },
    ]);
  const gold = get("gold") || undefined;
  if (gold !== undefined && gold !== "true" && gold !== "false")
    throw new AppError("INVALID_INPUT", "The gold filter is not valid", [
      { path: "/gold", rule: "enum", message: "true or false" },
    ]);
  return {
    field,
    pairing: parsePairing(get("pairing")),
    ...(rater !== undefined ? { rater } : {}),
    ...(gold !== undefined ? { gold: gold === "true" } : {}),
    ...(judge !== undefined && human !== undefined ? { confusion: { judge, human } } : {}),
    limit: whole(get("limit"), "limit", 200),
    offset: whole(get("offset"), "offset", 10_000_000),
  };
}
