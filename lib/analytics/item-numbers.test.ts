import { describe, expect, it } from "vitest";
import { itemNumbers, itemNumbersByMap } from "./item-numbers";

describe("itemNumbers", () => {
  // Keys built so that equal keys are different string objects, as rows read from the database are.
  const keys = Array.from({ length: 5000 }, (_, row) => `task-${(row * 7919) % 1300}|system-${row % 3}`);

  it("numbers items in first-appearance order, as a Map does", () => {
    const expected = itemNumbersByMap(keys);
    expect(expected.items).toBe(3900);
    expect(itemNumbers(keys)).toEqual(expected);
    expect(Array.from(itemNumbers(["b", "a", "b", "c", "a"]).itemOfRow)).toEqual([0, 1, 0, 2, 1]);
  });

  it("gives the same numbers when every hash collides (past the probe budget it uses the Map)", () => {
    expect(itemNumbers(keys, () => 7)).toEqual(itemNumbersByMap(keys));
    expect(itemNumbers([], () => 7)).toEqual({ itemOfRow: new Int32Array(0), items: 0 });
  });
});
