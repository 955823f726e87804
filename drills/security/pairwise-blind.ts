// The access drill's pairwise blindness probes, from outside as a rater sees
// the app: the side a pair's systems are shown on follows no rule (24 pairs
// claimed in a row, each side told apart by its answer's text), the pair's
// API answer and its page's RSC payload name neither system nor any
// per-system task field, and the rater's own records read back (the record,
// the list, the list filtered by system) do not name the system either.
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import type { DrillCase } from "../support/drill";
import { drillCase } from "../support/drill";
import { api, type DrillApp, type DrillUser } from "./support/drill-app";
import { importItems } from "./support/seed";

const PAIRS = 24;

type Pair = { task: Record<string, unknown>; responses: { transcript: { messages: unknown[] } }[] };

/** A pairwise suite of two systems over `tasks` task ids, each import setting its own per-system task fields. */
async function seedPairwiseSuite(app: DrillApp, key: string, tasks: number, rater: DrillUser) {
  const systems = [`Zephyr-${key}`, `Aurora-${key}`];
  const perSystem = (system: string) => ({
    suite_id: `file-of-${system}`,
    transcript_url: `https://logs.example/${system}/run.json`,
    gold_item_id: `gold-of-${system}`,
    calibration_target: { note: `target-of-${system}` },
  });
  const importIds: string[] = [];
  for (const [index, system] of systems.entries()) {
    const lines = Array.from({ length: tasks }, (_, task) => {
      const taskId = `${key}-${task}`;
      return {
        task: { task_id: taskId, modality: "chat", prompt: `Question ${taskId}`, ...perSystem(system) },
        subject: {
          system_under_test: system,
          model: `model-${system}`,
          version: `v-${system}`,
          modality_tags: ["chat"],
        },
        transcript: {
          messages: [
            { role: "user", content: [{ type: "text", text: `Question ${taskId}` }] },
            { role: "assistant", content: [{ type: "text", text: `answer-${index} to ${taskId}` }] },
          ],
        },
      };
    });
    importIds.push(await importItems(app, lines, `${system}.jsonl`));
  }
  const created = await api(app, "/api/pairwise/suites", {
    cookie: app.admin.cookie,
    body: {
      name: `Blind ${key}`,
      key,
      design: "all_pairs",
      overlap_k: 1,
      import_ids: importIds,
      rater_ids: [rater.id],
    },
  });
  if (created.status !== 201) throw new Error(`create pairwise suite: ${created.status} ${await created.text()}`);
  const revealing = systems.flatMap((system) => [
    system,
    `model-${system}`,
    `v-${system}`,
    ...Object.values(perSystem(system)).map((value) => (typeof value === "string" ? value : value.note)),
  ]);
  return { suiteId: ((await created.json()) as { id: string }).id, systems, revealing };
}

async function nextPair(app: DrillApp, rater: DrillUser, suiteId: string): Promise<string> {
  const next = await api(app, `/api/pairwise/suites/${suiteId}/next`, { method: "POST", cookie: rater.cookie });
  const body = (await next.json()) as { assignment_id: string | null };
  if (next.status !== 200 || !body.assignment_id) throw new Error(`next pair: ${next.status}`);
  return body.assignment_id;
}

/** The side sequence of one rater's 24 pairs: a fresh coin per pair alternates strictly with a chance of 2 in 2^24. */
async function sidesFollowNoRule(app: DrillApp, rater: DrillUser): Promise<DrillCase> {
  const { suiteId } = await seedPairwiseSuite(app, "blind-sides", PAIRS, rater);
  const sides: boolean[] = [];
  for (let index = 0; index < PAIRS; index += 1) {
    const assignmentId = await nextPair(app, rater, suiteId);
    const pair = (await (
      await api(app, `/api/pairwise/assignments/${assignmentId}`, { cookie: rater.cookie })
    ).json()) as Pair;
    sides.push(JSON.stringify(pair.responses[0]).includes("answer-0 to"));
    const skipped = await api(app, `/api/pairwise/assignments/${assignmentId}/skip`, {
      cookie: rater.cookie,
      body: { reason: "outside_expertise" },
    });
    if (skipped.status !== 200) throw new Error(`skip: ${skipped.status} ${await skipped.text()}`);
  }
  const kept = sides.filter((side, index) => index > 0 && side === sides[index - 1]).length;
  const alternating = kept === 0;
  // 23 steps of a fair coin keep the side fewer than 2 or more than 21 times with a chance of about 6e-6.
  const ok = !alternating && kept >= 2 && kept <= 21;
  return drillCase({
    name: "pairwise sides: one rater's 24 pairs in a row follow no rule (a fresh coin per pair)",
    tried: PAIRS,
    refused: ok ? PAIRS : 0,
    lost: 0,
    duplicated: 0,
    ok,
    detail: `first system shown left: ${sides.map((side) => (side ? "L" : "R")).join("")}; ${kept} of ${PAIRS - 1} steps kept the side${alternating ? " (strictly alternating: the old rule)" : ""}`,
  });
}

