import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { annotatorFromFileName, colLetter, normalisePos, parseMetahopeXlsx } from "./parse-metahope-xlsx";
import { parseMetahopeSeverity } from "./metahope-severity";
import { normaliseMetahopeSystem } from "./metahope-systems";
import { compareWithOriginal, splitSourceCell } from "./metahope-sentence";
import type { ImportResult } from "./types";

// ---- a small synthetic workbook in the released layout -------------------

const HEADER = [
  "word_id", "sentence", "word", "wordcat",
  "Google_translate", "IMP", "RAM", "MIS", "STL", "PRF", "SEGS",
  "GPT_5.4", "IMP", "RAM", "MIS", "STL", "PRF", "SEGS",
  "hunyuan_7b", "IMP", "RAM", "MIS", "STL", "PRF", "SEGS",
  "Human Gold Standard", "comments (e.g. on the full sentence)",
];

const MARK = { bold: true, underline: true };
type Run = string | [string];
/** "[x]" runs are bold + underlined */
const rich = (...runs: Run[]) => ({
  richText: runs.map((r) => (typeof r === "string" ? { text: r } : { text: r[0], font: MARK })),
});

async function workbook(rows: unknown[][], header: unknown[] = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sheet3");
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function row(over: Record<number, unknown>): unknown[] {
  const width = Math.max(...Object.keys(over).map(Number));
  // dense, with nulls: ExcelJS's addRow skips holes in a sparse array
  return Array.from({ length: width }, (_, i) => over[i + 1] ?? null);
}

const S1 = "Prices have remained high.";
const frozenRows = Object.freeze([
  row({
    1: "doc1_3_2",
    2: rich("Prices ", ["have"], " remained high."),
    3: "have",
    4: "V",
    5: rich("价格", ["一直"], "保持高位。"),
    8: 10, // GoogleMT MIS critical
    12: rich("价格", ["维持"], "在高位。"),
    17: "minor", // GPT PRF as a word
    19: "价格持续高位运行。", // Hunyuan: no mark → OMISSION
    22: "6.0", // Hunyuan MIS as text
    26: "价格一直维持高位。",
  }),
  row({
    1: "doc1_3_3",
    2: rich("Prices have ", ["remained"], " high."),
    3: "remained",
    4: "V",
    5: rich("价格一直", ["保持"], "高位。"),
    12: rich("价格", ["维持"], "在", ["高位"], "。"),
    13: 0, // zero = no error
    19: "价格持续高位运行。",
  }),
]);

describe("parseMetahopeXlsx: PSUCMC tags normalised in each sentence (MetaHOPE §4.1.1)", () => {
  it("an idiom takes its class from its own sentence; a verb-noun is a noun; all are active", async () => {
    const zh = (id: string, before: string, word: string, after: string, tag: string) =>
      row({ 1: id, 2: rich(before, [word], after), 3: word, 4: tag, 5: rich("The future ", ["is bright"], "."), 12: "The future is bright.", 19: "The future is bright." });
    const buf = await workbook([
      zh("news_90_v.4_5_3", "前途是", "光辉灿烂", "的。", "i"),
      zh("news_90_v.4_6_2", "前途", "光辉灿烂", "。", "i"),
      zh("news_90_v.4_2_3", "经济的", "发展", "很快。", "vn"),
    ]);
    const r = await parseMetahopeXlsx("PSUCMC_pilot_annotator-A.xlsx", buf, {});
    expect(r.errors).toEqual([]);
    expect(r.documents.flatMap((d) => d.segments.flatMap((x) => x.mrws.map((m) => [m.token, m.rawPos, m.pos, m.active])))).toEqual([
      ["光辉灿烂", "i", "ADJ", true],
      ["光辉灿烂", "i", "VERB", true],
      ["发展", "vn", "NOUN", true],
    ]);
  });
});

describe("parseMetahopeXlsx on a synthetic sheet", () => {
  it("reads MRW offsets, alignments, errors by column position and post-edits", async () => {
    const buf = await workbook(frozenRows as unknown[][]);
    const r = await parseMetahopeXlsx("pilot_annotator-A.xlsx", buf, {});
    expect(r.errors).toEqual([]);
    expect(r.documents).toHaveLength(1);
    const seg = r.documents[0].segments[0];
    expect(seg.text).toBe(S1);
    expect(seg.externalId).toBe("metahope:doc1_3");
    expect(seg.language).toBe("en");
    expect(seg.mrws.map((m) => [m.externalId, m.spans, m.pos])).toEqual([
      ["metahope:mrw:doc1_3_2", [{ start: 7, end: 11 }], "VERB"],
      ["metahope:mrw:doc1_3_3", [{ start: 12, end: 20 }], "VERB"],
    ]);
    expect(r.translations.map((t) => [t.system, t.language])).toEqual([
      ["GoogleMT", "zh"],
      ["GPT-5.4", "zh"],
      ["Hunyuan-LLM-7B", "zh"],
    ]);
    const al = r.alignments.filter((a) => a.mrwId === "metahope:mrw:doc1_3_3");
    expect(al.map((a) => [a.system, a.spans, a.pattern])).toEqual([
      ["GoogleMT", [{ start: 4, end: 6 }], "DIRECT"],
      ["GPT-5.4", [{ start: 2, end: 4 }, { start: 5, end: 7 }], "DIRECT"],
      ["Hunyuan-LLM-7B", [], "OMISSION"],
    ]);
    expect(r.errorSpans.map((e) => [e.annotator, e.system, e.category, e.severity, e.span, e.mrwId, e.line])).toEqual([
      ["A", "GoogleMT", "MIS", 10, { start: 2, end: 4 }, "metahope:mrw:doc1_3_2", 2],
      ["A", "GPT-5.4", "PRF", 2, { start: 2, end: 4 }, "metahope:mrw:doc1_3_2", 2],
      ["A", "Hunyuan-LLM-7B", "MIS", 6, { start: 0, end: 0 }, "metahope:mrw:doc1_3_2", 2],
    ]);
    expect(r.postEdits).toEqual([
      { annotator: "A", segmentId: "metahope:doc1_3", system: undefined, text: "价格一直维持高位。", kind: "figurative", language: "zh" },
    ]);
  });

  it("reports an unknown severity as an error naming row and column, and keeps going", async () => {
    const bad = [...(frozenRows[0] as unknown[])];
    bad[8] = 5; // I: GoogleMT STL
    bad[23] = "huge"; // X: Hunyuan PRF
    const rows = [bad];
    const r = await parseMetahopeXlsx("x_annotator-B.xlsx", await workbook(rows), {});
    expect(r.errors.map((e) => [e.line, e.column, e.field])).toEqual([
      [2, "I", "GoogleMT STL"],
      [2, "X", "Hunyuan-LLM-7B PRF"],
    ]);
    expect(r.errors[0].message).toMatch(/row 2, column I/);
  });

  it("makes sentence-level errors in a sentence-level workbook", async () => {
    const r = await parseMetahopeXlsx("Copy_with_full_sentence-level_error.xlsx", await workbook(frozenRows as unknown[][]), { annotator: "A" });
    expect(r.errorSpans.length).toBe(3);
    expect(r.errorSpans.every((e) => e.mrwId === undefined && e.annotator === "A")).toBe(true);
  });

  it("warns on ragged rows, missing ids and unmarked MRWs instead of failing", async () => {
    const rows = [
      row({ 1: "doc2_1_4", 2: "The markets rose.", 3: "markets", 4: "N", 5: "市场上涨。" }), // ragged, unmarked
      row({ 2: "No id here." }),
    ];
    const r = await parseMetahopeXlsx("annotator-A.xlsx", await workbook(rows), {});
    expect(r.errors).toEqual([]);
    const msgs = r.warnings.map((w) => `${w.line}:${w.field}:${w.message}`);
    expect(msgs.some((m) => m.startsWith("2:sentence:") && /located "markets" by search/.test(m))).toBe(true);
    expect(msgs.some((m) => m.startsWith("2:") && /ragged row/.test(m))).toBe(true);
    expect(msgs.some((m) => m.startsWith("3:word_id:") && /no word_id/.test(m))).toBe(true);
    expect(r.documents[0].segments[0].mrws[0].spans).toEqual([{ start: 4, end: 11 }]);
  });

  it("rejects a sheet without the MetaHOPE layout", async () => {
    const r = await parseMetahopeXlsx("a.xlsx", await workbook([], ["id", "text"]), {});
    expect(r.errors[0].message).toMatch(/word_id/);
    const r2 = await parseMetahopeXlsx("a.xlsx", Buffer.from("not a zip"), {});
    expect(r2.errors[0].message).toMatch(/not a readable/);
  });
});

describe("MetaHOPE helpers", () => {
  it("maps severities", () => {
    expect(parseMetahopeSeverity(undefined)).toEqual({ ok: true, severity: 0 });
    expect(parseMetahopeSeverity(10)).toEqual({ ok: true, severity: 10 });
    expect(parseMetahopeSeverity("10.0")).toEqual({ ok: true, severity: 10 });
    expect(parseMetahopeSeverity(" Moderate ")).toEqual({ ok: true, severity: 4 });
    expect(parseMetahopeSeverity("critical")).toEqual({ ok: true, severity: 10 });
    expect(parseMetahopeSeverity(0)).toEqual({ ok: true, severity: 0 });
    expect(parseMetahopeSeverity(16).ok).toBe(false);
    expect(parseMetahopeSeverity("x").ok).toBe(false);
  });
  it("normalises system names to the paper's tables", () => {
    expect(normaliseMetahopeSystem("Google_translate")).toBe("GoogleMT");
    expect(normaliseMetahopeSystem("GPT_5.4")).toBe("GPT-5.4");
    expect(normaliseMetahopeSystem("GPT5.4")).toBe("GPT-5.4");
    expect(normaliseMetahopeSystem("hunyuan_7b")).toBe("Hunyuan-LLM-7B");
    expect(normaliseMetahopeSystem("opus-mt")).toBeUndefined();
  });
  it("infers annotator, column letters and POS", () => {
    expect(annotatorFromFileName("VUAMC_pilot20__translation_aligned_annotator-A.xlsx")).toBe("A");
    expect(annotatorFromFileName("dir/x_annotated_annotator-B.xlsx")).toBe("B");
    expect(annotatorFromFileName("Copy_VUAMC.xlsx")).toBeUndefined();
    expect([colLetter(1), colLetter(26), colLetter(27)]).toEqual(["A", "Z", "AA"]);
    expect(["N", "V + AV", "AJ", "AV", "PR", "vn", "ng", "a", "d", "i", "l", "p"].map(normalisePos)).toEqual([
      "NOUN", "VERB", "ADJ", "ADV", "OTHER", "NOUN", "NOUN", "ADJ", "ADV", "VERB", "VERB", "OTHER",
    ]);
  });
  it("separates annotator notes from the sentence", () => {
    expect(splitSourceCell("a b => b a (x)")).toEqual({ sentence: "a b", note: "b a (x)", noteKind: "arrow" });
    expect(splitSourceCell("It rose. (feel bullish)")).toEqual({ sentence: "It rose.", note: "feel bullish", noteKind: "parenthesis" });
    expect(splitSourceCell("It rose (a lot) today.")).toEqual({ sentence: "It rose (a lot) today." });
    expect(compareWithOriginal("review machinery in spanner throws a", "review throws a spanner in machinery (throws a spanner)")).toBe("shuffled");
    expect(compareWithOriginal("set+up by him", "set up, by him.")).toBe("same-words-same-order");
  });
});

// ---- the released pilot workbooks -------------------------------------------

const DATA = path.resolve(__dirname, "../../../shared/data/real/metahope");
const FILE_A = "VUAMC_pilot20__translation_aligned_annotator-A.xlsx";
const FILE_B = "VUAMC_pilot20__translation_aligned_annotated_annotator-B.xlsx";
const FILE_S = "Copy_VUAMC_pilot20__translation_aligned_with_full_sentence-level_error.xlsx";
const FILE_P = "PSUCMC_pilot20__translation_aligned_annotated.xlsx";
const haveData = existsSync(path.join(DATA, FILE_A));

const parse = (f: string, opts = {}) => parseMetahopeXlsx(f, readFileSync(path.join(DATA, f)), opts);
const shared = (r: ImportResult) => ({ documents: r.documents, translations: r.translations.map(({ line: _l, ...t }) => t), alignments: r.alignments });
const sums = (r: ImportResult) => {
  const out: Record<string, number> = {};
  for (const e of r.errorSpans) out[e.system] = (out[e.system] ?? 0) + e.severity;
  return out;
};

describe.skipIf(!haveData)("parseMetahopeXlsx on the released MetaHOPE sheets (skipped: /work/shared/data absent)", () => {
  it("A and B yield the same segments, MRWs, translations and alignments", async () => {
    const [a, b] = [await parse(FILE_A), await parse(FILE_B)];
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    // segment `line` and MRW content are identical too: same rows in the same order
    expect(shared(b)).toEqual(shared(a));
    const segs = a.documents.flatMap((d) => d.segments);
    expect([a.documents.length, segs.length, segs.reduce((n, s) => n + s.mrws.length, 0)]).toEqual([6, 21, 65]);
    expect(a.translations).toHaveLength(63);
    expect(a.alignments).toHaveLength(195);
    // bold+underline coverage per system (SOURCE.md: 62, 64, 55 of 65) plus one bold-only mark (row 42, GoogleMT)
    const direct = (s: string) => a.alignments.filter((x) => x.system === s && x.pattern === "DIRECT").length;
    expect([direct("GoogleMT"), direct("GPT-5.4"), direct("Hunyuan-LLM-7B")]).toEqual([63, 64, 55]);
    expect(new Set(a.errorSpans.map((e) => e.annotator))).toEqual(new Set(["A"]));
    expect(new Set(b.errorSpans.map((e) => e.annotator))).toEqual(new Set(["B"]));
  });

  it("gives the MRW error totals of the paper's table 3 (A/B totals) and table 6 (A)", async () => {
    const [a, b] = [await parse(FILE_A), await parse(FILE_B)];
    expect(sums(a)).toEqual({ GoogleMT: 22, "GPT-5.4": 30, "Hunyuan-LLM-7B": 42 });
    expect(sums(b)).toEqual({ GoogleMT: 124, "GPT-5.4": 150, "Hunyuan-LLM-7B": 226 });
    expect(a.errorSpans.every((e) => e.mrwId !== undefined)).toBe(true);
  });

  it("reads the sentence-level sheet as sentence-level errors with table 5's totals", async () => {
    const s = await parse(FILE_S, { annotator: "A" });
    expect(s.errors).toEqual([]);
    expect(s.errorSpans.every((e) => e.mrwId === undefined)).toBe(true);
    expect(sums(s)).toEqual({ GoogleMT: 24, "GPT-5.4": 32, "Hunyuan-LLM-7B": 68 });
    // same segment ids as A's sheet; three blank rows reported
    const a = await parse(FILE_A);
    expect(s.documents.flatMap((d) => d.segments.map((x) => x.externalId))).toEqual(
      a.documents.flatMap((d) => d.segments.map((x) => x.externalId)),
    );
    expect(s.warnings.filter((w) => /blank row/.test(w.message)).map((w) => w.line)).toEqual([56, 58, 59]);
  });

  it("warns about the known mess, row by row", async () => {
    const a = await parse(FILE_A);
    const at = (line: number) => a.warnings.filter((w) => w.line === line).map((w) => w.message).join(" | ");
    expect(at(2)).toMatch(/shuffled/);
    expect(at(3)).toMatch(/shuffled/);
    expect(at(5)).toMatch(/"\+"/);
    expect(at(29)).toMatch(/feel bullish/);
    expect(at(63)).toMatch(/al5-fragment03_32_47/);
    const ids = a.documents.flatMap((d) => d.segments.map((s) => s.externalId));
    expect(ids).toContain("metahope:al5-fragment03_5");
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps one post-edit per sentence: A's note \"资格\" on a second MRW row does not replace the sentence's post-edit", async () => {
    const a = await parse(FILE_A);
    const seg = "metahope:al5-fragment03_32";
    expect(a.postEdits).toHaveLength(19);
    expect(a.postEdits.filter((p) => p.segmentId === seg).map((p) => p.text)).toEqual(["她承诺政府会保障那些不选择转为信托制的医院，但她预计这只会是少数。"]);
    expect(a.warnings.filter((w) => w.field === "Human Gold Standard").map((w) => [w.line, w.message])).toEqual([
      [59, expect.stringMatching(/^a second post-edit of this sentence \("资格"\) differs from the one on line \d+; the sentence keeps that one$/)],
    ]);
  });

  it("reads the ragged ZH→EN sheet", async () => {
    const p = await parse(FILE_P, { annotator: "A" });
    expect(p.errors).toEqual([]);
    const segs = p.documents.flatMap((d) => d.segments);
    expect([segs.length, segs.reduce((n, s) => n + s.mrws.length, 0)]).toEqual([20, 32]);
    expect(segs[0].language).toBe("zh");
    expect(p.translations[0].language).toBe("en");
    expect(p.warnings.some((w) => /bold or underlined but not both/.test(w.message) && w.line === 31)).toBe(true);
    // its ICTCLAS tags are normalised as the source CSV's are (the sheet's 32 MRWs are all content words)
    const classes: Record<string, number> = {};
    for (const m of segs.flatMap((s) => s.mrws)) classes[`${m.rawPos} ${m.pos} ${m.active}`] = (classes[`${m.rawPos} ${m.pos} ${m.active}`] ?? 0) + 1;
    expect(classes).toEqual({ "v VERB true": 22, "n NOUN true": 5, "a ADJ true": 3, "vg VERB true": 1, "ng NOUN true": 1 });
  });
});
