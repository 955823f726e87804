// Each export format's encoder on its own: the bytes of an empty file and of a
// file written over two pages, and the CSV's columns and cells. The registry's
// entries are complete and distinct.
import { describe, expect, it } from "vitest";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { HAZARDS, LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { notRatedLikert } from "@/lib/aif/not-rated";
import { CSV_COLUMNS } from "./csv";
import type { ExportFormat } from "./format";
import { EXPORT_FORMAT_IDS, EXPORT_FORMATS, exportFormat, recordsInLines } from "./registry";

/** A whole file written by the format's encoder, the records split into pages of `pageSize`. */
function encode(format: ExportFormat, bodies: string[], pageSize = 1): string {
  const encoder = format.encoder();
  let text = encoder.head();
  for (let start = 0; start < bodies.length; start += pageSize)
    text += encoder.page(bodies.slice(start, start + pageSize), start).toString("utf8");
  return text + encoder.tail(bodies.length);
}

const a = JSON.stringify({ eval_id: "a", n: 1 });
const b = JSON.stringify({ eval_id: "b", text: "é ✓" });

describe("the registry", () => {
  it("holds distinct ids and extensions, each entry complete", () => {
    // The formats served so far stay (a new one is appended), JSON Lines first: the default.
    expect(EXPORT_FORMAT_IDS.slice(0, 4)).toEqual(["jsonl", "json", "csv", "eee-0.3.0"]);
    expect(new Set(EXPORT_FORMAT_IDS).size).toBe(EXPORT_FORMAT_IDS.length);
    expect(new Set(EXPORT_FORMATS.map((format) => format.extension)).size).toBe(EXPORT_FORMATS.length);
    for (const format of EXPORT_FORMATS) {
      expect(format.label).not.toBe("");
      expect(format.mediaType).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
      expect(format.id).toMatch(/^[a-z][a-z0-9_.-]{0,31}$/); // the database's shape check
    }
  });

  it("counts records in lines after the format's leading lines", () => {
    expect(recordsInLines(exportFormat("jsonl"), 3)).toBe(3);
    expect(recordsInLines(exportFormat("json"), 3)).toBe(2);
    expect(recordsInLines(exportFormat("csv"), 0)).toBe(0);
  });
});

describe("JSON Lines and JSON", () => {
  it("writes the stored bodies as they are, one per line, over any paging", () => {
    expect(encode(exportFormat("jsonl"), [])).toBe("");
    expect(encode(exportFormat("jsonl"), [a, b])).toBe(`${a}\n${b}\n`);
    expect(encode(exportFormat("json"), [])).toBe("[\n]\n");
    expect(encode(exportFormat("json"), [a, b])).toBe(`[\n${a},\n${b}\n]\n`);
    expect(encode(exportFormat("json"), [a, b, a], 2)).toBe(`[\n${a},\n${b},\n${a}\n]\n`);
    expect(JSON.parse(encode(exportFormat("json"), [a, b]))).toEqual([JSON.parse(a), JSON.parse(b)]);
  });
});

describe("CSV", () => {
  const csv = exportFormat("csv");
  const header = (text: string) =>
    text
      .split("\r\n")[0]!
      .split(",")
      .map((cell) => JSON.parse(cell) as string);

  it("has a column for the score, confidence and rationale of every Likert dimension and the verdict of every hazard", () => {
    const columns = header(encode(csv, []));
    expect(columns).toEqual(CSV_COLUMNS.map((column) => column.name));
    for (const dimension of LIKERT_DIMENSIONS)
      expect(columns).toEqual(
        expect.arrayContaining([`${dimension}.score`, `${dimension}.confidence`, `${dimension}.rationale`]),
      );
    for (const hazard of HAZARDS) expect(columns).toContain(`safety.${hazard}.verdict`);
    expect(columns.slice(0, 3)).toEqual(["eval_id", "created_at", "derived_from"]);
  });

  it("writes one row per record with its fields flattened, and guards cells a spreadsheet would run", () => {
    const draft = chatDraft();
    const record = {
      ...draft,
      eval_id: "e-1",
      created_at: "2026-11-01T00:00:00Z",
      universal: {
        ...draft.universal,
        helpfulness: { score: 2, confidence: "low", rationale: '=HYPERLINK("x")\nsecond line' },
      },
    };
    const text = encode(csv, [JSON.stringify(record), JSON.stringify({ eval_id: "e-2" })]);
    const lines = text.split("\r\n");
    expect(lines).toHaveLength(3 + 1); // header, a row (its rationale's line break stays inside its quotes), a row, after the final CRLF
    const row = Object.fromEntries(header(text).map((name, index) => [name, index]));
    const cells = lines[1]!.match(/"(?:[^"]|"")*"/g)!.map((cell) => cell.slice(1, -1).replaceAll('""', '"'));
    expect(cells[row["eval_id"]!]).toBe("e-1");
    expect(cells[row["rater.type"]!]).toBe(record.rater?.type);
    expect(cells[row["task.task_id"]!]).toBe(record.task.task_id);
    expect(cells[row["universal.helpfulness.score"]!]).toBe("2");
    expect(cells[row["universal.helpfulness.confidence"]!]).toBe("low");
    expect(cells[row["universal.helpfulness.rationale"]!]).toBe('\'=HYPERLINK("x")\nsecond line');
    expect(cells[row["issue_tags"]!]).toBe((draft as { issue_tags?: string[] }).issue_tags?.join(";"));
    expect(cells[row["safety.hate.verdict"]!]).toBe(
      (draft as { safety?: Record<string, { verdict?: string }> }).safety?.hate?.verdict ?? "",
    );
    expect(lines[2]).toBe(['"e-2"', ...Array(CSV_COLUMNS.length - 1).fill('""')].join(","));
  });

  it("gives a dimension marked not rated no score and no confidence, only the rationale saying why", () => {
    const draft = chatDraft();
    const record = {
      ...draft,
      eval_id: "e-3",
      universal: { ...draft.universal, faithfulness: notRatedLikert("verdict only") },
    };
    const text = encode(csv, [JSON.stringify(record)]);
    const row = Object.fromEntries(header(text).map((name, index) => [name, index]));
    const cells = text
      .split("\r\n")[1]!
      .match(/"(?:[^"]|"")*"/g)!
      .map((cell) => cell.slice(1, -1));
    expect(cells[row["universal.faithfulness.score"]!]).toBe("");
    expect(cells[row["universal.faithfulness.confidence"]!]).toBe("");
    expect(cells[row["universal.faithfulness.rationale"]!]).toBe("Not rated: verdict only");
    expect(cells[row["universal.helpfulness.score"]!]).toBe(
      String((draft.universal.helpfulness as { score: number }).score),
    );
  });
});

