import { describe, expect, it } from "vitest";
import { RefusalLog } from "./refusal-log";

const reason = (line: number) => ({ line, field: "", rule: "r", message: "m" });

describe("RefusalLog", () => {
  it("counts every refused entry but keeps only the first maxReported reasons", () => {
    const log = new RefusalLog(3);
    log.refuse([reason(1), reason(1)]);
    log.refuse([reason(2), reason(2)]);
    log.refuse([reason(3)]);
    expect(log.refused).toBe(3);
    expect(log.errors.map((error) => error.line)).toEqual([1, 1, 2]);
    expect(log.errorsOmitted).toBe(2);
  });
});
