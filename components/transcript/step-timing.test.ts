import { describe, expect, it } from "vitest";
import type { Transcript } from "@/lib/items/types";
import { formatDuration, stepTiming, timingLabel } from "./step-timing";
import { planTrace } from "./trace-steps";

const run = (extra: { call?: object; result?: object; first?: object }): Transcript => ({
  messages: [
    { role: "user", content: [{ type: "text", text: "go" }], ...extra.first },
    { role: "assistant", content: [], tool_calls: [{ id: "a", name: "search" }], ...extra.call },
    { role: "tool", content: [{ type: "text", text: "hits" }], tool_call_id: "a", ...extra.result },
  ],
});

describe("stepTiming", () => {
  it("is the time from the call to its result, offset from the first timestamp", () => {
    const transcript = run({
      first: { timestamp: "2026-01-01T10:00:00Z" },
      call: { timestamp: "2026-01-01T10:00:14Z" },
      result: { timestamp: "2026-01-01T10:00:15.250Z" },
    });
    const timing = stepTiming(planTrace(transcript).steps[0]!, transcript);
    expect(timing).toEqual({ durationMs: 1250, startMs: 14_000 });
    expect(timingLabel(timing)).toBe("took 1.3 s, at +0:14");
  });

  it("prefers the result's own duration, and says nothing when the source has no times", () => {
    const timed = run({ result: { duration_ms: 340 } });
    expect(timingLabel(stepTiming(planTrace(timed).steps[0]!, timed))).toBe("took 340 ms");
    const plain = run({});
    expect(timingLabel(stepTiming(planTrace(plain).steps[0]!, plain))).toBeNull();
    const garbled = run({ call: { timestamp: "yesterday" }, result: { timestamp: "2026-01-01T10:00:15Z" } });
    expect(stepTiming(planTrace(garbled).steps[0]!, garbled)).toEqual({ durationMs: null, startMs: null });
  });

  it("formats durations a rater reads at a glance", () => {
    expect([250, 4210, 42_000, 125_000, 120_000].map(formatDuration)).toEqual([
      "250 ms",
      "4.2 s",
      "42 s",
      "2 min 5 s",
      "2 min",
    ]);
  });
});
