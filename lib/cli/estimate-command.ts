// `evalform estimate EXPORT.jsonl [--suite KEY] [--design DESIGN.json]
// [--adjudications ADJ.jsonl] [--target-width W]`: a suite's estimates
// recomputed offline from an export with the functions the server uses,
// printed as GET /api/suites/:id/estimates answers (without the suite row).
// The records used are those naming the suite (task.suite_id), less the
// adjudication decisions the adjudication sidecar lists and less the records a
// correction replaced, as the server's suite_rating view reads them; the design
// sidecar gives each item's inclusion probability.
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { z } from "zod";
import { RATER_TYPES, ratingColumns, type RaterType, type RatingRow } from "@/lib/analytics/agreement-report";
import { scoreOf } from "@/lib/analytics/likert-dimensions";
import { HAZARDS, LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { ratingsEstimatesJson } from "@/lib/estimates/estimates-json";
import { estimatesOfRatings } from "@/lib/estimates/ratings-estimates";
import { CliError } from "./api-client";

/** The design sidecar: each item's (task and system under test) inclusion probability. */
export const DesignSidecar = z.object({
  suite_id: z.string().optional(),
  items: z.array(
    z.object({ task_id: z.string(), system_under_test: z.string(), inclusion_probability: z.number().gt(0).lte(1) }),
  ),
});

type ExportRecord = {
  eval_id?: unknown;
  derived_from?: unknown;
  rater?: { type?: unknown; id?: unknown };
  task?: { task_id?: unknown; suite_id?: unknown };
  subject?: { system_under_test?: unknown };
  safety?: Record<string, { verdict?: unknown } | undefined>;
  refusal?: { appropriateness?: unknown };
};

const KNOWN_RATER_TYPES: ReadonlySet<string> = new Set(RATER_TYPES);

async function* jsonLines(file: string): AsyncGenerator<unknown> {
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() === "") continue;
    try {
      yield JSON.parse(text) as unknown;
    } catch (error) {
      throw new CliError(`${file} line ${line}: not JSON (${(error as Error).message}); the file must be JSON Lines`);
    }
  }
}

export async function runEstimate(options: {
  exportFile: string;
  suite?: string;
  designFile?: string;
  adjudicationsFile?: string;
  targetWidth?: string;
}) {
  const targetWidth = options.targetWidth === undefined ? null : Number(options.targetWidth);
  if (targetWidth !== null && !(targetWidth > 0))
    throw new CliError(`--target-width must be a positive number, got "${options.targetWidth}"`, 2);
  const decisions = new Set<string>();
  if (options.adjudicationsFile) {
    for await (const line of jsonLines(options.adjudicationsFile)) {
      const evalId = (line as { eval_id?: unknown }).eval_id;
      if (typeof evalId === "string") decisions.add(evalId);
    }
  }
  const design = options.designFile ? await readDesign(options.designFile) : undefined;
  const rows: RatingRow[] = [];
  const rowRecords: Pick<ExportRecord, "eval_id" | "derived_from" | "rater">[] = [];
  const suites = new Set<string>();
  for await (const value of jsonLines(options.exportFile)) {
    const record = value as ExportRecord & Record<string, unknown>;
    const suite = record.task?.suite_id;
    if (typeof suite !== "string" || (options.suite !== undefined && suite !== options.suite)) continue;
    if (typeof record.eval_id === "string" && decisions.has(record.eval_id)) continue;
    const raterType = record.rater?.type;
    if (typeof raterType !== "string" || !KNOWN_RATER_TYPES.has(raterType)) continue;
    suites.add(suite);
    rows.push(ratingRowOf(record, raterType as RaterType));
    rowRecords.push({ eval_id: record.eval_id, derived_from: record.derived_from, rater: record.rater });
  }
  if (suites.size > 1)
    throw new CliError(
      `the export holds records of several suites (${[...suites].sort().join(", ")}): name one with --suite`,
      2,
    );
  const replaced = replacedByCorrections(rowRecords);
  const counted = rows.filter((_, index) => !replaced.has(rowRecords[index]!.eval_id as string));
  if (counted.length === 0)
    throw new CliError(`${options.exportFile} holds no rating${options.suite ? ` of suite "${options.suite}"` : ""}`);
  // Only the dimensions and hazards some rating gives, as the server's loader makes columns.
  const dimensions = LIKERT_DIMENSIONS.filter((dimension) =>
    counted.some((row) => row.likert[dimension] !== undefined),
  );
  const hazards = HAZARDS.filter((hazard) => counted.some((row) => row.hazards[hazard] !== undefined));
  const estimates = estimatesOfRatings(ratingColumns(counted, { dimensions, hazards }), {
    targetWidth,
    ...(design ? { inclusionOf: (item: string) => design.get(item) } : {}),
  });
  return ratingsEstimatesJson(estimates);
}

/**
 * The eval_ids a correction replaced. A correction (lib/queues/correction.ts) is a rater's new record whose
 * derived_from names their own earlier rating in the suite; the server counts it in place of that rating
 * (suite_record.supersedes, read through suite_rating), and a correction of a correction replaces the previous
 * one. A record derived from someone else's (a human's review of the judge's prefill) replaces nothing: both count.
 */
export function replacedByCorrections(
  records: readonly Pick<ExportRecord, "eval_id" | "derived_from" | "rater">[],
): Set<string> {
  const raterOf = new Map<string, string>();
  const raterKey = (record: Pick<ExportRecord, "rater">) => JSON.stringify([record.rater?.type, record.rater?.id]);
  for (const record of records) if (typeof record.eval_id === "string") raterOf.set(record.eval_id, raterKey(record));
  const replaced = new Set<string>();
  for (const record of records) {
    const original = record.derived_from;
    if (typeof original === "string" && raterOf.get(original) === raterKey(record)) replaced.add(original);
  }
  return replaced;
}

function ratingRowOf(record: ExportRecord & Record<string, unknown>, raterType: RaterType): RatingRow {
  const verdict = (hazard: string) => record.safety?.[hazard]?.verdict;
  const appropriateness = record.refusal?.appropriateness;
  return {
    item: `${String(record.task?.task_id)}|${String(record.subject?.system_under_test)}`,
    raterType,
    likert: Object.fromEntries(LIKERT_DIMENSIONS.map((dimension) => [dimension, scoreOf(record, dimension)])),
    hazards: Object.fromEntries(
      HAZARDS.map((hazard) => [hazard, typeof verdict(hazard) === "string" ? (verdict(hazard) as string) : undefined]),
    ),
    refusal: typeof appropriateness === "string" ? appropriateness : undefined,
  };
}

async function readDesign(file: string): Promise<Map<string, number>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new CliError(`${file}: not JSON (${(error as Error).message})`);
  }
  const design = DesignSidecar.safeParse(parsed);
  if (!design.success) {
    const issue = design.error.issues[0]!;
    throw new CliError(`${file}: /${issue.path.join("/")}: ${issue.message}`);
  }
  return new Map(
    design.data.items.map((item) => [`${item.task_id}|${item.system_under_test}`, item.inclusion_probability]),
  );
}
