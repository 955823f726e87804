// The Every Eval Ever reader on one fixture per real-world variant
// (lib/imports/fixtures/eee-fixtures.md says where each fact came from): per
// line, what was read, accepted and refused, and the exact reason.
import { createReadStream } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Item } from "@/lib/items/types";
import { itemIssues } from "@/lib/items/item-schema";
import { ItemView } from "@/components/transcript/item-view";
import { readItems } from "./read-items";
import { readEeeVersion } from "./eee-version";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

async function read(file: string) {
  const items = new Map<number, Item>();
  const report = await readItems(createReadStream(path.join(FIXTURES, file)), { format: "eee" }, (item, line) => {
    items.set(line, item);
  });
  for (const item of items.values()) expect(itemIssues(item)).toEqual([]);
  return { report, at: (line: number) => items.get(line)! };
}

const lineCounts = (report: { linesRead: number; accepted: number; refused: number }) => [
  report.linesRead,
  report.accepted,
  report.refused,
];

describe("version spellings", () => {
  it("reads 0.3.x, 0.2.x in every spelling seen, a newer minor with a note; refuses other majors and 0.1", () => {
    expect(readEeeVersion("0.3.0")).toEqual({ ok: true, family: "0.3" });
    expect(readEeeVersion("instance_level_eval_0.2.2")).toEqual({ ok: true, family: "0.2" });
    expect(readEeeVersion("v0.2")).toEqual({ ok: true, family: "0.2" });
    expect(readEeeVersion(undefined)).toMatchObject({ ok: true, family: "0.2", note: "missing; read as 0.2" });
    expect(readEeeVersion("0.5.1")).toMatchObject({ ok: true, family: "0.3", newer: "0.5.1" });
    expect(readEeeVersion("1.0.0")).toMatchObject({ ok: false });
    expect(readEeeVersion(3)).toMatchObject({ ok: false });
  });

  it("eee-versions.jsonl: 8 read, 6 accepted, 2 refused", async () => {
    const { report, at } = await read("eee-versions.jsonl");
    expect(lineCounts(report)).toEqual([8, 6, 2]);
    expect(report.errors).toEqual([
      { line: 7, rule: "supportedVersion", field: "/schema_version", message: expect.stringContaining('"1.0.0"') },
      { line: 8, rule: "supportedVersion", field: "/schema_version", message: expect.stringContaining('"0.1.0"') },
    ]);
    expect(report.notes).toEqual([
      {
        line: 6,
        field: "/schema_version",
        message: expect.stringMatching(/^"0\.4\.0" is newer than 0\.3\.x; read by the 0\.3\.0 rules/),
      },
      { line: 6, field: "/modality", message: "not a 0.3.0 field; kept in the source record, not read" },
    ]);
    expect(at(3).task.task_id).toBe("arith:3");
  });
});

