// The demo's pairwise suite: the three demo systems' answers to the ten demo
// prompts, each compared with the baseline's (demo-assistant-v1), judged by
// three generated demo raters through the rater's own pair flow and by a
// generated demo judge through a real judge run, so the leaderboard, the win
// rates and position bias have data on first start. One slot per pair is left
// for the demo rater. The generated judge is a local chat-completions endpoint
// answering from demo/assessments.jsonl (no model is asked); it leans towards
// the response shown first and the longer one, as LLM judges are known to, so
// the judge's flip rate and position bias show too.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import type { Actor } from "@/lib/auth/actor";
import { createImport, readImportFile } from "@/lib/imports/service";
import type { Item } from "@/lib/items/types";
import { getPairwiseJudgeRun, pairwiseJudgeRunFinished, startPairwiseJudgeRun } from "@/lib/pairwise/judge-run";
import type { PairwiseVerdict } from "@/lib/pairwise/judge-prompt";
import { setPairwiseSuiteReviewers } from "@/lib/pairwise/pair-reviewers";
import { getPairAssignment, nextPair, submitPair } from "@/lib/pairwise/pairs";
import { createPairwiseSuite } from "@/lib/pairwise/suites";
import { startFakeChatCompletionsServer } from "@/lib/testing/fake-openai-server";
import {
  clampScore,
  DEMO_BASELINE_SYSTEM,
  GENERATED_JUDGE_RATING,
  GENERATED_RATING,
  likert,
  ratedDraft,
  systemOf,
  targetScore,
  UNIVERSAL_DIMENSIONS,
  type Assessment,
  type DemoContent,
} from "./seed-demo-content";

export const DEMO_PAIRWISE_SUITE_KEY = "demo-pairwise";
export const DEMO_PAIRWISE_JUDGE_MODEL = "demo pairwise judge (generated verdicts, no model)";
const GENERATED_VERDICT = "(generated demo verdict)";
/** Each pair gets one judgment from each generated rater and keeps one slot for the demo rater. */
const GENERATED_RATERS_PER_PAIR = 3;

type Transcript = Item["transcript"];

/** An answer's last words: unique per answer in the demo set, and unchanged by storage (JSONB reorders keys). */
function lastText(transcript: Transcript): string {
  const last = transcript.messages.at(-1)!;
  return last.content.map((segment) => ("text" in segment ? segment.text : "")).join("");
}

function assessmentIndex(content: DemoContent): (taskId: string, transcript: Transcript) => Assessment {
  const byAnswer = new Map(
    content.items.map((item) => [
      `${item.task.task_id}\n${lastText(item.transcript)}`,
      content.assessments.find((entry) => entry.task_id === item.task.task_id && entry.system === systemOf(item))!,
    ]),
  );
  return (taskId, transcript) => {
    const found = byAnswer.get(`${taskId}\n${lastText(transcript)}`);
    if (!found) throw new Error(`the demo pair's answer to ${taskId} is not one of demo/items.jsonl`);
    return found;
  };
}

const PREFERENCES = ["much_worse", "worse", "equivalent", "better", "much_better"] as const;
const preferenceOf = (difference: number) => PREFERENCES[clampScore(difference + 3) - 1]!;
const NOTHING = "none worth noting";

function pairRationale(left: Assessment, right: Assessment, difference: number, marker: string): string {
  const weakOrGood = (assessment: Assessment) =>
    assessment.weakness === NOTHING ? assessment.strength : assessment.weakness;
  const [one, two] = ["Response 1", "Response 2"];
  if (difference === 0) return `About equal. ${one}: ${left.strength}. ${two}: ${right.strength}. ${marker}`;
  return difference > 0
    ? `${one} is better: ${left.strength}. ${two}: ${weakOrGood(right)}. ${marker}`
    : `${two} is better: ${right.strength}. ${one}: ${weakOrGood(left)}. ${marker}`;
}

export async function seedDemoPairwiseSuite(options: {
  admin: Actor;
  sme: Actor;
  raters: Actor[];
  /** The demo rater and SME, who compare pairs too (the generated raters are listed as well). */
  demoRaterIds: string[];
  content: DemoContent;
}): Promise<void> {
  const { admin, sme, content } = options;
  const items = content.items.map((item) => ({ ...item, task: { ...item.task, suite_id: DEMO_PAIRWISE_SUITE_KEY } }));
  const created = await createImport({
    actor: admin,
    input: { format: "items", file_name: "demo/items.jsonl (pairwise)" },
  });
  await readImportFile({
    actor: admin,
    importId: created.id,
    file: Readable.from([items.map((item) => JSON.stringify(item)).join("\n")]),
  });
  const suite = await createPairwiseSuite({
    actor: admin,
    input: {
      name: "Demo pairwise suite",
      key: DEMO_PAIRWISE_SUITE_KEY,
      design: "baseline",
      baseline_system: DEMO_BASELINE_SYSTEM,
      overlap_k: GENERATED_RATERS_PER_PAIR + 1,
      import_ids: [created.id],
      rater_ids: [...options.demoRaterIds, ...options.raters.map((rater) => rater.userId)],
    },
  });
  await setPairwiseSuiteReviewers({ actor: admin, suiteId: suite.id, input: { reviewer_ids: [sme.userId] } });
  await judgePairsAsRaters({ ...options, suiteId: suite.id });
  await judgePairsAsJudge({ admin, suiteId: suite.id, content });
}

