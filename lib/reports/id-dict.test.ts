/**
 * IdDict finds ids inside the packed report text without slicing them out
 * (report-index.ts): whatever the order, repetition, length or number of ids,
 * it must give the same indexes as a plain Map over the sliced ids.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IdDict, sameAt } from "./report-index";

describe("IdDict", () => {
  it("scanTo and addSlice agree with a Map over the sliced ids", () => {
    const idArb = fc.stringMatching(/^[a-z0-9~-]{1,30}$/);
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 400 }), fc.integer({ min: 0, max: 40 }), (pool, picks, seeded) => {
        if (pool.length === 0) return;
        const dict = new IdDict(pool.slice(0, seeded));
        const ref = new Map<string, number>();
        for (const id of pool.slice(0, seeded)) if (!ref.has(id)) ref.set(id, ref.size);
        const ids = picks.map((k) => pool[k % pool.length]);
        const text = ids.join("\u001f");
        let p = 0;
        for (const id of ids) {
          if (!ref.has(id)) ref.set(id, ref.size);
          const byScan = dict.scanTo(text, p, 0x1f);
          expect(dict.end).toBe(p + id.length);
          expect(byScan).toBe(ref.get(id));
          expect(dict.addSlice(text, p, p + id.length)).toBe(ref.get(id));
          p += id.length + 1;
        }
        expect(dict.ids).toEqual([...ref.keys()]);
      }),
      { numRuns: 300 },
    );
  });

  it("grows its table past thousands of ids and still finds each one", () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `cmwr${(i * 7919).toString(36)}x${i}`);
    const dict = new IdDict(ids);
    const text = [...ids].reverse().join("\u001f");
    let p = 0;
    for (const id of [...ids].reverse()) {
      expect(dict.scanTo(text, p, 0x1f)).toBe(ids.indexOf(id));
      p = dict.end + 1;
    }
    expect(dict.size).toBe(5000);
  });

  it("stays exact (and fast) when ids share their tails or differ in length", () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `${i}-${"x".repeat(i % 3)}-the-same-long-tail`);
    const dict = new IdDict(ids.slice(0, 1000));
    const order = ids.map((_, i) => (i * 7) % ids.length);
    const text = order.map((i) => ids[i]).join("\u001f");
    let p = 0;
    for (const i of order) {
      expect(dict.scanTo(text, p, 0x1f)).toBe(i < 1000 ? i : dict.get(ids[i]));
      expect(dict.end).toBe(p + ids[i].length);
      p = dict.end + 1;
    }
    expect(dict.size).toBe(3000);
    expect(new Set(dict.ids)).toEqual(new Set(ids));
  });

  it("sameAt compares exactly, not by prefix", () => {
    expect(sameAt("xabcx", 1, "abc")).toBe(true);
    expect(sameAt("xabdx", 1, "abc")).toBe(false);
    expect(sameAt("abc", 0, "abcd")).toBe(false);
  });
});
