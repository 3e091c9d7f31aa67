import { describe, expect, it } from "vitest";
import { corpusRougeL, lcsLength, rougeL, rougeTokens } from "./rouge-l";

// All expected values are worked by hand from Lin (2004) §3.1:
// R = LCS/m, P = LCS/n, F = (1+β²)RP/(R+β²P).

describe("lcsLength", () => {
  it("finds the longest common subsequence", () => {
    expect(lcsLength([..."ABCBDAB"], [..."BDCABA"])).toBe(4); // CLRS example: BCBA
    expect(lcsLength([], ["a"])).toBe(0);
  });
});

describe("rougeL", () => {
  it("English, word level: LCS 'the cat on the mat' = 5 of 6 and 6", () => {
    const s = rougeL("The cat sat on the mat.", "the cat was on the mat");
    expect(s.defined && [s.lcs, s.precision, s.recall, s.f]).toEqual([5, 5 / 6, 5 / 6, 5 / 6]);
  });

  it("β weighs recall: candidate 'a b c d' vs reference 'a b' (R = 1, P = 0.5)", () => {
    const f1 = rougeL("a b c d", "a b");
    const f2 = rougeL("a b c d", "a b", { beta: 2 });
    expect(f1.defined && f1.f).toBeCloseTo(2 / 3, 12); // 2·1·0.5/1.5
    expect(f2.defined && f2.f).toBeCloseTo(2.5 / 3, 12); // 5·0.5/(1+4·0.5)
  });

  it("Chinese, character level: 尖叫声刺穿了夜晚 vs 尖叫声划破了黑夜 → LCS 尖叫声了夜 = 5 of 8", () => {
    const s = rougeL("尖叫声刺穿了夜晚。", "尖叫声划破了黑夜。", { language: "zh" });
    expect(s.defined && s.lcs).toBe(5);
    expect(s.defined && s.f).toBeCloseTo(5 / 8, 12);
  });

  it("tokenises: punctuation dropped, accents kept, Han split out of Latin runs", () => {
    expect(rougeTokens("L'urlo squarciò la notte.")).toEqual(["l", "urlo", "squarciò", "la", "notte"]);
    expect(rougeTokens("FT-SE指数abc中文", "zh")).toEqual(["ft", "se", "指", "数", "abc", "中", "文"]);
  });

  it("one side empty scores 0; both empty is undefined", () => {
    expect(rougeL("", "the cat")).toMatchObject({ defined: true, f: 0 });
    expect(rougeL("...", "")).toMatchObject({ defined: false });
  });
});

describe("corpusRougeL", () => {
  it("macro-averages sentence F and counts undefined segments", () => {
    const c = corpusRougeL(["The cat sat on the mat.", "a b", ""], ["the cat was on the mat", "a b", "!"]);
    expect(c).toMatchObject({ defined: true, n: 2, undefinedSegments: 1 });
    expect(c.defined && c.f).toBeCloseTo((5 / 6 + 1) / 2, 12);
  });
  it("is undefined for no segments", () => {
    expect(corpusRougeL([], [])).toMatchObject({ defined: false, reason: "no segments" });
  });
});