/**
 * Each generated rater judges every pair as a rater would: it sees the two
 * answers in the order the app shows them, prefers the better one by its
 * assessment (now and then by a point more or less), and rates both. Rater
 * C leans towards the response shown first on close calls.
 */
async function judgePairsAsRaters(options: { raters: Actor[]; suiteId: string; content: DemoContent }) {
  const assessmentFor = assessmentIndex(options.content);
  const random = mulberry32(23);
  const noise = () => (random() < 0.15 ? (random() < 0.5 ? -1 : 1) : 0);
  // The raters work at the same time, as people would (and the seed waits less).
  await Promise.all(
    options.raters.slice(0, GENERATED_RATERS_PER_PAIR).map(async (rater, index) => {
      const leansLeft = index === 2;
      for (;;) {
        const next = await nextPair({ actor: rater, suiteId: options.suiteId });
        if (next.assignmentId === null) break;
        const pair = await getPairAssignment({ actor: rater, assignmentId: next.assignmentId });
        const [left, right] = pair.responses.map((response) =>
          assessmentFor(pair.task.task_id, response.transcript),
        ) as [Assessment, Assessment];
        let difference = left.scores.overall_quality - right.scores.overall_quality + noise();
        if (leansLeft && Math.abs(difference) <= 1 && random() < 0.5) difference += 1;
        difference = Math.max(-2, Math.min(2, difference));
        await submitPair({
          actor: rater,
          assignmentId: next.assignmentId,
          input: {
            preference: preferenceOf(difference),
            rationale: pairRationale(left, right, difference, GENERATED_RATING),
            responses: [left, right].map((assessment) => ratedDraft(assessment, noise)),
          },
        });
      }
    }),
  );
}

/**
 * A judge run of the app against a local chat-completions endpoint whose
 * answers are generated from the assessments: the judge perceives an answer
 * as half a point better when it is the longer of the two, and Response A as
 * 0.7 points better than it is, give or take half a point (fixed per
 * question, so a second seed answers the same), so close pairs flip with the order.
 */
const LENGTH_LEAN = 0.5;
const POSITION_LEAN = 0.7;
const jitter = (prompt: string) => createHash("sha256").update(prompt).digest()[0]! / 255 - 0.5;

async function judgePairsAsJudge(options: { admin: Actor; suiteId: string; content: DemoContent }) {
  const { content } = options;
  const assessmentFor = assessmentIndex(content);
  const answerIn = (section: string) => {
    const item = content.items.find((candidate) => section.trimEnd().endsWith(lastText(candidate.transcript).trim()));
    if (!item) throw new Error("the demo judge was asked about an answer that is not in demo/items.jsonl");
    return { item, assessment: assessmentFor(item.task.task_id, item.transcript) };
  };
  const verdicts: PairwiseVerdict[] = ["B>>A", "B>A", "A=B", "A>B", "A>>B"];
  const server = await startFakeChatCompletionsServer({
    respond: ({ messages }) => {
      const prompt = String((messages.at(-1) as { content?: unknown }).content ?? "");
      const section = (tag: string) => prompt.split(`<${tag}>\n`)[1]!.split(`\n</${tag}>`)[0]!;
      const [a, b] = [answerIn(section("response_a")), answerIn(section("response_b"))];
      const lengthA = lastText(a.item.transcript).length;
      const lengthB = lastText(b.item.transcript).length;
      const perceived =
        a.assessment.scores.overall_quality -
        b.assessment.scores.overall_quality +
        (lengthA > lengthB ? LENGTH_LEAN : lengthA < lengthB ? -LENGTH_LEAN : 0) +
        POSITION_LEAN +
        jitter(prompt);
      const verdict = verdicts[Math.max(0, Math.min(4, Math.round(perceived) + 2))]!;
      const difference = Math.round(perceived);
      const rationale = pairRationale(a.assessment, b.assessment, difference, GENERATED_VERDICT)
        .replaceAll("Response 1", "Response A")
        .replaceAll("Response 2", "Response B");
      return {
        content: JSON.stringify({
          verdict,
          rationale: rationale.slice(0, 900),
          response_a: { universal: judgeUniversal(a.assessment) },
          response_b: { universal: judgeUniversal(b.assessment) },
        }),
      };
    },
  });
  try {
    const run = await startPairwiseJudgeRun({
      actor: options.admin,
      suiteId: options.suiteId,
      endpoint: {
        baseUrl: server.url,
        model: DEMO_PAIRWISE_JUDGE_MODEL,
        concurrency: 4,
        timeoutMs: 10_000,
        maxAttempts: 1,
      },
    });
    await pairwiseJudgeRunFinished(run.id);
    const finished = await getPairwiseJudgeRun({ actor: options.admin, runId: run.id });
    if (finished.progress.stored !== finished.progress.total)
      throw new Error(
        `the demo judge run stored ${finished.progress.stored} of ${finished.progress.total} pairs: ${JSON.stringify(finished.failures.slice(0, 3))}`,
      );
  } finally {
    await server.close();
  }
}

/** The judge's rubric of one answer: its assessment, but faithfulness never below 4 (it misses invented facts). */
function judgeUniversal(assessment: Assessment): Record<string, unknown> {
  return Object.fromEntries(
    UNIVERSAL_DIMENSIONS.map((dimension) => {
      const target = targetScore(assessment, dimension);
      const score = dimension === "faithfulness" ? Math.max(4, target) : target;
      return [dimension, likert(assessment, dimension, score, GENERATED_JUDGE_RATING)];
    }),
  );
}
