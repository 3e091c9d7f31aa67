import { describe, expect, it } from "vitest";
import { seededRandom } from "./seeded-random";

describe("seededRandom", () => {
  it("is reproducible and seed-dependent", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const xs = Array.from({ length: 5 }, () => a.uint32());
    expect(Array.from({ length: 5 }, () => b.uint32())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.uint32())).not.toEqual(xs);
  });
  it("int(n) stays in range and is roughly uniform", () => {
    const rng = seededRandom(1);
    const counts = new Array(7).fill(0);
    for (let i = 0; i < 70_000; i++) counts[rng.int(7)]++;
    // Expected 10,000 each; 5 standard deviations ≈ 460.
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });
  it("rejects non-integer seeds and bad ranges", () => {
    expect(() => seededRandom(1.5)).toThrow(/integer/);
    expect(() => seededRandom(1).int(0)).toThrow(/range/);
  });
});
