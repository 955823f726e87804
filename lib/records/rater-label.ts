// How a rater is shown beside their rating: a person by display name, a judge
// by model (and version), a share-link visitor by the start of their signed id.
// Ids only where nothing better is stored.
export function raterLabel(rater: {
  raterType: string;
  raterId: string | null;
  name?: string | null;
  model?: unknown;
  version?: unknown;
}): string {
  if (rater.raterType === "llm_judge") {
    const described = [rater.model, rater.version].filter((part) => typeof part === "string" && part !== "");
    return described.join(" · ") || (rater.raterId ?? "judge");
  }
  if (rater.raterType === "end_user") return `visitor ${(rater.raterId ?? "").slice(0, 8)}`;
  return rater.name ?? rater.raterId ?? "unknown";
}
