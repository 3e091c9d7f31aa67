import { describe, expect, it } from "vitest";
import { characterContext, classInContext, tokenContext } from "@/lib/import/pos-in-context";

// The idiom (i) and fixed-expression (l) MRWs of PSUCMC_sequence.csv with the four tokens on each
// side as the corpus segments and tags them (frozen copies; the real-data test below reads the file).
const IDIOMS: { id: string; before: string; idiom: string; tag: string; after: string; expected: string }[] = [
  { id: "academic_09_0018", before: "失去/v 一切/r 生机/n 而/c", idiom: "不复存在", tag: "l", after: "。/ew ＂/w", expected: "VERB" },
  { id: "academic_21_0057", before: "舞/v ＂/w 、/w ＂/w", idiom: "孤军作战", tag: "i", after: "＂/w 等/u 问题/n 无望/v", expected: "VERB" },
  { id: "academic_24_0016", before: "求/v 其/r 本源/n ，/w", idiom: "顺流而下", tag: "i", after: "，/w 才能/v 势如破竹/i 。/ew", expected: "VERB" },
  { id: "academic_24_0016", before: "，/w 顺流而下/i ，/w 才能/v", idiom: "势如破竹", tag: "i", after: "。/ew", expected: "VERB" },
  { id: "academic_27_0006", before: "，/w 成员/n 的/u 需求/n", idiom: "多种多样", tag: "l", after: "，/w 但/c 受/v 有限/a", expected: "VERB" },
  { id: "fiction_02_0060", before: "，/w 她/r 怕/v 我/r", idiom: "受不了", tag: "l", after: "这个/r 打击/vn －－/w 一直/d", expected: "VERB" },
  { id: "fiction_12_0087", before: "只/q 喜鹊/n 的/u ＂/w", idiom: "深谋远虑", tag: "i", after: "＂/w 则/d 是/v 可笑/a", expected: "NOUN" },
  { id: "fiction_14_0083", before: "，/w 对/p 我/r 可谓/v", idiom: "毕恭毕敬", tag: "i", after: "，/w 表示/v 欢迎/vn ，/w", expected: "VERB" },
  { id: "fiction_14_0085", before: "的/u 双/m 腿/n ，/w", idiom: "欢歌笑语", tag: "l", after: "地/u 从/p 深谷/n 跑/v", expected: "ADV" },
  { id: "fiction_16_0007", before: "想像/vn 中/f 都/d 是/v", idiom: "光辉灿烂", tag: "i", after: "的/u 。/ew", expected: "ADJ" },
  { id: "fiction_19_0042", before: "不啻/d 是/v 一/m 声/q", idiom: "晴天霹雷", tag: "i", after: "。/ew", expected: "NOUN" },
  { id: "fiction_20_0054", before: "乔/nr 光朴/nr 放/v 着/u", idiom: "轻车熟路", tag: "i", after: "不/d 走/v ，/w 明知/v", expected: "NOUN" },
  { id: "news_17_0030", before: "使/v 捷/j 队/n 门前/s", idiom: "险象环生", tag: "l", after: "，/w 观众/n 惊讶/an 声/ng", expected: "VERB" },
  { id: "news_19_0016", before: "但/c 仍/d 出现/v 了/u", idiom: "不大不小", tag: "l", after: "的/u ＂/w 咸菜/n 热/k", expected: "ADJ" },
];

function sentenceOf(x: (typeof IDIOMS)[number]) {
  const split = (s: string) => (s ? s.split(" ").map((w) => w.split("/") as [string, string]) : []);
  const words = [...split(x.before), [x.idiom, x.tag] as [string, string], ...split(x.after)];
  return { tokens: words.map((w) => w[0]), tags: words.map((w) => w[1]), k: split(x.before).length };
}

describe("classInContext: an idiom's class is its function in its sentence (MetaHOPE §4.1.1)", () => {
  it.each(IDIOMS)("$id $idiom → $expected (tokens and tags)", (x) => {
    const { tokens, tags, k } = sentenceOf(x);
    expect(classInContext(x.tag, tokenContext(tokens, tags, k))).toBe(x.expected);
  });

  it("from the characters alone (word-row files) the particle rules give the same classes, except where a tag was needed", () => {
    const byChars = IDIOMS.map((x) => {
      const { tokens, k } = sentenceOf(x);
      const text = tokens.join("");
      const start = tokens.slice(0, k).join("").length;
      return classInContext(x.tag, characterContext(text, start, start + x.idiom.length));
    });
    // 晴天霹雷 follows the measure word 声 (tag q): without tags it stays a predicate
    expect(byChars).toEqual(IDIOMS.map((x) => (x.idiom === "晴天霹雷" ? "VERB" : x.expected)));
  });

  it("rules in order, quote marks looked through, other punctuation ends the context", () => {
    expect(classInContext("i", {})).toBe("VERB");
    expect(classInContext("i", { after: [{ text: "」" }, { text: "的" }] })).toBe("ADJ");
    expect(classInContext("i", { after: [{ text: "，" }, { text: "的" }] })).toBe("VERB");
    // 的 after wins over 的 before: an attributive inside a noun phrase
    expect(classInContext("l", { before: [{ text: "的" }], after: [{ text: "的" }] })).toBe("ADJ");
    expect(classInContext("i", { before: [{ text: "三", tag: "m" }] })).toBe("NOUN");
    expect(classInContext("i", { before: [{ text: "为了", tag: "p" }] })).toBe("VERB");
    // only i and l depend on the sentence
    expect(classInContext("v", { after: [{ text: "的" }] })).toBeUndefined();
    expect(classInContext("vn", { after: [{ text: "的" }] })).toBeUndefined();
  });
});