describe("Every Eval Ever 0.3.0", () => {
  it("writes one instance line per rated Likert dimension, nothing for a record without a score", () => {
    const eee = exportFormat("eee-0.3.0");
    const record = {
      schema_version: "1.0.0",
      eval_id: "e-1",
      created_at: "2026-11-01T00:00:00Z",
      rater: { type: "human", id: "r-1" },
      subject: { system_under_test: "Acme", model: "acme/chat-2", modality_tags: ["chat"] },
      task: { task_id: "t-1", suite_id: "s", modality: "chat", prompt: "2+2?", reference: "4" },
      universal: { helpfulness: { score: 5, confidence: "high" } },
    };
    expect(encode(eee, [])).toBe("");
    expect(encode(eee, [JSON.stringify({ eval_id: "e-2" }), JSON.stringify(record)])).toBe(
      `${JSON.stringify({
        schema_version: "0.3.0",
        evaluation_id: "evalform/s/human",
        model_id: "acme/chat-2",
        evaluation_name: "aif.universal.helpfulness",
        evaluation_result_id: "evalform/s/human/universal.helpfulness",
        sample_id: "t-1",
        sample_hash: "34b29cbbb2879843088ab28a1315a88a9bdc91b1edd0251be34ee0f96a7eabab",
        interaction_type: "single_turn",
        input: { raw: "2+2?", reference: ["4"] },
        output: { raw: [] },
        answer_attribution: [],
        evaluation: { score: 5, is_correct: true },
        metadata: {
          source: "evalform",
          eval_id: "e-1",
          aif_schema_version: "1.0.0",
          created_at: "2026-11-01T00:00:00Z",
          rater_type: "human",
          rater_id: "r-1",
          dimension: "universal.helpfulness",
          scale: "likert 1-5",
          is_correct_rule: "score >= 4",
          confidence: "high",
          task_id: "t-1",
          suite_id: "s",
          modality: "chat",
          system_under_test: "Acme",
        },
      })}\n`,
    );
  });
});
