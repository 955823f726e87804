// Which modality extensions (chat, agent, rag, multimodal) apply to a record.
// The mapping is data in the uiSchema (`ui:options.showWhen`), read here.
import uiSchema from "@/schemas/aif-eval-form.ui-schema.json";

export const EXTENSION_SECTIONS = ["chat", "agent", "rag", "multimodal"] as const;
export type ExtensionSection = (typeof EXTENSION_SECTIONS)[number];

type ShowWhen = { modality: string[]; modality_tags: string[] };

function showWhen(section: ExtensionSection): ShowWhen {
  return (uiSchema[section]["ui:options"] as { showWhen: ShowWhen }).showWhen;
}

/**
 * The extension sections to show: those the task's modality or the subject's
 * modality tags call for, plus any that already hold data (so switching the
 * modality never hides what a rater typed).
 */
export function applicableExtensions(draft: {
  task?: { modality?: string };
  subject?: { modality_tags?: string[] };
  [section: string]: unknown;
}): Set<ExtensionSection> {
  const modality = draft.task?.modality;
  const tags = draft.subject?.modality_tags ?? [];
  const applicable = new Set<ExtensionSection>();
  for (const section of EXTENSION_SECTIONS) {
    const rule = showWhen(section);
    const called =
      (modality && rule.modality.includes(modality)) || tags.some((tag) => rule.modality_tags.includes(tag));
    if (called || hasData(draft[section])) {
      applicable.add(section);
    }
  }
  return applicable;
}

// Deep: a section holding only `{}`/`[]`/"" left behind by the form is empty.
function hasData(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return false;
  if (typeof value !== "object") return true;
  return Object.values(value).some(hasData);
}
