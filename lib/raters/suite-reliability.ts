// Reliability models over a suite's people (issue 38 §3), from the ratings the
// suite counts (suite_rating: corrections in place of what they correct):
// Dawid–Skene and MACE on each nominal field (every hazard's verdict and the
// refusal's appropriateness), averaged per rater over the fields, weighted by
// their judgments; the additive leniency model on each universal dimension,
// averaged likewise. People only: judges and share-link visitors are left out.
import "server-only";
import { HAZARDS, PERSON_RATER_TYPES, UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { ratedScoreSql } from "@/lib/aif/not-rated";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { dawidSkene, type NominalLabels } from "./dawid-skene";
import { raterLeniency } from "./leniency";
import { mace } from "./mace";

export type RaterReliability = {
  personId: string;
  name: string;
  /** Dawid–Skene: the chance they give the true class, over the nominal fields (null: no field with another rater). */
  dawidSkeneAccuracy: number | null;
  /** MACE competence θ: 1 − their spammer score. */
  maceCompetence: number | null;
  nominalJudgments: number;
  /** Score points above (+) or below (−) the others on the same items, shrunk; mean over the universal dimensions. */
  leniency: number | null;
  likertCompared: number;
};

type Row = {
  rater_id: string;
  name: string;
  item: string;
  verdicts: (string | null)[];
  refusal: string | null;
  scores: (string | null)[];
};

export async function suiteRaterReliability(options: { actor: Actor; suiteId: string }): Promise<RaterReliability[]> {
  authorize(options.actor, "users.manage");
  if (
    !isUuid(options.suiteId) ||
    !(await db().suite.findUnique({ where: { id: options.suiteId }, select: { id: true } }))
  )
    throw new AppError("NOT_FOUND", "No suite with this id");
  const verdicts = HAZARDS.map((hazard) => `r.body -> 'safety' -> '${hazard}' ->> 'verdict'`).join(", ");
  const scores = UNIVERSAL_DIMENSIONS.map((dimension) =>
    ratedScoreSql(`(r.body -> 'universal' -> '${dimension}')`),
  ).join(", ");
  const rows = await db().$queryRawUnsafe<Row[]>(
    `SELECT r.rater_id, coalesce(u.name, r.rater_id) AS name,
            r.task_id || '|' || coalesce(r.body -> 'subject' ->> 'system_under_test', '') AS item,
            ARRAY[${verdicts}]::text[] AS verdicts, r.body -> 'refusal' ->> 'appropriateness' AS refusal,
            ARRAY[${scores}]::text[] AS scores
     FROM suite_rating sr JOIN eval_record r ON r.eval_id = sr.eval_id LEFT JOIN app_user u ON u.id = r.rater_id
     WHERE sr.suite_id = $1::uuid AND r.rater_type = ANY($2::text[]) AND r.rater_id IS NOT NULL`,
    options.suiteId,
    [...PERSON_RATER_TYPES],
  );
  return reliabilityOfRows(rows);
}

function reliabilityOfRows(rows: Row[]): RaterReliability[] {
  const raterIndex = new Map<string, number>();
  const names: string[] = [];
  const itemIndex = new Map<string, number>();
  for (const row of rows) {
    if (!raterIndex.has(row.rater_id)) raterIndex.set(row.rater_id, names.push(row.name) - 1);
    if (!itemIndex.has(row.item)) itemIndex.set(row.item, itemIndex.size);
  }
  const raterCount = names.length;
  const accuracy = new Array<number>(raterCount).fill(0);
  const competence = new Array<number>(raterCount).fill(0);
  const nominalWeight = new Array<number>(raterCount).fill(0);
  const fields = [...HAZARDS.map((_, index) => (row: Row) => row.verdicts[index] ?? null), (row: Row) => row.refusal];
  for (const valueOf of fields) {
    const labelled = rows.filter((row) => valueOf(row) !== null);
    const classes = [...new Set(labelled.map((row) => valueOf(row)!))].sort();
    // A field nobody disagrees on, or judged once per item, says nothing of anyone's reliability.
    if (classes.length < 2 || labelled.length <= new Set(labelled.map((row) => row.item)).size) continue;
    const data: NominalLabels = {
      classes,
      items: labelled.map((row) => itemIndex.get(row.item)!),
      raters: labelled.map((row) => raterIndex.get(row.rater_id)!),
      labels: labelled.map((row) => classes.indexOf(valueOf(row)!)),
      itemCount: itemIndex.size,
      raterCount,
    };
    const ds = dawidSkene(data);
    const spam = mace(data);
    const judgments = new Array<number>(raterCount).fill(0);
    for (const rater of data.raters) judgments[rater]! += 1;
    judgments.forEach((count, j) => {
      if (count === 0) return;
      accuracy[j]! += count * ds.accuracy[j]!;
      competence[j]! += count * spam.competence[j]!;
      nominalWeight[j]! += count;
    });
  }
  const leniency = new Array<number>(raterCount).fill(0);
  const likertWeight = new Array<number>(raterCount).fill(0);
  UNIVERSAL_DIMENSIONS.forEach((_, index) => {
    const scored = rows.filter((row) => row.scores[index] !== null && row.scores[index] !== undefined);
    const fit = raterLeniency({
      items: scored.map((row) => itemIndex.get(row.item)!),
      raters: scored.map((row) => raterIndex.get(row.rater_id)!),
      scores: scored.map((row) => Number(row.scores[index])),
      raterCount,
    });
    fit.effect.forEach((effect, j) => {
      if (effect === null) return;
      leniency[j]! += fit.compared[j]! * effect;
      likertWeight[j]! += fit.compared[j]!;
    });
  });
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return [...raterIndex].map(([personId, j]) => ({
    personId,
    name: names[j]!,
    dawidSkeneAccuracy: nominalWeight[j]! > 0 ? round(accuracy[j]! / nominalWeight[j]!) : null,
    maceCompetence: nominalWeight[j]! > 0 ? round(competence[j]! / nominalWeight[j]!) : null,
    nominalJudgments: nominalWeight[j]!,
    leniency: likertWeight[j]! > 0 ? round(leniency[j]! / likertWeight[j]!) : null,
    likertCompared: likertWeight[j]!,
  }));
}
