// The ingest loop on its own: verdicts logged in the one refusal shape,
// accepted entries handed over in batches, storing stopped (reading not) when
// the policy says so, progress at its interval.
import { describe, expect, it } from "vitest";
import { ingest, type IngestStrategy } from "./ingest";
import type { Entry } from "./read-entries";
import { RefusalLog } from "./refusal-log";

async function* entries(values: (number | "bad")[]): AsyncGenerator<Entry> {
  for (const [index, value] of values.entries()) {
    yield value === "bad"
      ? { line: index + 1, refusal: { line: index + 1, field: "", rule: "json", message: "not JSON" } }
      : { line: index + 1, value };
  }
}

function evensOnly(batches: number[][]): IngestStrategy<number> {
  return {
    validate: (value, line) =>
      typeof value === "number" && value % 2 === 0
        ? { ok: true, value }
        : { ok: false, refusals: [{ line, field: "", rule: "even", message: "odd" }] },
    storeBatch: (batch) => void batches.push(batch.map((entry) => entry.value)),
  };
}

describe("ingest", () => {
  it("refuses reader refusals and invalid entries, and stores the valid ones in batches", async () => {
    const batches: number[][] = [];
    const log = new RefusalLog();
    const counts = await ingest(entries([2, 3, "bad", 4, 6, 8]), evensOnly(batches), { log, batchSize: 2 });
    expect(counts).toEqual({ read: 6, accepted: 4 });
    expect(batches).toEqual([
      [2, 4],
      [6, 8],
    ]);
    expect(log.refused).toBe(2);
    expect(log.errors.map((error) => [error.line, error.rule])).toEqual([
      [2, "even"],
      [3, "json"],
    ]);
  });

  it("stops storing, but reads on to report, once keepStoring says no", async () => {
    const batches: number[][] = [];
    const log = new RefusalLog();
    const counts = await ingest(entries([2, 3, 4, 5]), evensOnly(batches), {
      log,
      keepStoring: () => log.refused === 0,
    });
    expect(counts).toEqual({ read: 4, accepted: 2 });
    expect(batches).toEqual([[2]]);
    expect(log.refused).toBe(2);
  });

  it("reports progress every progressEvery entries", async () => {
    const seen: number[] = [];
    await ingest(entries([2, 2, 2, 2, 2]), evensOnly([]), {
      log: new RefusalLog(),
      progressEvery: 2,
      onProgress: (counts) => void seen.push(counts.read),
    });
    expect(seen).toEqual([2, 4]);
  });
});