/** The pair's API answer and page RSC payload, and the rater's own records read back: no system, no per-system field. */
async function nothingNamesTheSystem(app: DrillApp, rater: DrillUser): Promise<DrillCase> {
  const { suiteId, systems, revealing } = await seedPairwiseSuite(app, "blind-reads", 1, rater);
  const assignmentId = await nextPair(app, rater, suiteId);
  const reads: { label: string; text: string; status: number | string }[] = [];
  const read = async (label: string, path: string, headers?: Record<string, string>) => {
    let response = await api(app, path, { cookie: rater.cookie, headers });
    // An RSC request without its cache-busting _rsc parameter is redirected to the URL with it (same origin).
    const location = response.headers.get("location") ?? "";
    if (response.status === 307 && location.includes("_rsc")) {
      // Read again from the app itself (the Location may name the host the server believes it has).
      const target = new URL(location, app.url);
      response = await api(app, target.pathname + target.search, { cookie: rater.cookie, headers });
    }
    // An RSC read that did not get the flight payload would check nothing: counted as a failed read.
    const type = response.headers.get("content-type") ?? "";
    const status =
      headers?.RSC && !type.includes("text/x-component")
        ? `${response.status} ${type} ${response.headers.get("location") ?? location}`
        : response.status;
    reads.push({ label, status, text: await response.text() });
  };
  await read("GET /api/pairwise/assignments/:id", `/api/pairwise/assignments/${assignmentId}`);
  await read("/rate/pair/:id (HTML)", `/rate/pair/${assignmentId}`);
  await read("/rate/pair/:id (RSC)", `/rate/pair/${assignmentId}`, { RSC: "1" });
  const submitted = await api(app, `/api/pairwise/assignments/${assignmentId}/submit`, {
    cookie: rater.cookie,
    body: { preference: "better", rationale: "Response 1 is clearer.", responses: [universal(), universal()] },
  });
  if (submitted.status !== 201) throw new Error(`submit pair: ${submitted.status} ${await submitted.text()}`);
  const { eval_ids: evalIds } = (await submitted.json()) as { eval_ids: string[] };
  for (const evalId of evalIds) {
    await read("GET /api/records/:id", `/api/records/${evalId}`);
    await read("/records/:id (RSC)", `/records/${evalId}`, { RSC: "1" });
  }
  await read("GET /api/records?suite_id=", "/api/records?suite_id=blind-reads");
  const byName: string[] = [];
  for (const system of systems) {
    const filtered = await api(app, `/api/records?system=${encodeURIComponent(system)}`, { cookie: rater.cookie });
    const { records } = (await filtered.json()) as { records: unknown[] };
    if (records.length > 0) byName.push(`system=${system} matched ${records.length}`);
  }
  const leaks = reads.flatMap((entry) => [
    ...(entry.status === 200 ? [] : [`${entry.label} → ${entry.status}`]),
    ...revealing.filter((value) => entry.text.includes(value)).map((value) => `${entry.label} holds ${value}`),
  ]);
  leaks.push(...byName);
  return drillCase({
    name: "pairwise reads: the pair's API answer and RSC payload, and the rater's own records, name no system",
    tried: reads.length + systems.length,
    refused: leaks.length === 0 ? reads.length + systems.length : 0,
    lost: 0,
    duplicated: 0,
    ok: leaks.length === 0,
    detail:
      leaks.length === 0
        ? `${reads.length} reads hold none of ${revealing.length} per-system values; system= matches none of the rater's pairwise records`
        : `leaks: ${leaks.slice(0, 6).join("; ")}`,
  });
}

function universal(): Record<string, unknown> {
  const likert = { score: 4, confidence: "high" };
  return {
    universal: Object.fromEntries(UNIVERSAL_DIMENSIONS.map((name) => [name, likert])),
  };
}

export async function pairwiseBlindness(app: DrillApp, rater: DrillUser): Promise<DrillCase[]> {
  return [await sidesFollowNoRule(app, rater), await nothingNamesTheSystem(app, rater)];
}
