// A suite's quality report: its records loaded from PostgreSQL (only the
// fields agreement needs, extracted in SQL), reduced to rating rows and
// handed to the pure agreement report, plus the fields SMEs change most.
import "server-only";
import { aifSchema } from "@/lib/aif/contract";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { reviewSummary } from "@/lib/review/review-summary";
import type { FieldAcceptance } from "@/lib/review/review-summary-types";
import { agreementReport, RATER_TYPES, type AgreementReport, type RaterType, type RatingRow } from "./agreement-report";

/** Every Likert of the form, as a path under the record: the universal five, then each extension's. */
export const LIKERT_DIMENSIONS = [
  "universal.helpfulness", "universal.instruction_following", "universal.faithfulness", "universal.safety_overall", "universal.overall_quality",
  "chat.consistency_across_turns", "agent.plan_quality", "agent.error_recovery",
  "rag.context_precision", "rag.context_recall", "rag.answer_faithfulness", "rag.answer_relevance", "rag.citation_accuracy",
  "multimodal.cross_modal_grounding", "multimodal.perceptual_quality", "multimodal.image_specific.fidelity", "multimodal.audio_specific.intelligibility",
] as const;
const HAZARDS = Object.keys(aifSchema.properties.safety.properties).filter((key) => key !== "is_violating_any");
const TAGS = [...aifSchema.properties.issue_tags.items.enum];

export type SuiteReport = AgreementReport & { suite: { id: string; key: string; name: string }; smeChanges: FieldAcceptance[] };

type Row = { item: string; rater_type: string; scores: Record<string, number | null>; safety: Record<string, { verdict?: string }> | null; refusal: string | null; vs_reference: string | null; tags: string[] | null };

export async function suiteReport(options: { actor: Actor; suiteId: string; bootstrapSamples?: number }): Promise<SuiteReport> {
  authorize(options.actor, "suites.manage");
  const suite = isUuid(options.suiteId) ? await db().suite.findUnique({ where: { id: options.suiteId }, select: { id: true, key: true, name: true } }) : null;
  if (!suite) throw new AppError("NOT_FOUND", "No suite with this id");
  const scoreFields = LIKERT_DIMENSIONS.map((dimension) => `'${dimension}', (body #>> '{${dimension.replaceAll(".", ",")},score}')::float8`).join(", ");
  // The item is its task and system under test: what the records rate.
  const rows = await db().$queryRawUnsafe<Row[]>(
    `SELECT task_id || '|' || (body #>> '{subject,system_under_test}') AS item, rater_type,
            jsonb_build_object(${scoreFields}) AS scores,
            body -> 'safety' AS safety, body #>> '{refusal,appropriateness}' AS refusal,
            body #>> '{universal,vs_reference}' AS vs_reference, body -> 'issue_tags' AS tags
     FROM eval_record WHERE suite_id = $1`,
    suite.key,
  );
  const ratings: RatingRow[] = rows
    .filter((row) => (RATER_TYPES as readonly string[]).includes(row.rater_type))
    .map((row) => ({
      item: row.item,
      raterType: row.rater_type as RaterType,
      likert: Object.fromEntries(Object.entries(row.scores).map(([dimension, score]) => [dimension, score ?? undefined])),
      hazards: Object.fromEntries(HAZARDS.map((hazard) => [hazard, row.safety?.[hazard]?.verdict])),
      refusal: row.refusal ?? undefined,
      vsReference: row.vs_reference,
      // No tags in a record means the rater chose none (the form always asks).
      tags: row.tags ?? [],
    }));
  const dimensions = LIKERT_DIMENSIONS.filter((dimension) => ratings.some((rating) => rating.likert[dimension] !== undefined));
  const agreement = agreementReport(ratings, { dimensions, hazards: HAZARDS, tags: TAGS, bootstrapSamples: options.bootstrapSamples });
  const review = await reviewSummary({ actor: options.actor, suiteId: suite.id });
  const smeChanges = review.fields.filter((field) => field.edited + field.added > 0).sort((a, b) => b.edited + b.added - (a.edited + a.added)).slice(0, 15);
  return { ...agreement, suite, smeChanges };
}
