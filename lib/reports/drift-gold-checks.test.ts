// Gold-check drift (issue 31 point 4, "and with gold checks"), scripted: three annotators right on
// 9 of every 10 gold checks all along; d as right until answer 20, then wrong on 6 of the last 10.
// d is flagged with exactly those six wrong answers, latest first; the others are not. The
// yardstick leaves the annotator out: d's interval is the one the others' answers alone give.
import { describe, expect, it } from "vitest";
import { goldCheckDrift, type TGoldCheckAnswerRow } from "./drift-gold-checks";
import { panelInterval } from "./drift";

const levels = new Map([["label", "nominal" as const]]);

function script(): TGoldCheckAnswerRow[] {
  const out: TGoldCheckAnswerRow[] = [];
  for (const annotator of ["a", "b", "c", "d"]) {
    for (let i = 0; i < 30; i++) {
      // a–c: the 5th of every ten wrong; d: the same until 20, then wrong on 6 of its last 10
      const correct = annotator === "d" && i >= 20 ? ![21, 22, 24, 25, 27, 29].includes(i) : i % 10 !== 4;
      out.push({ annotator, segmentId: `g${String(i).padStart(2, "0")}`, field: "label", unit: "t1:-", correct, at: 1_000 * i });
    }
  }
  return out;
}

describe("gold-check drift", () => {
  const rows = goldCheckDrift(script(), levels, { window: 10 });

  it("flags the annotator whose answers turn wrong, with the wrong answers latest first", () => {
    expect(rows.map((r) => [r.source, r.field, r.annotator, r.units, r.value, r.flagged])).toEqual([
      ["gold", "label", "a", 10, 0.9, false],
      ["gold", "label", "b", 10, 0.9, false],
      ["gold", "label", "c", 10, 0.9, false],
      ["gold", "label", "d", 10, 0.4, true],
    ]);
    const d = rows.find((r) => r.annotator === "d")!;
    expect(d.statistic).toBe("gold_accuracy");
    expect(d.moved.map((m) => m.segmentId)).toEqual(["g29", "g27", "g25", "g24", "g22", "g21"]);
  });

  it("measures each annotator against the others' answers only", () => {
    const others = script().filter((a) => a.annotator !== "d").map((a) => (a.correct ? { own: "r", panel: "r" } : { own: "w", panel: "r" }));
    const expected = panelInterval("nominal", others, 10, { iterations: 400, seed: 1, level: 0.95 });
    const d = rows.find((r) => r.annotator === "d")!;
    expect([d.lower, d.upper]).toEqual([expected.lower, expected.upper]);
    // 90 % right on windows of ten: the interval holds 0.9 and lies above d's 0.4
    expect(d.lower!).toBeLessThanOrEqual(0.9);
    expect(d.lower!).toBeGreaterThan(0.4);
  });

  it("gives no figure for a window with fewer answers than the minimum, and says why", () => {
    const few = goldCheckDrift(script().filter((a) => a.annotator !== "d" || a.segmentId < "g05"), levels, { window: 10 });
    expect(few.find((r) => r.annotator === "d")).toMatchObject({ value: null, flagged: false, reason: "5 gold-check answers in the window (fewer than 10)" });
  });
});
