import { describe, expect, it } from "vitest";
import { pearson } from "./pearson";

// Reference: numpy 1.24.2 np.corrcoef(x, y)[0, 1] (Debian /usr/bin/python3).
describe("pearson", () => {
  it("matches numpy.corrcoef", () => {
    expect(pearson([1, 2, 3], [2, 4, 7])).toMatchObject({ defined: true, n: 3 });
    expect((pearson([1, 2, 3], [2, 4, 7]) as { r: number }).r).toBeCloseTo(0.9933992677987828, 12);
    const r = pearson([4, 5, 3, 4, 2, 5, 4], [5, 5, 3, 4, 2, 4, 4]);
    expect(r.defined && r.r).toBeCloseTo(0.8541666666666664, 12);
  });
  it("drops incomplete pairs", () => {
    const r = pearson([1, null, 2, 3, 9], [2, 5, 4, 7, undefined]);
    expect(r).toMatchObject({ defined: true, n: 3 });
    expect(r.defined && r.r).toBeCloseTo(0.9933992677987828, 12);
  });
  it("is undefined, with a reason, without variance or pairs", () => {
    expect(pearson([3, 3, 3], [1, 2, 3])).toMatchObject({ defined: false, reason: "x has no variance" });
    expect(pearson([1], [1])).toMatchObject({ defined: false, n: 1 });
  });
});
