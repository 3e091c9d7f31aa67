// MQM import (issue 20.2), on the synthetic WMT and Marot files of tests/fixtures/mqm (SOURCE.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MQM_PRESET } from "@/lib/schemes/presets/mqm";
import { detectFormat } from "./detect-format";
import { parseMqm } from "./parse-mqm";

const dir = path.join(__dirname, "../../tests/fixtures/mqm");
const WMT = readFileSync(path.join(dir, "wmt-9col.tsv"), "utf8");
const MAROT = readFileSync(path.join(dir, "marot-10col.tsv"), "utf8");
const opts = { scheme: MQM_PRESET, sourceLang: "zh", targetLang: "en" };
const HEADER = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity";

describe("parseMqm", () => {
  it("is detected from the WMT and the Marot header", () => {
    expect(detectFormat("mqm_ted_zhen.tsv", WMT)).toBe("mqm");
    expect(detectFormat("marot-data.tsv", MAROT)).toBe("mqm");
  });

  it("reads documents, segments by doc/doc_id with seg_id as id, one translation per system, one value per rater and translation", () => {
    const r = parseMqm("wmt-9col.tsv", WMT, opts);
    expect(r.errors).toEqual([]);
    expect(r.documents.map((d) => [d.externalId, d.segments.map((s) => [s.externalId, s.index, s.text])])).toEqual([
      ["news.1", [["101", 0, "猫坐在垫子上。"], ["102", 1, "他明天去北京，然后回家。"]]],
      ["talk.2", [["7", 0, "这是最后一句。"]]],
    ]);
    expect(r.translations.map((t) => [t.segmentId, t.system, t.text])).toEqual([
      ["101", "sysA", "The cat sat on the mat."],
      ["101", "sysB", "Cat sits on mat."],
      ["102", "sysA", "He goes to Beijing tomorrow, then home."],
      ["102", "sysB", "He went to Beijing yesterday."],
      ["7", "sysA", "This is the last sentence."],
      ["7", "sysB", "This is the final sentence ."],
    ]);
    const v = (rater: string, seg: string, system: string) => r.annotations.find((a) => a.annotator === rater && a.segmentId === seg && a.system === system)?.value;
    expect(r.annotations).toHaveLength(8);
    expect(r.annotations.every((a) => a.field === "errors")).toBe(true);
    // No-error rows: rated, nothing marked
    expect(v("raterX", "101", "sysA")).toEqual([]);
    expect(v("raterY", "101", "sysA")).toEqual([{ start: 15, end: 18, label: "Style/Awkward", attributes: { severity: "Neutral" }, on: "target" }]);
    expect(v("raterX", "101", "sysB")).toEqual([
      { start: 0, end: 3, label: "Fluency/Grammar", attributes: { severity: "Minor" }, on: "target" },
      { start: 4, end: 8, label: "Accuracy/Mistranslation", attributes: { severity: "Major" }, on: "target" },
    ]);
    // the omission is marked on the source: offsets count in the source
    expect(v("raterX", "102", "sysB")).toEqual([
      { start: 7, end: 11, label: "Accuracy/Omission", attributes: { severity: "Major" }, on: "source" },
      { start: 19, end: 28, label: "Accuracy/Mistranslation", attributes: { severity: "Major" }, on: "target" },
    ]);
    // "Non-translation!" (WMT 2020) is the preset's Non-translation; no markers: an empty span at the start
    expect(v("raterY", "7", "sysB")).toEqual([
      { start: 26, end: 27, label: "Fluency/Punctuation", attributes: { severity: "Minor" }, on: "target" },
      { start: 0, end: 0, label: "Non-translation", attributes: { severity: "Major" }, on: "target" },
    ]);
  });

  it("reads Marot's ten columns: notes as comments (JSON or legacy), lower-case severities, a constant globalSegId, metadata-only rows", () => {
    const r = parseMqm("marot-10col.tsv", MAROT, opts);
    expect(r.errors).toEqual([]);
    expect(r.documents[0].segments.map((s) => s.externalId)).toEqual(["doc9:zh-en#1", "doc9:zh-en#2"]);
    expect(r.annotations.map((a) => [a.annotator, a.segmentId, a.value])).toEqual([
      ["r1", "doc9:zh-en#1", [{ start: 4, end: 7, label: "Other", attributes: { severity: "Minor" }, on: "target", comment: "odd word choice" }]],
      ["r1", "doc9:zh-en#2", [{ start: 0, end: 4, label: "Accuracy/Addition", attributes: { severity: "Major" }, on: "target", comment: "legacy note text" }]],
    ]);
  });

  it("names the line of text that differs outside the markers, of unbalanced markers, of an unknown category or severity, and stores nothing", () => {
    const lines = WMT.trimEnd().split("\n");
    const broken = (i: number, col: number, value: string) => {
      const l = lines.slice();
      const f = l[i].split("\t");
      f[col] = value;
      l[i] = f.join("\t");
      return parseMqm("bad.tsv", `${l.join("\n")}\n`, opts);
    };
    let r = broken(4, 6, "Cat <v>sat</v> on mat.");
    expect(r.errors).toEqual([{ file: "bad.tsv", line: 5, column: 7, field: "target", message: "the target (outside the <v> markers) differs from line 4, the first row of sysB's translation of news.1 segment 1" }]);
    expect(r.documents).toEqual([]);
    expect(r.annotations).toEqual([]);
    r = broken(5, 5, "猫<v>坐</v>在垫子上了。");
    expect(r.errors[0]).toMatchObject({ line: 6, field: "source", message: "the source (outside the <v> markers) differs from line 2, the first row of news.1 segment 1" });
    r = broken(2, 6, "The cat sat on </v>the mat.");
    expect(r.errors).toEqual([{ file: "bad.tsv", line: 3, column: 7, field: "target", message: "target: </v> at character 16 without an opening <v> (unbalanced markers)" }]);
    r = broken(2, 7, "Accuracy/Hallucination");
    expect(r.errors).toEqual([{ file: "bad.tsv", line: 3, column: 8, field: "category", message: 'category "Accuracy/Hallucination" is not a label of the scheme\'s "errors" field' }]);
    r = broken(2, 8, "Critical");
    expect(r.errors[0]).toMatchObject({ line: 3, field: "severity", message: 'severity "Critical" is not one of Major, Minor, Neutral' });
    r = parseMqm("short.tsv", `${HEADER}\nsysA\tnews.1\t1\t101\n`, opts);
    expect(r.errors[0]).toMatchObject({ line: 2, message: expect.stringMatching(/^found 4 columns; an MQM row has 9/) });
    r = broken(1, 2, "0");
    expect(r.errors[0]).toMatchObject({ line: 2, field: "doc_id" });
  });

  it("reads a <v> never closed as a span to the end, with a warning naming the line", () => {
    const text = `${HEADER}\nsysA\td\t1\t1\tr\t源\t<v>The whole tail\tAccuracy/Mistranslation\tMajor\n`;
    const r = parseMqm("tail.tsv", text, opts);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([{ file: "tail.tsv", line: 2, column: 7, field: "target", message: "target: <v> never closed; span taken to the end of the target (an MQM or Marot export closes it there with </v>)" }]);
    expect(r.annotations[0].value).toEqual([{ start: 0, end: 14, label: "Accuracy/Mistranslation", attributes: { severity: "Major" }, on: "target" }]);
  });

  it("needs a scheme with a translation-scope spans field", () => {
    expect(parseMqm("x.tsv", WMT, { ...opts, scheme: null }).errors[0].message).toMatch(/^MQM files need a project whose scheme has a spans field at translation scope/);
  });
});
