// The Every Eval Ever 0.3.0 export: every line it writes is valid against the
// 0.3.0 schema (Ajv, draft 2020-12), the mapping keeps the record's eval_id and
// verdicts, and the file reads back through the EEE importer as items whose
// human scores the rating page shows beside the form.
import { Readable } from "node:stream";
import { Ajv2020 } from "ajv/dist/2020";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { agentDraft, chatDraft, judgeDraft } from "@/lib/aif/sample-drafts";
import { LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import type { Item } from "@/lib/items/types";
import { readItems } from "@/lib/imports/read-items";
import { ItemView } from "@/components/transcript/item-view";
import eeeSchema from "@/schemas/eee-instance-level-0.3.0.schema.json";
import { eeeSampleHash } from "./eee-instance";
import { exportFormat } from "./registry";

type EeeLine = {
  evaluation_name: string;
  evaluation: { score: number; is_correct: boolean };
  metadata: Record<string, string>;
  [field: string]: unknown;
};

const format = exportFormat("eee-0.3.0");

function encode(bodies: string[], pageSize = 2): string {
  const encoder = format.encoder();
  let text = encoder.head();
  for (let start = 0; start < bodies.length; start += pageSize)
    text += encoder.page(bodies.slice(start, start + pageSize), start).toString("utf8");
  return text + encoder.tail(bodies.length);
}

const ids = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"] as const;
const envelope = (evalId: string) => ({ schema_version: "1.0.0", eval_id: evalId, created_at: "2026-11-20T10:00:00Z" });
const human = { ...chatDraft(), ...envelope(ids[0]) };
const sme = { ...agentDraft(), ...envelope(ids[1]) };
const hybrid = {
  ...chatDraft({ rater: { type: "hybrid", id: "reviewer-7" } }),
  ...envelope("33333333-3333-4333-8333-333333333333"),
  task: {
    ...chatDraft().task,
    task_id: "chat-capitals-002",
    prompt: "Qu'est-ce que la capitale du Canada ? — « Ottawa »",
  },
};
// An adjudicated decision is an SME record derived from the rating it settled.
const adjudicated = {
  ...chatDraft({ rater: { type: "sme", id: "adjudicator-1" } }),
  ...envelope("44444444-4444-4444-8444-444444444444"),
  derived_from: ids[0],
  task: { ...chatDraft().task, task_id: "chat-capitals-003" },
};
const judge = { ...judgeDraft(), ...envelope("55555555-5555-4555-8555-555555555555") };
const records = [human, sme, hybrid, adjudicated, judge];

const scoredDimensions = (record: object) =>
  LIKERT_DIMENSIONS.filter((path) => {
    const node = path
      .split(".")
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], record);
    return typeof (node as { score?: unknown } | undefined)?.score === "number";
  });

