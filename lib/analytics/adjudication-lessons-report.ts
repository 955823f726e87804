// The report's "What adjudication teaches" section, put together from the
// loaded ratings, the adjudicated answers and the gold calibration: α before
// and after, each rater's accuracy against adjudicated answers beside gold,
// the judge's agreement per model and prompt version, and the confidence
// calibration against adjudicated answers.
import "server-only";
import { db } from "@/lib/db";
import {
  accuracyAgainstAdjudication,
  alphaBeforeAfter,
  errorsAgainstAdjudication,
  type AccuracyAgainstAdjudication,
  type AlphaBeforeAfter,
  type GoldAccuracy,
} from "./adjudication-lessons";
import type { AdjudicationReference } from "./adjudication-reference";
import type { LikertAgreement } from "./agreement-report";
import type { ItemGroups } from "./rating-units";
import { confidenceCalibration, type ConfidenceLevel } from "./confidence-calibration";
import { judgeVersionAgreement, type JudgeVersionAgreement, type JudgeWeek } from "./judge-versions";
import type { ReportRatings } from "./report-ratings";
import type { RaterConfidenceCalibration, SuiteCalibration } from "./suite-calibration-types";

export type RaterLessons = {
  rater: string;
  raterType: string;
  name: string;
  /** Null when none of their ratings is of an adjudicated item. */
  adjudicated: Omit<AccuracyAgainstAdjudication, "rater"> | null;
  /** Null when they rated no gold item. */
  gold: Omit<GoldAccuracy, "rater"> | null;
};
export type AdjudicationLessons = {
  adjudicatedItems: number;
  alpha: AlphaBeforeAfter[];
  raters: RaterLessons[];
  judgeVersions: JudgeVersionAgreement[];
  judgeWeeks: JudgeWeek[];
  /** Error against adjudicated answers at each self-reported confidence level (the gold one is calibration.confidence). */
  confidence: { overall: ConfidenceLevel[]; raters: RaterConfidenceCalibration[] };
};

export const NO_LESSONS: AdjudicationLessons = {
  adjudicatedItems: 0,
  alpha: [],
  raters: [],
  judgeVersions: [],
  judgeWeeks: [],
  confidence: { overall: [], raters: [] },
};

export function adjudicationLessons(
  loaded: ReportRatings,
  reference: AdjudicationReference,
  calibration: SuiteCalibration,
  options: { level: "ordinal" | "interval"; groups: ItemGroups; likert: readonly LikertAgreement[] },
): AdjudicationLessons {
  const { answers, sources } = reference;
  const { level, groups } = options;
  const judges = judgeVersionAgreement(loaded.ratings, loaded.judgeRuns, {
    dimensions: loaded.dimensions,
    level,
    groups,
  });
  const who = new Map(reference.raters);
  for (const rater of [...calibration.raters, ...calibration.confidence.raters])
    who.set(rater.rater, { raterType: rater.raterType, name: rater.name });
  const adjudicated = new Map(accuracyAgainstAdjudication(sources, answers).map((entry) => [entry.rater, entry]));
  const gold = new Map((calibration.accuracy ?? []).map((entry) => [entry.rater, entry]));
  const raters = [...new Set([...adjudicated.keys(), ...gold.keys()])]
    .map((rater): RaterLessons => {
      const { rater: _a, ...against } = adjudicated.get(rater) ?? { rater };
      const { rater: _g, ...onGold } = gold.get(rater) ?? { rater };
      return {
        rater,
        ...(who.get(rater) ?? { raterType: rater.slice(0, rater.indexOf(":")), name: rater }),
        adjudicated: adjudicated.has(rater) ? (against as Omit<AccuracyAgainstAdjudication, "rater">) : null,
        gold: gold.has(rater) ? (onGold as Omit<GoldAccuracy, "rater">) : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.rater.localeCompare(b.rater));
  // The same population as the gold table (calibration.confidence): people's ratings, never a judge's.
  const confidence = confidenceCalibration(
    errorsAgainstAdjudication(
      sources.filter((source) => !source.rater.startsWith("llm_judge:")),
      answers,
    ),
  );
  return {
    adjudicatedItems: answers.size,
    alpha: alphaBeforeAfter(loaded.ratings, answers, {
      dimensions: loaded.dimensions,
      level,
      groups,
      before: new Map(options.likert.map((entry) => [entry.dimension, entry.humanHuman])),
    }),
    raters,
    judgeVersions: judges.versions,
    judgeWeeks: judges.weeks,
    confidence: {
      overall: answers.size === 0 ? [] : confidence.overall,
      raters: confidence.raters.map((entry) => ({
        ...entry,
        ...(who.get(entry.rater) ?? { raterType: "", name: entry.rater }),
      })),
    },
  };
}

/** The raters' names as they are now (a cached report keeps the names it was computed with). */
export async function lessonsWithCurrentNames(lessons: AdjudicationLessons | undefined): Promise<AdjudicationLessons> {
  if (!lessons) return NO_LESSONS;
  const people = (raters: { rater: string; raterType: string }[]) =>
    raters.filter((rater) => rater.raterType !== "end_user" && rater.raterType !== "llm_judge");
  const ids = [...people(lessons.raters), ...people(lessons.confidence.raters)].map((rater) =>
    rater.rater.slice(rater.rater.indexOf(":") + 1),
  );
  if (ids.length === 0) return lessons;
  const users = await db().user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, name: true },
  });
  const nameOf = new Map(users.map((user) => [user.id, user.name]));
  const named = <T extends { rater: string; raterType: string; name: string }>(rater: T): T =>
    rater.raterType === "end_user" || rater.raterType === "llm_judge"
      ? rater
      : { ...rater, name: nameOf.get(rater.rater.slice(rater.rater.indexOf(":") + 1)) ?? rater.name };
  return {
    ...lessons,
    raters: lessons.raters.map(named),
    confidence: { ...lessons.confidence, raters: lessons.confidence.raters.map(named) },
  };
}
