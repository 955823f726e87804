// A judgment read from another tool's output (lib/imports/judge-formats.ts) →
// the item of the suite it rates → an llm_judge AIF record, which then takes
// the same path as any AIF prefill. The verbatim AIF schema has no extension
// field: the judge is rater.model, the judge's version (given at upload), the
// judge prompt and the scale mapping are rater.version, and the source's verdict and the mapping in words are
// freeform.notes. A source's one overall score is overall_quality only; the
// universal dimensions it did not rate (all five for a pairwise-only source:
// AlpacaEval, an Arena-Hard verdict, which sets vs_reference) are marked not
// rated (lib/aif/not-rated.ts), since the schema requires every one of them.
import type { Judgment } from "@/lib/imports/judge-formats";
import type { Refusal } from "@/lib/imports/refusal-log";
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { notRatedLikert } from "@/lib/aif/not-rated";

export type JudgeItemRow = {
  itemId: string;
  taskId: string;
  sourceSuiteId: string | null;
  systemUnderTest: string;
  modality: string;
  prompt: string;
  modalityTags: string[];
};

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 14)} … [truncated]`;
}

/** Indexes of a suite's items by task id, by the part after the last ":", and by prompt. */
export function judgeItemIndex(rows: JudgeItemRow[]) {
  const byKey = new Map<string, JudgeItemRow[]>();
  const add = (key: string, row: JudgeItemRow) => byKey.set(key, [...(byKey.get(key) ?? []), row]);
  for (const row of rows) {
    add(`id:${row.taskId}`, row);
    const colon = row.taskId.lastIndexOf(":");
    if (colon >= 0) add(`id:${row.taskId.slice(colon + 1)}`, row);
    add(`prompt:${row.prompt.trim()}`, row);
  }
  return byKey;
}

export function matchJudgment(
  judgment: Judgment,
  index: Map<string, JudgeItemRow[]>,
  line: number,
): JudgeItemRow | Refusal {
  const keys =
    judgment.match.prompt !== undefined
      ? [`prompt:${judgment.match.prompt.trim()}`]
      : judgment.match.ids.map((id) => `id:${id}`);
  const found = [...new Set(keys.flatMap((key) => index.get(key) ?? []))];
  const sut = judgment.match.systemUnderTest;
  const candidates = sut === undefined ? found : found.filter((row) => row.systemUnderTest === sut);
  const what =
    judgment.match.prompt !== undefined
      ? "this instruction as its prompt"
      : `task id ${judgment.match.ids.map((id) => JSON.stringify(id)).join(" or ")} (or ending in ":" + it)`;
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0)
    return {
      line,
      field: judgment.match.prompt !== undefined ? "/instruction" : "",
      rule: "unmatched",
      message:
        found.length > 0 && sut !== undefined
          ? `items with ${what} exist, but none has system under test ${JSON.stringify(sut)}`
          : `no item of this suite has ${what}${judgment.match.unmatchedHint ? `: ${judgment.match.unmatchedHint}` : ""}`,
    };
  return {
    line,
    field: "",
    rule: "ambiguous",
    message: `${candidates.length} items of this suite have ${what}${sut === undefined ? "; the source does not name the model judged" : ` and system under test ${JSON.stringify(sut)}`}`,
  };
}

export function judgmentRecord(
  judgment: Judgment,
  item: JudgeItemRow,
  format: string,
  scale: string,
): Record<string, unknown> {
  const rationale = clip(judgment.rationale || "(the judge gave no text)", 2000);
  const score = judgment.score?.value;
  const universal: Record<string, unknown> = {};
  for (const dimension of UNIVERSAL_DIMENSIONS) {
    if (score !== undefined && dimension === "overall_quality") universal[dimension] = { score, rationale };
    else
      universal[dimension] = notRatedLikert(
        score === undefined
          ? "the judge gave only a pairwise preference (see vs_reference), no score."
          : "the judge gave one overall score (overall_quality), not this dimension.",
      );
  }
  if (judgment.vsReference) universal.vs_reference = judgment.vsReference.value;
  const freeform: Record<string, string> = { notes: clip(`Imported as ${format}: ${judgment.mapping}.`, 2000) };
  if (judgment.strengths) freeform.strengths = clip(judgment.strengths, 1000);
  if (judgment.weaknesses) freeform.weaknesses = clip(judgment.weaknesses, 1000);
  // The judge's own version, when the admin gave it at upload, leads: the format and mapping follow.
  const version = `${judgment.judge.version ? `${judgment.judge.version}; ` : ""}${format}${judgment.judge.prompt ? ` ${judgment.judge.prompt}` : ""}; scale ${judgment.score ? scale : "none"}`;
  return {
    rater: {
      type: "llm_judge",
      id: `${format}:${judgment.judge.model}${judgment.judge.prompt ? `:${judgment.judge.prompt}` : ""}`,
      model: judgment.judge.model,
      version,
    },
    task: {
      task_id: item.taskId,
      ...(item.sourceSuiteId === null ? {} : { suite_id: item.sourceSuiteId }),
      modality: item.modality,
      prompt: item.prompt,
    },
    subject: {
      system_under_test: item.systemUnderTest,
      modality_tags: item.modalityTags.length > 0 ? item.modalityTags : ["chat"],
    },
    universal,
    freeform,
  };
}
