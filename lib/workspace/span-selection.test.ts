import { describe, expect, it } from "vitest";
import { normalizeSpans, spansOverlap, toggleTokenRange, tokenize, tokensToSpan } from "./span-selection";

describe("tokenize", () => {
  it("Chinese: one token per character, offsets in UTF-16 units, spaces skipped", () => {
    const toks = tokenize("尖叫声 划破𠀀夜", "zh");
    expect(toks.map((t) => t.text)).toEqual(["尖", "叫", "声", "划", "破", "𠀀", "夜"]);
    // 𠀀 is outside the BMP: two code units
    expect(toks[5]).toEqual({ text: "𠀀", start: 6, end: 8 });
    expect(toks[6].start).toBe(8);
  });
  it("Italian/English: words with apostrophes and accents stay whole; punctuation is its own token", () => {
    const text = "l'ex schiava ha assaporato la libertà.";
    const toks = tokenize(text, "it");
    expect(toks.map((t) => t.text)).toEqual(["l'ex", "schiava", "ha", "assaporato", "la", "libertà", "."]);
    for (const t of toks) expect(text.slice(t.start, t.end)).toBe(t.text);
  });
});

describe("spans", () => {
  const text = "经过两年的快速增长，地区经济已经用完了蒸汽。";
  const toks = tokenize(text, "zh");
  it("tokensToSpan covers a drag in either direction", () => {
    const s = tokensToSpan(toks, 20, 16);
    expect(text.slice(s.start, s.end)).toBe("用完了蒸汽");
  });
  it("toggling adds a second span (multi-span) and removes tokens again", () => {
    let spans = toggleTokenRange([], toks, 16, 17); // 用完
    spans = toggleTokenRange(spans, toks, 19, 20); // 蒸汽
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(["用完", "蒸汽"]);
    spans = toggleTokenRange(spans, toks, 18, 18); // 了 joins them
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(["用完了蒸汽"]);
    spans = toggleTokenRange(spans, toks, 17, 18); // remove 完了
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(["用", "蒸汽"]);
    expect(toggleTokenRange(spans, toks, 16, 16).map((s) => text.slice(s.start, s.end))).toEqual(["蒸汽"]);
  });
  it("normalizeSpans merges overlaps and drops empties", () => {
    expect(normalizeSpans([{ start: 5, end: 8 }, { start: 0, end: 2 }, { start: 7, end: 9 }, { start: 3, end: 3 }])).toEqual([
      { start: 0, end: 2 },
      { start: 5, end: 9 },
    ]);
  });
  it("overlap treats an omission anchor inside a span as overlapping", () => {
    expect(spansOverlap({ start: 2, end: 2 }, { start: 0, end: 4 })).toBe(true);
    expect(spansOverlap({ start: 0, end: 2 }, { start: 2, end: 4 })).toBe(false);
  });
});
