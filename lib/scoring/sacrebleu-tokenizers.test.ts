import { describe, expect, it } from "vitest";
import fixture from "./__fixtures__/bleu-nltk.json";
import { isSacrebleuChineseChar, tokenize13a, tokenizeZh } from "./sacrebleu-tokenizers";

// Expected tokens come from Python's `re` running sacreBLEU's own pattern
// strings (scripts/fixtures/bleu-nltk-fixtures.py), so these tests compare
// the JS port against the Python regex engine, not against itself.
describe("tokenize13a", () => {
  for (const c of fixture.tokenizers["13a"]) {
    it(`matches Python for ${JSON.stringify(c.input).slice(0, 40)}`, () => {
      expect(tokenize13a(c.input)).toBe(c.tokens);
    });
  }
  it("keeps decimals and thousands together but splits a sentence-final period (mteval rules)", () => {
    expect(tokenize13a("It cost 3.50, or 1,000 yen.")).toBe("It cost 3.50 , or 1,000 yen .");
  });
});

describe("tokenizeZh", () => {
  for (const c of fixture.tokenizers.zh) {
    it(`matches Python for ${JSON.stringify(c.input).slice(0, 40)}`, () => {
      expect(tokenizeZh(c.input)).toBe(c.tokens);
    });
  }
  it("reproduces sacreBLEU's '\\u20000' range quirk: curly quotes are 'Chinese', astral ideographs are not", () => {
    expect(isSacrebleuChineseChar("“")).toBe(true); // U+201C
    expect(isSacrebleuChineseChar("\u2000")).toBe(false);
    expect(isSacrebleuChineseChar("\u2a6d")).toBe(true);
    expect(isSacrebleuChineseChar("\u2a6e")).toBe(false);
    expect(isSacrebleuChineseChar("𠀀")).toBe(false); // U+20000
    expect(isSacrebleuChineseChar("中")).toBe(true);
    expect(isSacrebleuChineseChar("a")).toBe(false);
  });
});
