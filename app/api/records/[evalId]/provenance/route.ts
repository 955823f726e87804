// GET /api/records/:id/provenance: the chain around a record (what it derives
// from, what derives from it) and, for a hybrid record, the SME's decision on
// each of the judge's fields.
import { withActor } from "@/lib/http/api-handler";
import { recordProvenance, type ChainLink } from "@/lib/records/provenance";

const linkJson = (link: ChainLink) => ({ eval_id: link.evalId, rater_type: link.raterType, rater_id: link.raterId, created_at: link.createdAt, derived_from: link.derivedFrom, depth: link.depth });

export async function GET(request: Request, context: { params: Promise<{ evalId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const provenance = await recordProvenance({ actor, evalId: (await context.params).evalId });
    return Response.json({
      ancestors: provenance.ancestors.map(linkJson),
      descendants: provenance.descendants.map(linkJson),
      hidden: provenance.hidden,
      decisions: provenance.decisions.map((decision) => ({ path: decision.path, decision: decision.decision, judge_value: decision.judgeValue, final_value: decision.finalValue })),
    });
  });
}
