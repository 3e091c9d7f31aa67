import { describe, expect, it } from "vitest";
import { aggregate } from "./aggregate";

describe("aggregate", () => {
  it("mean skips missing values", () => {
    expect(aggregate([4, null, 5, undefined, 3], "mean")).toEqual({ defined: true, value: 4, n: 3 });
    expect(aggregate([null, undefined], "mean")).toMatchObject({ defined: false, reason: "no annotator gave a value" });
  });
  it("majority is the most frequent value", () => {
    expect(aggregate(["FULL", "PART", "FULL"], "majority")).toEqual({ defined: true, value: "FULL", n: 3 });
  });
  it("a nominal tie is undefined and lists the tied labels (adjudication needed)", () => {
    const r = aggregate(["FULL", "PART", "NON"], "majority");
    expect(r).toMatchObject({ defined: false, tied: ["FULL", "PART", "NON"] });
  });
  it("an ordinal tie takes the lower median of the tied values in scale order", () => {
    const order = [1, 2, 3, 4, 5] as const;
    expect(aggregate([5, 3, 4], "majority", { order })).toEqual({ defined: true, value: 4, n: 3 });
    expect(aggregate([5, 2, 5, 2], "majority", { order })).toEqual({ defined: true, value: 2, n: 4 });
  });
});
