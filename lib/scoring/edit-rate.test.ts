import { describe, expect, it } from "vitest";
import { corpusEditRate, editRate, levenshteinCounts } from "./edit-rate";

// Hand-computed: edits are the minimum insertions + deletions + substitutions
// (Levenshtein, no shifts), divided by the post-edit length in tokens.

describe("editRate", () => {
  it("one inserted word: 'the cat sat on mat' → 'the cat sat on the mat' = 1/6", () => {
    const r = editRate("the cat sat on mat", "the cat sat on the mat");
    expect(r).toMatchObject({ defined: true, insertions: 1, deletions: 0, substitutions: 0, edits: 1, refLen: 6 });
    expect(r.defined && r.rate).toBeCloseTo(1 / 6, 12);
  });

  it("a substitution counts once and shows as delete + insert in the diff", () => {
    const r = editRate("a b c", "a x c");
    expect(r).toMatchObject({ substitutions: 1, edits: 1 });
    expect(r.defined && r.rate).toBeCloseTo(1 / 3, 12);
    expect(r.chunks).toEqual([
      { kind: "equal", tokens: ["a"] },
      { kind: "delete", tokens: ["b"] },
      { kind: "insert", tokens: ["x"] },
      { kind: "equal", tokens: ["c"] },
    ]);
  });

  it("no shifts: moving one word costs 2 (TER with shifts would count 1)", () => {
    const r = editRate("b c a", "a b c");
    expect(r.edits).toBe(2);
    expect(r.defined && r.rate).toBeCloseTo(2 / 3, 12);
  });

  it("Chinese is character level: 尖叫声刺穿了夜晚。 → 尖叫声划破了黑夜。 = 4 edits / 9", () => {
    // 刺→划, 穿→破, then 夜晚 → 黑夜: two more edits (either 2 substitutions or an insertion and a deletion).
    const r = editRate("尖叫声刺穿了夜晚。", "尖叫声划破了黑夜。", { language: "zh" });
    expect(r).toMatchObject({ edits: 4, refLen: 9, hypLen: 9 });
    expect(r.defined && r.rate).toBeCloseTo(4 / 9, 12);
  });

  it("can exceed 1 and is undefined for an empty post-edit", () => {
    const r = editRate("a b c d", "x");
    expect(r.defined && r.rate).toBe(4); // 1 substitution + 3 deletions
    expect(editRate("a", "  ")).toMatchObject({ defined: false, reason: "the post-edit has no tokens" });
  });

  it("kitten → sitting: 2 substitutions + 1 insertion (textbook example)", () => {
    const c = levenshteinCounts([..."kitten"], [..."sitting"]);
    expect(c).toEqual({ insertions: 1, deletions: 0, substitutions: 2, edits: 3 });
  });
});

describe("corpusEditRate", () => {
  it("is Σ edits / Σ post-edit tokens, not a mean of ratios", () => {
    const c = corpusEditRate(["the cat sat on mat", "a b c"], ["the cat sat on the mat", "a x c"]);
    expect(c.defined && c.rate).toBeCloseTo(2 / 9, 12);
  });
  it("is undefined without tokens", () => {
    expect(corpusEditRate([], [])).toMatchObject({ defined: false });
  });
});
