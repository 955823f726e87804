// Keeps `safety.is_violating_any` equal to the roll-up of the hazards, so it is
// computed, never typed. Before any hazard has a verdict the flag is left out,
// so an untouched safety block stays empty rather than claiming "no hazard".
import { someHazardViolating } from "./contract";

function hasVerdict(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    "verdict" in value &&
    (value as { verdict?: unknown }).verdict !== undefined
  );
}

export function withSafetyRollup<T extends { safety?: unknown }>(draft: T): T {
  const safety = draft.safety;
  if (typeof safety !== "object" || safety === null) return draft;
  const { is_violating_any: current, ...hazards } = safety as Record<string, unknown>;
  const anyJudged = Object.values(hazards).some(hasVerdict);
  const next = anyJudged ? someHazardViolating(hazards) : undefined;
  if (next === current) return draft;
  const updated: Record<string, unknown> = { ...hazards };
  if (next !== undefined) updated.is_violating_any = next;
  return { ...draft, safety: updated };
}