describe("the eee-0.3.0 export", () => {
  const text = encode(records.map((record) => JSON.stringify(record)));
  const lines = text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as EeeLine);

  it("writes one valid 0.3.0 instance record per record × rated dimension (Ajv 2020 on every line)", () => {
    const { $schema: _draft07, ...schema } = eeeSchema as Record<string, unknown>;
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    expect(lines).toHaveLength(records.reduce((sum, record) => sum + scoredDimensions(record).length, 0));
    for (const [index, line] of lines.entries()) {
      expect(validate(line), `line ${index + 1}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(encode([])).toBe("");
    expect(encode([JSON.stringify({ ...human, universal: {} })])).toBe("");
  });

  it("keeps the source eval_id, the rater, the verdict and the sample's identity", () => {
    const first = lines.find(
      (line) => line.metadata.eval_id === ids[0] && line.evaluation_name === "aif.universal.faithfulness",
    )!;
    expect(first).toMatchObject({
      schema_version: "0.3.0",
      evaluation_id: "evalform/geo-basics/human",
      evaluation_result_id: "evalform/geo-basics/human/universal.faithfulness",
      model_id: "acme-chat-2",
      sample_id: "chat-capitals-001",
      interaction_type: "single_turn",
      input: { raw: human.task.prompt, reference: [human.task.reference] },
      output: { raw: [] },
      evaluation: { score: 4, is_correct: true },
      metadata: {
        source: "evalform",
        eval_id: ids[0],
        rater_type: "human",
        rater_id: "demo-rater-1",
        confidence: "medium",
        rationale: "Correct city; the history is simplified but not wrong.",
        system_under_test: "Acme Assistant via API",
      },
    });
    // Upstream's recipe, computed with Python's json.dumps(..., sort_keys=True, separators=(",", ":")).
    expect(first.sample_hash).toBe("9254dd0191f963b8a452a66a9fb42fc3f8068c9fadb24dd1231f31d9f34e7b3a");
    expect(eeeSampleHash("Café — “quote” \u007f\n", ["naïve"])).toBe(
      "85df1defe0d0a8995fa49e0b70bec2e77eaf9db10e99995d38b879cfc168886e",
    );
    const raterTypes = new Set(lines.map((line) => line.metadata.rater_type));
    expect([...raterTypes].sort()).toEqual(["human", "hybrid", "llm_judge", "sme"]);
    expect(lines.find((line) => line.metadata.eval_id === adjudicated.eval_id)!.metadata.derived_from).toBe(ids[0]);
    expect(lines.find((line) => line.evaluation_name === "aif.universal.overall_quality")!.evaluation).toEqual({
      score: 3,
      is_correct: false,
    });
    expect(lines.find((line) => line.metadata.rater_type === "llm_judge")!.evaluation.score).toBe(4.4);
  });

  it("reads back as items, one per record × dimension, whose human score the rating page shows", async () => {
    const items: Item[] = [];
    const report = await readItems(Readable.from([text]), { format: "eee" }, (item) => {
      items.push(item);
    });
    expect(report).toMatchObject({ linesRead: lines.length, accepted: lines.length, refused: 0, errors: [] });
    expect(report.notes).toEqual([]);
    const helpfulness = items.find(
      (item) => item.tags?.["metadata.eval_id"] === ids[1] && item.tags?.evaluation_name === "aif.agent.plan_quality",
    )!;
    expect(helpfulness.task).toMatchObject({
      task_id: "aif.agent.plan_quality:agent-refund-007",
      prompt: sme.task.prompt,
    });
    expect(helpfulness.automatic_scores?.evaluation).toEqual({ score: 3, is_correct: false });
    expect(helpfulness.tags).toMatchObject({ "metadata.rater_type": "sme", "metadata.confidence": "medium" });
    const html = renderToStaticMarkup(createElement(ItemView, { item: helpfulness }));
    expect(html).toContain("Automatic scores");
    expect(html).toMatch(/&quot;score&quot;: 3|"score": 3/);
    expect(html).toContain("Checked the order, but emailed before issuing the refund.");
  });

  it("gives a record of an item imported from EEE the source line's identity and output (issue 34, item 8)", () => {
    const source = {
      format: "eee",
      record: {
        schema_version: "0.2.1",
        evaluation_id: "mmlu-2026",
        model_id: "acme/acme-chat-2",
        evaluation_name: "mmlu_physics",
        sample_id: 17,
        interaction_type: "single_turn",
        input: { raw: "Which quantity is conserved?", reference: "momentum", choices: ["mass", "momentum"] },
        output: { raw: "Momentum.", reasoning_trace: "Elastic collision." },
      },
    };
    const encoder = format.encoder();
    const text = encoder.page([JSON.stringify(human)], 0, [JSON.stringify(source)]).toString("utf8");
    const out = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as EeeLine);
    expect(out).toHaveLength(scoredDimensions(human).length);
    const { $schema: _draft07, ...schema } = eeeSchema as Record<string, unknown>;
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    for (const line of out) {
      expect(validate(line), JSON.stringify(validate.errors)).toBe(true);
      expect(line).toMatchObject({
        model_id: "acme/acme-chat-2",
        sample_id: "17",
        sample_hash: eeeSampleHash("Which quantity is conserved?", ["momentum"]),
        input: { raw: "Which quantity is conserved?", reference: ["momentum"], choices: ["mass", "momentum"] },
        output: { raw: ["Momentum."], reasoning_trace: ["Elastic collision."] },
        metadata: { eval_id: ids[0], source_evaluation_name: "mmlu_physics", task_id: human.task.task_id },
      });
    }
    // Without a source (a free-form record, an item from another format) the record alone makes the line.
    const alone = JSON.parse(
      encoder
        .page([JSON.stringify(human)], 0, [null])
        .toString("utf8")
        .split("\n")[0]!,
    );
    expect(alone).toMatchObject({ sample_id: human.task.task_id, output: { raw: [] } });
  });
});
