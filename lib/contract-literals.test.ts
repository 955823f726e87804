// One home per contract fact: the Likert dimensions and rater types come from
// lib/aif/contract-facts.ts (read from the schema), the format ids from their
// registries. This scan fails when a source file outside those homes names a
// dimension as a string literal, or writes a hand list of two or more rater
// types or format ids — the hand lists a new dimension, rater type or format
// silently missed. Single rater-type values ({ type: "llm_judge" } on the
// records a judge writes) are values, not lists, and are not flagged. Tests
// are not scanned: they build fixtures (lib/testing/sample-rating.ts makes
// one for the current dimensions).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIKERT_DIMENSIONS, RATER_TYPES } from "@/lib/aif/contract-facts";
import { EXPORT_FORMATS } from "@/lib/export/formats/registry";
import { IMPORT_FORMAT_IDS, PREFILL_FORMAT_IDS } from "@/lib/imports/formats";

const ROOT = path.resolve(import.meta.dirname, "..");
const SCANNED = ["lib", "app", "components", "scripts", "bin", "bench", "drills"];
const SKIPPED_DIRS = new Set(["node_modules", "generated", ".next", "compiled"]);
const SOURCE = /\.(ts|tsx|mjs|cjs)$/;
const TEST = /\.(test|spec)\.(ts|tsx)$/;

/** The homes: the facts module and the registries. */
const HOMES = new Set(["lib/aif/contract-facts.ts", "lib/imports/formats.ts", "lib/export/formats/registry.ts"]);

/** Files allowed to name a fact, each with the reason. Key: file, value: literal → reason. */
const ALLOWED: Record<string, Record<string, string>> = {
  "lib/analytics/agreement-report.ts": {
    "rater type list: human, sme, hybrid, llm_judge, end_user":
      "the report's column order as a TypeScript union; agreement-report.test.ts ties the set to the schema",
    "rater type list: human, sme":
      "who the report counts as human (hybrid sits with the humans only against the judge): a report rule",
  },
  "lib/review/judge-prefill.ts": {
    "dimension: overall_quality": "a source's one overall score is the AIF overall_quality by meaning, not by list",
  },
  "scripts/seed-demo-content.ts": {
    "dimension: safety_overall": "the demo's story: nobody disagrees on the safety of a harmless answer",
  },
  "scripts/seed-demo-quality.ts": {
    "dimension: faithfulness": "the demo judge's story: taken in by confident answers on faithfulness",
  },
  "scripts/seed-demo-pairwise.ts": {
    "dimension: faithfulness": "the demo pairwise judge's story: lenient on faithfulness",
  },
  "bench/adjudication-queue.ts": {
    "dimension: helpfulness": "the benchmark's SQL-generated records dispute helpfulness (BENCHMARKS.md states it)",
    "dimension: faithfulness": "the benchmark's SQL-generated record bodies, at a fixed size",
  },
  "bench/analytics-report.ts": Object.fromEntries(
    ["helpfulness", "instruction_following", "faithfulness", "safety_overall", "overall_quality"].flatMap((name) => [
      [`dimension: ${name}`, "the benchmark's SQL-generated record bodies: its figures are for these five"],
      [`dimension: universal.${name}`, "the benchmark's SQL-generated record bodies: its figures are for these five"],
    ]),
  ),
};

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const relative = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) {
      if (!SKIPPED_DIRS.has(name)) sourceFiles(relative, out);
    } else if (SOURCE.test(name) && !TEST.test(name)) out.push(relative);
  }
  return out;
}

const dimensionNames = new Set([
  ...LIKERT_DIMENSIONS,
  ...LIKERT_DIMENSIONS.map((dimension) => dimension.split(".").at(-1)!),
]);
const listed = (values: readonly string[]) => new Set(values);
const LIST_FACTS: { fact: string; values: Set<string> }[] = [
  { fact: "rater type", values: listed(RATER_TYPES) },
  { fact: "import format id", values: listed(IMPORT_FORMAT_IDS) },
  { fact: "judge format id", values: listed(PREFILL_FORMAT_IDS) },
  { fact: "export format id", values: listed(EXPORT_FORMATS.map((format) => format.id)) },
];

const QUOTED = /(["'`])([a-z][a-z0-9_.]*)\1/g;
/** Two or more quoted words separated only by commas (an array, a Set, an SQL IN list). */
const QUOTED_LIST = /(["'`])[a-z][a-z0-9_]*\1(?:\s*,\s*(["'`])[a-z][a-z0-9_]*\2)+/g;

/** Comments name dimensions as examples; only code is scanned (a `//` after a quote or colon is a URL). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** `json`, `jsonl` and `csv` are also file kinds: a list of those alone is not a list of export formats. */
const FILE_KINDS = new Set(["json", "jsonl", "csv"]);

/** Every literal of `text` that restates a fact: `<fact>: <literal>`. */
export function factLiterals(source: string): string[] {
  const text = withoutComments(source);
  const found: string[] = [];
  for (const [, , word] of text.matchAll(QUOTED)) if (dimensionNames.has(word!)) found.push(`dimension: ${word}`);
  for (const [list] of text.matchAll(QUOTED_LIST)) {
    const words = [...list.matchAll(QUOTED)].map((match) => match[2]!);
    for (const { fact, values } of LIST_FACTS) {
      const hits = words.filter((word) => values.has(word));
      if (fact === "export format id" && hits.every((word) => FILE_KINDS.has(word))) continue;
      if (hits.length >= 2) found.push(`${fact} list: ${hits.join(", ")}`);
    }
  }
  return found;
}

describe("contract facts are written once", () => {
  it("no source file outside the homes and the allow-list restates a dimension, or lists rater types or format ids", () => {
    const misplaced: string[] = [];
    for (const file of SCANNED.flatMap((dir) => sourceFiles(dir))) {
      if (HOMES.has(file)) continue;
      const allowed = ALLOWED[file] ?? {};
      for (const literal of factLiterals(readFileSync(path.join(ROOT, file), "utf8")))
        if (!(literal in allowed)) misplaced.push(`${file}: ${literal}`);
    }
    expect([...new Set(misplaced)]).toEqual([]);
  });

  it("finds what it looks for (so an empty answer means something)", () => {
    expect(factLiterals(`const UNIVERSAL = ["helpfulness", "faithfulness"];`)).toEqual([
      "dimension: helpfulness",
      "dimension: faithfulness",
    ]);
    expect(factLiterals(`WHERE r.rater_type IN ('human', 'sme', 'hybrid')`)).toEqual([
      "rater type list: human, sme, hybrid",
    ]);
    expect(factLiterals(`rater: { type: "llm_judge" }`)).toEqual([]);
    expect(factLiterals(`// e.g. "universal.helpfulness"\nconst url = "https://x.test/a"; // "faithfulness"`)).toEqual(
      [],
    );
    expect(factLiterals(`z.enum(["mt_bench", "arena_hard"])`)).toEqual(["judge format id list: mt_bench, arena_hard"]);
  });

  it("allows only literals that are still there (a stale entry is removed)", () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, literals]) => {
      const present = new Set(factLiterals(readFileSync(path.join(ROOT, file), "utf8")));
      return Object.keys(literals)
        .filter((literal) => !present.has(literal))
        .map((literal) => `${file}: ${literal}`);
    });
    expect(stale).toEqual([]);
  });
});
