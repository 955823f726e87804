// What a benchmark reports: its tables (each figure beside the baseline run in
// the same process, and their ratio) and its targets, met or not. Printed as
// markdown; `npm run bench` (bench/run.ts) also collects it into BENCHMARKS.md
// through the file named by BENCH_RESULT_FILE.
import { writeFileSync } from "node:fs";

export type BenchTable = { caption?: string; header: string[]; rows: string[][] };

export type BenchTarget = {
  /** What is measured ("throughput vs raw pg at 32 clients"). */
  name: string;
  /** The target ("≥ 0.50"). */
  target: string;
  /** The figure this run measured ("0.62"). */
  measured: string;
  met: boolean;
};

export type BenchResult = {
  id: string;
  title: string;
  /** The baseline the figures are compared with, run in the same process. */
  baseline: string;
  /** The sizes this run used ("100,000 records"). */
  sizes: string;
  tables: BenchTable[];
  targets: BenchTarget[];
  notes?: string[];
};

export function markdownTable(table: BenchTable): string {
  const lines = [
    `| ${table.header.join(" | ")} |`,
    `|${table.header.map(() => "---").join("|")}|`,
    ...table.rows.map((row) => `| ${row.join(" | ")} |`),
  ];
  return (table.caption ? `${table.caption}\n\n` : "") + lines.join("\n");
}

export function reportBench(result: BenchResult): void {
  console.log(`\n## ${result.title}\n\nBaseline: ${result.baseline}. Sizes: ${result.sizes}.\n`);
  for (const table of result.tables) console.log(markdownTable(table) + "\n");
  for (const target of result.targets)
    console.log(
      `target ${target.met ? "met   " : "MISSED"} ${target.name}: ${target.measured} (target ${target.target})`,
    );
  for (const note of result.notes ?? []) console.log(`note: ${note}`);
  if (process.env.BENCH_RESULT_FILE) writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(result, null, 2));
}

/** `--quick` (the small sizes CI runs) and the positional arguments (sizes). */
export function benchArgs(argv = process.argv.slice(2)): { quick: boolean; sizes: number[] } {
  return { quick: argv.includes("--quick"), sizes: argv.filter((arg) => /^\d+$/.test(arg)).map(Number) };
}

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export const ratio = (value: number, baseline: number): string => (value / baseline).toFixed(2);
