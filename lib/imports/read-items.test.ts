// The importers on small real-looking files of each format and variant
// (lib/imports/fixtures), through the same line reader the app uses.
import { execFile } from "node:child_process";
import { createReadStream } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { Item } from "@/lib/items/types";
import { itemIssues } from "@/lib/items/item-schema";
import { readItems, type ReadOptions } from "./read-items";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

async function read(file: string, options: ReadOptions) {
  const items: { item: Item; line: number }[] = [];
  const report = await readItems(createReadStream(path.join(FIXTURES, file)), options, (item, line) => {
    items.push({ item, line });
  });
  return { report, items, at: (line: number) => items.find((entry) => entry.line === line)!.item };
}

describe("Every Eval Ever", () => {
  it("accepts the spec and its variants, refuses bad lines by line, rule and field", async () => {
    const { report, items, at } = await read("eee-variants.jsonl", { format: "eee" });
    expect(report).toMatchObject({ linesRead: 8, accepted: 4, refused: 4 });
    expect(items.map((entry) => entry.line)).toEqual([1, 2, 3, 4]);
    expect(report.errors).toEqual([
      { line: 5, rule: "duplicate", field: "", message: "the same item as line 1" },
      { line: 6, rule: "supportedVersion", field: "/schema_version", message: expect.stringContaining('"1.0"') },
      { line: 6, rule: "required", field: "/model_id", message: "model_id is required" },
      { line: 7, rule: "required", field: "/output/raw", message: expect.any(String) },
      { line: 8, rule: "json", field: "", message: expect.stringContaining("not valid JSON") },
    ]);
    // Every produced item is a valid native item.
    for (const { item } of items) expect(itemIssues(item)).toEqual([]);

    const single = at(1);
    expect(single.task).toEqual({
      task_id: "gsm8k:gsm8k_0001",
      suite_id: "gsm8k",
      modality: "chat",
      prompt: expect.stringContaining("Natalia"),
      reference: "72",
    });
    expect(single.transcript.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(single.automatic_scores).toMatchObject({
      evaluation: { score: 1, is_correct: true },
      answer_attribution: [expect.objectContaining({ extracted_value: "72" })],
    });
    expect(single.tags).toMatchObject({ "metadata.difficulty": "easy", evaluation_name: "gsm8k" });
    expect(single.source?.dedupe_key).toBe("a1f3|meta-llama/Llama-3.2-1B-Instruct");
    expect((single.source?.record as { evaluation_id: string }).evaluation_id).toBe("gsm8k-2026-10");

    const arrays = at(2);
    expect(arrays.task.reference).toBe("kinetic energy\nmomentum");
    expect(arrays.transcript.messages[1]!.content).toEqual([
      { type: "text", text: "Both kinetic energy and momentum are conserved.\nAnswer: B" },
    ]);
    expect(arrays.options?.map((option) => option.id)).toEqual(["A", "B", "C", "D"]);
    expect((arrays.source?.record as { harness_extra: unknown }).harness_extra).toEqual({ seed: 3 });

    const chat = at(3);
    expect(chat.transcript.messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(chat.transcript.messages[3]!.content[0]).toEqual({
      type: "text",
      text: expect.stringMatching(/^Aloha! A sunrise/),
    });

    const agent = at(4);
    expect(agent.task.modality).toBe("agent");
    expect(agent.subject.modality_tags).toEqual(["agent", "tool_use"]);
    expect(agent.transcript.messages[1]).toEqual({
      role: "assistant",
      content: [],
      reasoning: "Need the order first.",
      tool_calls: [{ id: "call_1", name: "get_order", arguments: { order_id: "#W123" } }],
    });
    expect(agent.transcript.messages[2]).toMatchObject({ role: "tool", tool_call_id: "call_1" });
    expect(report.notes.map((note) => `${note.line} ${note.field}`)).toEqual(
      expect.arrayContaining(["2 /input/reference", "2 /output/raw", "4 /messages", "7 /evaluation"]),
    );
  });
});

describe("gage-eval Samples", () => {
  it("maps messages, predict_result, references, options, tools, trajectories and tags", async () => {
    const { report, at } = await read("gage-samples.jsonl", { format: "gage" });
    expect(report).toMatchObject({ linesRead: 6, accepted: 4, refused: 2 });
    expect(report.errors.map((error) => `${error.line} ${error.field} ${error.rule}`)).toEqual([
      "5 /messages/0/content/0/type enum",
      "5 /predict_result required",
      "6 /metadata/model required",
    ]);
    const qa = at(1);
    expect(qa.task).toMatchObject({
      task_id: "qa_0001",
      suite_id: "basic-science",
      modality: "chat",
      reference: "100",
    });
    expect(qa.transcript.messages.map((message) => message.role)).toEqual(["system", "user", "assistant"]);
    expect(qa.tags).toMatchObject({ domain: "science", language: "en", task_type: "short-answer" });

    expect(at(2).options).toEqual([
      { id: "A", content: "Venus" },
      { id: "B", content: "Mars" },
      { id: "C", content: "Jupiter" },
    ]);
    expect(at(2).task.reference).toBe("B");

    const image = at(3);
    expect(image.task.modality).toBe("multimodal");
    expect(image.subject.modality_tags).toEqual(expect.arrayContaining(["multimodal", "vision"]));
    expect(image.transcript.messages[0]!.content[0]).toEqual({
      type: "image",
      url: "https://assets.example.test/cat.png",
    });

    const agent = at(4);
    expect(agent.task.modality).toBe("agent");
    expect(agent.tools).toHaveLength(1);
    expect(agent.reference_trajectory?.messages[0]!.tool_calls).toEqual([
      { id: "t1", name: "get_weather", arguments: { city: "Paris" } },
    ]);
    expect(agent.transcript.messages.at(-1)!.content).toEqual([
      { type: "text", text: "It's 18°C and cloudy in Paris." },
    ]);
  });

  it("takes the system under test from the caller when the sample names none", async () => {
    const { report } = await read("gage-samples.jsonl", { format: "gage", systemUnderTest: "acme/default" });
    expect(report.errors.map((error) => error.line)).not.toContain(6);
  });
});

describe("native items", () => {
  it("validates each line against schemas/item.schema.json and keeps user text as given", async () => {
    const { report, at } = await read("items.jsonl", { format: "items" });
    expect(report).toMatchObject({ linesRead: 3, accepted: 2, refused: 1 });
    expect(report.errors.map((error) => `${error.line} ${error.field} ${error.rule}`).sort()).toEqual([
      "3 /colour additionalProperties",
      "3 /task/modality enum",
      "3 /transcript/messages minItems",
    ]);
    expect(at(1).transcript.messages[1]!.content[0]).toEqual({
      type: "text",
      text: expect.stringContaining("<script>alert('x')</script>"),
    });
    expect(at(2).context_documents).toHaveLength(1);
  });
});

describe("npm run import -- --dry-run", () => {
  const run = promisify(execFile);
  async function importCli(...args: string[]) {
    try {
      const { stdout, stderr } = await run("node_modules/.bin/tsx", ["scripts/import.ts", ...args], {
        cwd: path.resolve(import.meta.dirname, "..", ".."),
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      return error as { code: number; stdout: string; stderr: string };
    }
  }

  it("--json prints counts and per-line errors and exits 1 when a line is refused", async () => {
    const result = await importCli("--dry-run", "--format", "eee", "--json", path.join(FIXTURES, "eee-variants.jsonl"));
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ format: "eee", lines_read: 8, accepted: 4, refused: 4 });
    expect(report.errors[0]).toEqual({ line: 5, rule: "duplicate", field: "", message: "the same item as line 1" });
  });

  it("exits 0 on a clean file and 2 on bad usage", async () => {
    const { writeFile, mkdtemp } = await import("node:fs/promises");
    const dir = await mkdtemp(path.join((await import("node:os")).tmpdir(), "evalform-import-"));
    const clean = path.join(dir, "clean.jsonl");
    const lines = (await import("node:fs"))
      .readFileSync(path.join(FIXTURES, "items.jsonl"), "utf8")
      .split("\n")
      .slice(0, 2)
      .join("\n");
    await writeFile(clean, lines);
    expect((await importCli("--dry-run", "--format", "items", clean)).code).toBe(0);
    expect((await importCli("--dry-run", "--format", "csv", clean)).code).toBe(2);
    expect((await importCli("--format", "items", clean)).code).toBe(2);
  });
});

describe("media the rating page cannot show", () => {
  it("are noted on their line: an EEE text-to-image answer whose image was dropped at export", async () => {
    const { report, at } = await read("eee-text-to-image.jsonl", { format: "eee" });
    expect(report).toMatchObject({ linesRead: 1, accepted: 1, refused: 0 });
    expect(at(1).transcript.messages[1]!.content).toEqual([{ type: "text", text: "<image:0>" }]);
    expect(report.notes).toEqual([
      {
        line: 1,
        field: "",
        message:
          "1 image cannot be shown to raters: the text holds <image:0> but the item carries no image for it; the rating page says so on the item",
      },
    ]);
  });
});
