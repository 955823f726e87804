// The demo's quality suite: the 30 demo answers (demo/items.jsonl; the three
// answers to three of the prompts are gold, their targets the assessments'
// scores), each rated three times by four generated demo raters and once by a
// generated demo judge, so the quality report has agreement, calibration,
// drift and judge trust to show. The raters and the judge are this script:
// their scores follow demo/assessments.jsonl with seeded noise, their
// rationales say they are generated, and so do their names.
import { Readable } from "node:stream";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import type { Actor } from "@/lib/auth/actor";
import { createImport, readImportFile } from "@/lib/imports/service";
import type { Item } from "@/lib/items/types";
import { getAssignment, submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { importPrefills } from "@/lib/review/prefill-import";
import { createSuite } from "@/lib/suites/service";
import {
  assessmentOf,
  clampScore,
  GENERATED_JUDGE_RATING,
  likert,
  ratedDraft,
  systemOf,
  targetScore,
  UNIVERSAL_DIMENSIONS,
  type DemoContent,
} from "./seed-demo-content";

export const DEMO_QUALITY_SUITE_KEY = "demo-quality";
const GOLD_TASKS = new Set(["demo-chat-mutex", "demo-agent-booking", "demo-rag-router"]);
/**
 * Rater D rates its first gold item like the others; on every later gold item it is two points off (low on a
 * good answer, high on a poor one), so drift shows whichever gold items it gets. Its other ratings stay in
 * line, so the agreement figures are the raters' agreement, not D's drift (which calibration reports).
 */
const DRIFT_AFTER_GOLD = 1;
const drift = (target: number) => (target >= 3 ? -2 : 2);
export const DEMO_JUDGE_MODEL = "demo judge (generated ratings, no model)";

/** The items as the quality suite imports them: its key as suite_id, gold answers with their targets. */
function qualityItems(content: DemoContent): Item[] {
  return content.items.map((item) => {
    const task = { ...item.task, suite_id: DEMO_QUALITY_SUITE_KEY };
    if (!GOLD_TASKS.has(item.task.task_id)) return { ...item, task };
    const assessment = assessmentOf(content, item.task.task_id, systemOf(item));
    return {
      ...item,
      task: {
        ...task,
        gold_item_id: `${item.task.task_id}:${systemOf(item)}`,
        calibration_target: {
          universal: Object.fromEntries(
            UNIVERSAL_DIMENSIONS.map((dimension) => [dimension, { score: targetScore(assessment, dimension) }]),
          ),
        },
      },
    };
  });
}

export async function seedDemoQualitySuite(options: {
  admin: Actor;
  sme: Actor;
  raters: Actor[];
  content: DemoContent;
}): Promise<void> {
  const { admin, sme, raters, content } = options;
  const items = qualityItems(content);
  const created = await createImport({ actor: admin, input: { format: "items", file_name: "demo/items.jsonl" } });
  await readImportFile({
    actor: admin,
    importId: created.id,
    file: Readable.from([items.map((item) => JSON.stringify(item)).join("\n")]),
  });
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Demo quality suite",
      key: DEMO_QUALITY_SUITE_KEY,
      overlap_k: 3,
      gold_share: items.filter((item) => item.task.gold_item_id).length / items.length,
      hold_minutes: 30,
      rater_ids: [...raters, sme].map((rater) => rater.userId),
      import_ids: [created.id],
    },
  });
  // Raters are off by a point now and then.
  const random = mulberry32(11);
  const noise = () => (random() < 0.15 ? (random() < 0.5 ? -1 : 1) : 0);
  let driftingGold = 0;
  // The raters work at the same time, as people would, one item each per round, so each gets a fair share.
  for (let progress = true; progress;) {
    const rated = await Promise.all(
      raters.map(async (rater, index) => {
        const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
        if (!next.assignmentId) return false;
        const { item } = await getAssignment({ rater: userRater(rater), assignmentId: next.assignmentId });
        const gold = Boolean(item.task.gold_item_id);
        const drifted = index === raters.length - 1 && gold && driftingGold++ >= DRIFT_AFTER_GOLD;
        const assessment = assessmentOf(content, item.task.task_id, systemOf(item));
        const draft = ratedDraft(assessment, (_dimension, target) => (drifted ? drift(target) : noise()));
        await submitAssignment({ rater: userRater(rater), assignmentId: next.assignmentId, draft });
        return true;
      }),
    );
    progress = rated.some(Boolean);
  }
  // The demo judge tracks the answers' quality on most dimensions, but is taken in by confident answers on
  // faithfulness: it scores that 4 or 5 whatever the facts, and a full 5 to the answers that invent them.
  const judge = items.map((item) => {
    const assessment = assessmentOf(content, item.task.task_id, systemOf(item));
    const universal = Object.fromEntries(
      UNIVERSAL_DIMENSIONS.map((dimension) => {
        const target = targetScore(assessment, dimension);
        const score =
          dimension === "faithfulness"
            ? target <= 3
              ? 5
              : 4 + Math.round(random())
            : clampScore(target + (random() < 0.15 ? 1 : 0));
        return [dimension, likert(assessment, dimension, score, GENERATED_JUDGE_RATING)];
      }),
    );
    return {
      schema_version: AIF_SCHEMA_VERSION,
      rater: { type: "llm_judge", id: "demo-judge#generated", model: DEMO_JUDGE_MODEL, n_samples: 1 },
      task: item.task,
      subject: item.subject,
      universal,
      safety: { is_violating_any: false },
    };
  });
  const report = await importPrefills({
    actor: admin,
    suiteId: suite.id,
    file: Readable.from([judge.map((record) => JSON.stringify(record)).join("\n")]),
    fileName: "demo-judge.jsonl",
  });
  if (report.importId === null)
    throw new Error(`demo judge records refused: ${JSON.stringify(report.errors.slice(0, 3))}`);
}
