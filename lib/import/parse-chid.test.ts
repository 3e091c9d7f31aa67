import { describe, expect, it } from "vitest";
import { parseChid } from "./parse-chid";

const line = (o: object) => JSON.stringify(o);
const C7 = ["画蛇添足", "守株待兔", "亡羊补牢", "对牛弹琴", "杯弓蛇影", "掩耳盗铃", "井底之蛙"];
const C7b = ["一石二鸟", "三心二意", "四面楚歌", "五体投地", "六神无主", "七上八下", "九牛一毛"];

describe("parseChid", () => {
  it("makes one item per blank, shown with its paragraph, with candidates, gold and metadata as item lists", () => {
    const file = [
      line({ groundTruth: ["画蛇添足"], candidates: [C7], content: "他这样做真是#idiom#。", realCount: 1, transparency: "T2" }),
      line({ id: "cx7", groundTruth: ["画蛇添足", "四面楚歌"], candidates: [C7, C7b], content: "甲#idiom#，乙#idiom#。", realCount: 2 }),
    ].join("\n");
    const r = parseChid("chid_sample.json", file);
    expect(r.errors).toEqual([]);
    const segs = r.documents.flatMap((d) => d.segments);
    expect(segs.map((s) => [s.externalId, s.text])).toEqual([
      ["1#1", "他这样做真是［____］。"],
      ["cx7#1", "甲［____］，乙［…］。"],
      ["cx7#2", "甲［…］，乙［____］。"],
    ]);
    expect(segs[0].lists).toEqual({ transparency: "T2", candidates: C7, answer: "画蛇添足" });
    expect(segs[2].lists).toEqual({ candidates: C7b, answer: "四面楚歌" });
    // a paragraph is a document: its blanks side by side
    expect(r.documents.map((d) => [d.externalId, d.segments.length])).toEqual([["chid:chid_sample:1", 1], ["chid:chid_sample:cx7", 2]]);
  });

  it("names the line and field of every inconsistency and stores nothing", () => {
    const file = [
      line({ groundTruth: ["画蛇添足"], candidates: [C7, C7b], content: "真是#idiom#。" }),
      line({ groundTruth: ["不在其中"], candidates: [C7], content: "真是#idiom#。" }),
      line({ groundTruth: ["画蛇添足"], candidates: [C7], content: "真是#idiom#。", realCount: 2 }),
      line({ groundTruth: ["画蛇添足"], candidates: [C7], content: "没有空格。" }),
      "{not json",
      line({ groundTruth: "画蛇添足", candidates: [C7], content: "真是#idiom#。" }),
      line({ id: "a", groundTruth: ["画蛇添足"], candidates: [C7], content: "真是#idiom#。" }),
      line({ id: "a", groundTruth: ["画蛇添足"], candidates: [C7], content: "又是#idiom#。" }),
    ].join("\n");
    const r = parseChid("bad.json", file);
    expect(r.documents).toEqual([]);
    expect(r.errors.map((e) => [e.line, e.field ?? null, e.message])).toEqual([
      [1, "candidates", "2 candidate lists for 1 blank"],
      [2, "groundTruth.0", 'blank 1: the answer "不在其中" is not among its candidates'],
      [3, "realCount", "realCount is 2 but content has 1 #idiom# blank"],
      [4, "content", "content has no #idiom# blank"],
      [5, null, expect.stringMatching(/^invalid JSON/)],
      [6, "groundTruth", expect.stringMatching(/^groundTruth: /)],
      [8, "id", 'item id "a" is already used on line 7'],
    ]);
    expect(r.errors.every((e) => e.file === "bad.json")).toBe(true);
  });
});

describe("ChID is detected from its first line", () => {
  it("whatever the extension", async () => {
    const { detectFormat } = await import("./detect-format");
    const first = JSON.stringify({ groundTruth: ["画蛇添足"], candidates: [C7], content: "真是#idiom#。", realCount: 1 });
    for (const name of ["test_data.txt", "chid.json", "chid.jsonl"]) expect(detectFormat(name, `${first}\n`), name).toBe("chid");
  });
});
