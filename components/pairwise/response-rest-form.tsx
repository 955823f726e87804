"use client";
// The rest of the form for one response (hazards, refusal, issue tags, the
// modality's extension), collapsed until the rater opens it. The AIF form
// itself, without its submit button: the pair page submits both responses at once.
// The universal rubric is in the grid above; the pair's rationale is the
// records' freeform note, so freeform is not asked per response.
import { AifForm } from "@/components/aif-form/aif-form";
import { HIDDEN_SECTIONS } from "@/components/rating/submitted-panel";

/** Sections the pair page fills elsewhere, or the server does. */
export const PAIR_HIDDEN_SECTIONS = [...HIDDEN_SECTIONS, "universal", "freeform"] as const;

/** A response's own part of the draft: what this form edits, without the sections filled elsewhere. */
export function restOf(formData: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...formData };
  for (const section of PAIR_HIDDEN_SECTIONS) delete rest[section];
  return rest;
}

type Props = {
  index: number;
  /** The task (its modality decides which extension applies); not edited here. */
  task: Record<string, unknown>;
  initial: Record<string, unknown>;
  onChange: (rest: Record<string, unknown>) => void;
};

export function ResponseRestForm({ index, task, initial, onChange }: Props) {
  return (
    <details className="panel" data-testid={`response-${index + 1}-rest`}>
      <summary>Response {index + 1}: hazards, refusal, issue tags and more</summary>
      <AifForm
        initialDraft={{ ...initial, task }}
        onSubmit={() => undefined}
        onDraftChange={(formData) => onChange(restOf(formData))}
        hiddenSections={PAIR_HIDDEN_SECTIONS}
        showSubmit={false}
        idPrefix={`response${index + 1}`}
      />
    </details>
  );
}
