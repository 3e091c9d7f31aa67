import { describe, expect, it } from "vitest";
import { confusionMatrix } from "./confusion-matrix";

describe("confusionMatrix", () => {
  it("counts units coded by both; rows = a, columns = b; sorted observed categories", () => {
    // Hand-counted; same as sklearn.metrics.confusion_matrix(["y","n","y"], ["y","y","n"]) with labels sorted.
    const m = confusionMatrix(["y", "n", "y", null, "n"], ["y", "y", "n", "n", null]);
    expect(m.categories).toEqual(["n", "y"]);
    expect(m.counts).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(m.n).toBe(3);
  });
  it("sorts numbers numerically before strings", () => {
    expect(confusionMatrix([10, 2, "b", "a"], [10, 2, "b", "a"]).categories).toEqual([2, 10, "a", "b"]);
  });
  it("keeps the order and unused categories of the option", () => {
    const m = confusionMatrix([3, 1], [3, 3], { categories: [3, 2, 1] });
    expect(m.counts).toEqual([
      [1, 0, 0],
      [0, 0, 0],
      [1, 0, 0],
    ]);
  });
  it("empty input gives an empty matrix", () => {
    expect(confusionMatrix([], [])).toEqual({ categories: [], counts: [], n: 0 });
  });
  it("throws on different lengths and invalid codes", () => {
    expect(() => confusionMatrix([1], [1, 2])).toThrow(/units/);
    expect(() => confusionMatrix([NaN], [1])).toThrow(/Invalid code/);
  });
});
