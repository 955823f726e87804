// Judge-run benchmark: items/s of a judge run (claim → n chat-completion
// requests → parse → aggregate → validate → store record + review task) vs
// the same number of bare chat-completion requests at the same concurrency
// against the same local scripted judge (the limit: no parsing, no database).
// The judge answers after a fixed latency, as a remote model would.
// Run: npm run bench:judge [-- ITEMS LATENCY_MS]   (creates and drops its own database)
import { db } from "@/lib/db";
import { createChatCompletion } from "@/lib/judge/chat-completions-client";
import { judgeMessages, responseFormatFor } from "@/lib/judge/prompt";
import { getJudgeRun, startJudgeRun } from "@/lib/judge-runs/service";
import { localDriverFinished } from "@/lib/judge-runs/worker";
import { createLimiter } from "@/lib/judge-runs/limiter";
import { createSuite } from "@/lib/suites/service";
import { startFakeChatCompletionsServer } from "@/lib/testing/fake-openai-server";
import { importTestItems, nativeItem } from "@/lib/testing/test-items";
import { createTestUser } from "@/lib/testing/test-users";
import { scriptedJudgeReply } from "../scripts/fake-judge";
import { benchArgs, reportBench } from "./support/report";

const { quick, sizes } = benchArgs();
const ITEMS = sizes[0] ?? (quick ? 20 : 200);
const LATENCY_MS = sizes[1] ?? 20;
const N_SAMPLES = 3;
const CONCURRENCIES = [1, 4, 16];

let sample = 0;
const server = await startFakeChatCompletionsServer({
  respond: ({ body }) => ({ ...scriptedJudgeReply(body, sample++ % 5), delayMs: LATENCY_MS }),
});
const admin = await createTestUser(["admin"]);
const endpointFor = (concurrency: number) => ({
  baseUrl: server.url,
  model: "scripted-judge",
  concurrency,
  timeoutMs: 30_000,
  maxAttempts: 3,
});

async function bareRequests(concurrency: number): Promise<number> {
  const limit = createLimiter(concurrency);
  const item = nativeItem("bench-item");
  const start = performance.now();
  await Promise.all(
    Array.from({ length: ITEMS * N_SAMPLES }, () =>
      limit(() =>
        createChatCompletion({
          baseUrl: server.url,
          model: "scripted-judge",
          messages: judgeMessages(item),
          responseFormat: responseFormatFor("chat"),
          timeoutMs: 30_000,
          maxAttempts: 3,
        }),
      ),
    ),
  );
  return ITEMS / ((performance.now() - start) / 1000);
}

async function judgeRun(concurrency: number): Promise<number> {
  const { importId } = await importTestItems(admin, ITEMS);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Bench",
      key: `bench-${importId.slice(0, 8)}`,
      overlap_k: 1,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [],
      import_ids: [importId],
    },
  });
  const start = performance.now();
  const run = await startJudgeRun({
    actor: admin,
    suiteId: suite.id,
    input: { n_samples: N_SAMPLES },
    endpoint: endpointFor(concurrency),
  });
  await localDriverFinished(run.id);
  const seconds = (performance.now() - start) / 1000;
  const finished = await getJudgeRun({ actor: admin, runId: run.id });
  if (finished.progress.stored !== ITEMS)
    throw new Error(
      `judge run stored ${finished.progress.stored} of ${ITEMS}: ${JSON.stringify(finished.failures[0])}`,
    );
  return ITEMS / seconds;
}

const rows: string[][] = [];
for (const concurrency of CONCURRENCIES) {
  const bare = await bareRequests(concurrency);
  const run = await judgeRun(concurrency);
  rows.push([String(concurrency), bare.toFixed(1), run.toFixed(1), (run / bare).toFixed(2)]);
}
await server.close();
await db().$disconnect();
reportBench({
  id: "judge",
  title: "7. Judge runs",
  baseline: `the same number of bare chat-completion requests at the same concurrency against the same local scripted judge answering after ${LATENCY_MS} ms`,
  sizes: `${ITEMS} items × ${N_SAMPLES} samples`,
  tables: [{ header: ["concurrency", "bare requests (items/s)", "judge run (items/s)", "ratio"], rows }],
  targets: [],
  notes: ["Not in the issue's list; kept so the judge path is measured like the others."],
});
