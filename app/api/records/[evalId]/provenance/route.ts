// GET /api/records/:id/provenance: the chain around a record (what it derives
// from, what derives from it) and, for a hybrid record, the SME's decision on
// each of the judge's fields.
import { ProvenanceSchema } from "@/lib/api-schemas/records";
import { defineRoute } from "@/lib/http/define-route";
import { recordProvenance, type ChainLink } from "@/lib/records/provenance";

const linkJson = (link: ChainLink) => ({
  eval_id: link.evalId,
  rater_type: link.raterType,
  rater_id: link.raterId,
  created_at: link.createdAt,
  derived_from: link.derivedFrom,
  depth: link.depth,
});

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/records/{evalId}/provenance",
    id: "getRecordProvenance",
    tag: "Records",
    access: "records.read_own",
    summary: "The chain around a record",
    description:
      "What the record derives from, what derives from it, and for a hybrid record the SME's decision on each of the judge's fields.",
    responses: { 200: { description: "The provenance.", schema: ProvenanceSchema } },
    errors: [404],
  },
  async ({ actor, params }) => {
    const provenance = await recordProvenance({ actor, evalId: params.evalId });
    return {
      ancestors: provenance.ancestors.map(linkJson),
      descendants: provenance.descendants.map(linkJson),
      hidden: provenance.hidden,
      decisions: provenance.decisions.map((decision) => ({
        path: decision.path,
        decision: decision.decision,
        judge_value: decision.judgeValue,
        final_value: decision.finalValue,
      })),
    };
  },
);
