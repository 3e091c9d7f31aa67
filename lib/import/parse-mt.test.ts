import { describe, expect, it } from "vitest";
import { parseMt, parseMtDocument } from "@/lib/import/parse-mt";

describe("parseMt", () => {
  it("long CSV with several systems keeps text byte-exact (BOM, CRLF, quotes, commas)", () => {
    const csv = '\uFEFFsegment_id,system,translation\r\nvuamc:d:1,Google,"工党会议：政策审查给白厅机器""添乱"""\r\nvuamc:d:1,GPT-5.4, 带空格 \r\n';
    const r = parseMt("mt.csv", csv, { targetLang: "zh" });
    expect(r.errors).toEqual([]);
    expect(r.translations).toEqual([
      { segmentId: "vuamc:d:1", system: "Google", language: "zh", text: '工党会议：政策审查给白厅机器"添乱"', line: 2 },
      { segmentId: "vuamc:d:1", system: "GPT-5.4", language: "zh", text: " 带空格 ", line: 3 },
    ]);
  });

  it("TSV without a system column needs --system; doc_id + seg_index resolves through the option", () => {
    const tsv = "doc_id\tseg_index\ttranslation\nd1\t0\tCiao\nd1\t1\tMondo\n";
    expect(parseMt("mt.tsv", tsv, { targetLang: "it" }).errors[0].message).toMatch(/--system/);
    const r = parseMt("mt.tsv", tsv, { targetLang: "it", system: "opus-mt", resolveSegment: (d, i) => `${d}:${i + 1}` });
    expect(r.translations.map((t) => [t.segmentId, t.system, t.text])).toEqual([
      ["d1:1", "opus-mt", "Ciao"],
      ["d1:2", "opus-mt", "Mondo"],
    ]);
    const noResolver = parseMt("mt.tsv", tsv, { targetLang: "it", system: "x" });
    expect(noResolver.translations[1].segmentId).toBe("d1#1");
  });

  it("wide form: one column per system", () => {
    const r = parseMt("w.csv", "segment_id,language,Google,hunyuan_7b\ns1,zh,甲,乙\n");
    expect(r.translations.map((t) => [t.system, t.text, t.language])).toEqual([
      ["Google", "甲", "zh"],
      ["hunyuan_7b", "乙", "zh"],
    ]);
  });

  it("JSONL", () => {
    const r = parseMt("o.jsonl", '{"segmentId":"s1","system":"A","translation":"x"}\n{"segment_id":"s2","system":"A","text":"y","language":"es"}\n', { targetLang: "it" });
    expect(r.translations.map((t) => [t.segmentId, t.language])).toEqual([
      ["s1", "it"],
      ["s2", "es"],
    ]);
  });

  it("errors: duplicate (segment, system), wrong column count, unknown segment, bad JSON, missing language", () => {
    const r = parseMt("d.csv", "segment_id,system,translation\ns1,A,x\ns1,A,y\ns2,A\ns9,A,z\n", { targetLang: "zh", knownSegmentIds: new Set(["s1", "s2"]) });
    expect(r.translations).toEqual([]);
    expect(r.errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(r.errors[0].message).toMatch(/duplicate/);
    expect(r.errors[2].message).toMatch(/unknown segment s9/);
    const j = parseMt("o.jsonl", '{"segmentId":"s1","system":"A","translation":"x"}\n{"segmentId":"s2",\n', { targetLang: "it" });
    expect(j.errors[0]).toMatchObject({ line: 2 });
    expect(parseMt("d.csv", "segment_id,system,translation\ns1,A,x\n").errors[0].message).toMatch(/targetLang/);
  });
});

describe("parseMtDocument", () => {
  const doc = "第一句。\n第二句，有“引号”。\r\n第三句。\n";
  it("splits by newline (LF and CRLF)", () => {
    const r = parseMtDocument("doc.txt", doc, { split: "newline", segmentIds: ["a", "b", "c"] }, { system: "GPT-5.4", targetLang: "zh" });
    expect(r.errors).toEqual([]);
    expect(r.translations.map((t) => t.text)).toEqual(["第一句。", "第二句，有“引号”。", "第三句。"]);
  });
  it("explicit boundaries; out of range, overlap and count mismatch are errors", () => {
    const ok = parseMtDocument("doc.txt", doc, [
      { segmentId: "a", start: 0, end: 4 },
      { segmentId: "b", start: 5, end: 15 },
    ], { system: "S", targetLang: "zh" });
    expect(ok.translations.map((t) => [t.text, t.line])).toEqual([
      ["第一句。", 1],
      ["第二句，有“引号”。", 2],
    ]);
    const bad = parseMtDocument("doc.txt", doc, [
      { segmentId: "a", start: 0, end: 6 },
      { segmentId: "b", start: 5, end: 15 },
      { segmentId: "c", start: 10, end: 999 },
    ], { system: "S", targetLang: "zh" });
    expect(bad.errors.map((e) => e.message.split(":")[1]?.trim().slice(0, 12))).toEqual(["starts at 5,", "offsets 10–9"]);
    const count = parseMtDocument("doc.txt", doc, { split: "newline", segmentIds: ["a", "b"] }, { system: "S", targetLang: "zh" });
    expect(count.errors[0].message).toMatch(/3 lines but 2 segments/);
  });
});