describe("0.3.0", () => {
  it("eee-0.3.0-single-turn.jsonl: 4 read, 4 accepted; lists read as text, a fan-out kept apart, a null evaluation_result_id noted", async () => {
    const { report, at } = await read("eee-0.3.0-single-turn.jsonl");
    expect(lineCounts(report)).toEqual([4, 4, 0]);
    expect(report.notes).toEqual([
      {
        line: 4,
        field: "/evaluation_result_id",
        message: "null (as upstream's converters write an absent one); read as absent",
      },
    ]);
    expect(at(1).task).toMatchObject({ task_id: "gsm8k:gsm8k_0001", reference: "72" });
    expect(at(1).tags).toMatchObject({ evaluation_result_id: "gsm8k.exact_match", "metadata.subset": "main" });
    expect(at(1).automatic_scores).toMatchObject({ evaluation: { score: 1, is_correct: true } });
    expect(at(2).transcript.messages[1]!.content).toEqual([
      { type: "text", text: "Both kinetic energy and momentum are conserved.\nAnswer: B" },
    ]);
    expect(at(2).options?.map((option) => option.id)).toEqual(["A", "B", "C", "D"]);
    // The same sample under a second aggregate result is its own item, not a duplicate of line 1.
    expect(at(3).source?.dedupe_key).not.toBe(at(1).source?.dedupe_key);
  });

  it("eee-0.3.0-agentic.jsonl: 2 read, 2 accepted; messages, tool_call_id lists, JSON-text arguments decoded", async () => {
    const { report, at } = await read("eee-0.3.0-agentic.jsonl");
    expect(lineCounts(report)).toEqual([2, 2, 0]);
    expect(report.errors).toEqual([]);
    expect(report.notes.map((note) => [note.line, note.field])).toEqual([
      [1, "/messages/2/tool_calls/0/arguments"],
      [1, "/messages/4/tool_calls/0/arguments"],
    ]);
    const messages = at(1).transcript.messages;
    expect(messages.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(messages[4]!.tool_calls).toEqual([
      { id: "call_2", name: "cancel_order", arguments: { order_id: "W123", refund: true } },
    ]);
    expect(messages[3]!.tool_call_id).toEqual(["call_1"]);
    expect(messages[2]!.reasoning).toBe("Need the order first.");
    expect(at(1).task.modality).toBe("agent");
    expect(at(2).transcript.messages).toHaveLength(4);
  });

  it("eee-0.3.0-refused.jsonl: 9 read, 9 refused, each with the 0.3.0 rule it breaks", async () => {
    const { report } = await read("eee-0.3.0-refused.jsonl");
    expect(lineCounts(report)).toEqual([9, 0, 9]);
    expect(report.errors.map(({ line, field, rule }) => [line, field, rule])).toEqual([
      [1, "/sample_id", "type"],
      [2, "/harness_extra", "additionalProperties"],
      [3, "/input/reference", "type"],
      [4, "/messages/1/tool_calls/0/arguments/a", "type"],
      [4, "/messages/1/tool_calls/0/arguments/b", "type"],
      [5, "/messages/2/tool_call_id", "type"],
      [6, "/messages", "required"],
      [6, "/interactions", "additionalProperties"],
      [7, "/evaluation/is_correct", "type"],
      [8, "/evaluation_result_id", "type"],
      [9, "/metadata/difficulty", "type"],
    ]);
    const message = (line: number) => report.errors.find((error) => error.line === line)!.message;
    expect(message(1)).toBe("sample_id must be string; 0.3.0 made sample_id a string (0.2.x allowed an integer)");
    expect(message(2)).toMatch(/^harness_extra is not a field of the 0\.3\.0 schema; 0\.3\.0 forbids keys/);
    expect(message(4)).toMatch(/0\.3\.0 requires every tool-call argument value to be a string/);
    expect(message(5)).toBe("messages.2.tool_call_id must be array or null; 0.3.0 made tool_call_id an array of ids");
    expect(message(7)).toMatch(/must be boolean; 0\.3\.0 requires true or false/);
    expect(message(8)).toBe("evaluation_result_id must be string");
  });
});

describe("text-to-image media", () => {
  it("eee-text-to-image-media.jsonl: 5 read, 4 accepted, 1 refused; media become segments, each not showable one noted", async () => {
    const { report, at } = await read("eee-text-to-image-media.jsonl");
    expect(lineCounts(report)).toEqual([5, 4, 1]);
    expect(report.errors).toEqual([
      { line: 4, rule: "required", field: "/output/media/0/uri", message: "output.media[0].uri is required" },
    ]);
    // file:// — kept as image segments (never a bare <image:0>), each noted, and the line's summary note.
    expect(at(1).transcript.messages[1]!.content).toEqual([
      { type: "image", url: "file://./images/geneval_0001_0.png" },
      { type: "image", url: "file://./images/geneval_0001_1.png" },
    ]);
    expect(at(1).task.modality).toBe("multimodal");
    const notesOf = (line: number) =>
      report.notes.filter((note) => note.line === line && note.field.startsWith("/output/media"));
    expect(notesOf(1).map((note) => note.field)).toEqual(["/output/media/0/uri", "/output/media/1/uri"]);
    expect(notesOf(1)[0]!.message).toMatch(/file: URI cannot be loaded by a browser/);
    expect(report.notes).toContainEqual({
      line: 1,
      field: "",
      message: expect.stringMatching(/^2 images cannot be shown to raters/),
    });
    // data: — shown, no note.
    expect(at(2).transcript.messages[1]!.content).toEqual([
      { type: "image", url: expect.stringMatching(/^data:image\/png;base64,/), mime_type: "image/png" },
    ]);
    expect(notesOf(2)).toEqual([]);
    expect(at(5).transcript.messages[1]!.content).toEqual([
      { type: "image", url: expect.stringMatching(/^data:image\/png/) },
    ]);
    // https on another host and hf:// — kept, each noted with its reason.
    expect(notesOf(3).map((note) => note.message)).toEqual([
      expect.stringMatching(/on another host/),
      expect.stringMatching(/hf: URI cannot be loaded/),
    ]);
  });

  it("shows the rater a data: image in the transcript, and names a file:// one with the notice above the item", async () => {
    const { at } = await read("eee-text-to-image-media.jsonl");
    const shown = renderToStaticMarkup(createElement(ItemView, { item: at(2) }));
    expect(shown).toMatch(/<img [^>]*src="data:image\/png;base64,/);
    expect(shown).not.toContain("&lt;image:0&gt;");
    expect(shown).not.toContain("data-missing-media");
    const named = renderToStaticMarkup(createElement(ItemView, { item: at(1) }));
    expect(named).not.toMatch(/<img /);
    expect(named).not.toContain("&lt;image:0&gt;");
    expect(named).toContain('data-missing-media="2"');
    expect(named).toContain("image not shown (unsupported link): file://./images/geneval_0001_0.png");
  });
});
