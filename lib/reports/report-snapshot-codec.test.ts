/**
 * The report snapshot codec: what is decoded is what was encoded (lists, every column, every
 * dictionary in its order, values with their JSON texts), whatever the sizes of the
 * dictionaries (byte, 16-bit and 32-bit columns), and data it cannot encode faithfully is refused.
 */
import { describe, expect, it } from "vitest";
import { IdDict, ValueDict, emptyAnnotationColumns, type TAnnotationColumns } from "./report-index";
import type { TReportData } from "./report-input";
import { REPORT_SNAPSHOT_FORMAT, decodeReportSnapshot, encodeReportSnapshot, type TReportBase } from "./report-snapshot-codec";
import v8 from "node:v8";

function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % n;
}

/** Report data with `rows` annotation rows over dictionaries of the given sizes. */
function sample(rows: number, sizes: { segments: number; annotators: number; values: number }, seed = 1) {
  const rand = lcg(seed);
  const segments: TReportData["segments"] = Array.from({ length: sizes.segments }, (_, i) => ({ id: `seg${i}`, externalId: `s${i}`, split: i % 2 ? "TEST" : null, metaphorical: i % 3 === 0 }));
  const translations: TReportData["translations"] = segments.map((s, i) => ({ id: `tr${i}`, segmentId: s.id, systemId: "sys", language: "zh", text: `译文 ${i}` }));
  const mrws: TReportData["mrws"] = segments.map((s, i) => ({ id: `mrw${i}`, segmentId: s.id, token: "ran", metaphorical: true, active: i % 4 !== 0 }));
  const base: TReportBase = {
    project: { id: "p1", sourceLang: "en", targetLang: "zh" },
    annotators: [{ id: "a0", email: "a0@x.org" }],
    systems: [{ id: "sys", name: "GoogleMT" }],
    segments,
    mrws,
    translations,
    errorSpans: [{ annotatorId: "a0", translationId: "tr0", mrwId: null, category: "IMP", penalty: 4 }],
    adjudications: [{ segmentId: "seg0", translationId: "tr0", mrwId: null, field: "FLUENCY", value: 3, automatic: false }],
    goldReferences: [{ segmentId: "seg0", language: "zh", kind: "LITERAL", text: "金" }],
    metahopeCoverage: { doneAssignments: [], annotatorsWithAssignments: ["a0"], annotatorsWithImportedSpans: [], annotatorsWithDeletedSpans: [] },
  };
  const c = emptyAnnotationColumns(base, rows);
  const texts = Array.from({ length: sizes.values }, (_, i) => (i % 3 === 0 ? String(i) : i % 3 === 1 ? JSON.stringify(`L${i}`) : `{"reviewed": true, "n": ${i}}`));
  for (let i = 0; i < rows; i++) {
    const seg = rand(sizes.segments);
    c.field[i] = rand(c.fields.size);
    c.annotator[i] = c.annotators.add(`annotator-${rand(sizes.annotators)}`);
    c.segment[i] = seg;
    c.translation[i] = rand(5) === 0 ? -1 : seg;
    c.mrw[i] = rand(2) ? -1 : seg;
    const t = texts[rand(texts.length)];
    c.value[i] = c.values.addText(t, 0, t.length);
  }
  c.length = rows;
  // an id outside the lists (a span's translation added by buildReportIndex)
  c.translations.add("tr-extra");
  return { base, c };
}

function expectSameColumns(a: TAnnotationColumns, b: TAnnotationColumns) {
  expect(b.length).toBe(a.length);
  for (const col of ["field", "annotator", "segment", "translation", "mrw", "value"] as const) {
    expect(b[col]).toBeInstanceOf(Int32Array);
    expect(Array.from(b[col].subarray(0, b.length)), col).toEqual(Array.from(a[col].subarray(0, a.length)));
  }
  for (const d of ["fields", "annotators", "segments", "translations", "mrws"] as const) expect(b[d].ids, d).toEqual(a[d].ids);
  expect(b.values.texts).toEqual(a.values.texts);
  for (let i = 0; i < a.values.values.length; i++) expect(b.values.materialise(i)).toEqual(a.values.materialise(i));
}

describe("report snapshot codec", () => {
  it.each([
    ["byte columns", 500, { segments: 40, annotators: 3, values: 12 }],
    ["16-bit columns", 3000, { segments: 1000, annotators: 300, values: 400 }],
    ["32-bit columns", 70_000, { segments: 70_000, annotators: 3, values: 5 }],
    ["no rows", 0, { segments: 0, annotators: 1, values: 1 }],
  ] as const)("round-trips %s", (_, rows, sizes) => {
    const { base, c } = sample(rows, sizes);
    const bytes = encodeReportSnapshot(base, c);
    expect(bytes).not.toBeNull();
    const back = decodeReportSnapshot(bytes!);
    expect(back.base).toEqual(base);
    expectSameColumns(c, back.columns);
    // the decoded dictionaries still find and add ids and values like the originals
    expect(back.columns.translations.get("tr-extra")).toBe(c.translations.get("tr-extra"));
    expect(back.columns.translations.add("tr-new")).toBe(c.translations.size);
    const t = c.values.texts[0];
    if (t !== undefined) expect(back.columns.values.addText(t, 0, t.length)).toBe(0);
  });

  it("stores small dictionaries' columns in a byte per row", () => {
    const { base, c } = sample(10_000, { segments: 100, annotators: 3, values: 10 });
    const bytes = encodeReportSnapshot(base, c)!;
    // six columns of one byte per row, and the lists: far below six 32-bit columns (240,000 bytes)
    expect(bytes.length).toBeLessThan(6 * 10_000 + 40_000);
  });

  it("keeps all ids when a dictionary does not start with its list", () => {
    const { base, c } = sample(100, { segments: 10, annotators: 2, values: 3 });
    const reordered = { ...c, segments: new IdDict([...c.segments.ids].reverse()) };
    const back = decodeReportSnapshot(encodeReportSnapshot(base, reordered)!);
    expect(back.columns.segments.ids).toEqual(reordered.segments.ids);
  });

  it("refuses values added from memory (no JSON text to store)", () => {
    const { base, c } = sample(10, { segments: 3, annotators: 1, values: 2 });
    const values = new ValueDict();
    values.addValue({ hand: "written" });
    expect(encodeReportSnapshot(base, { ...c, values })).toBeNull();
  });

  it("refuses bytes of another format", () => {
    expect(() => decodeReportSnapshot(v8.serialize({ format: "something else" }))).toThrow(/format/);
    expect(() => decodeReportSnapshot(Buffer.from("not v8 at all"))).toThrow();
    expect(REPORT_SNAPSHOT_FORMAT).toMatch(/^tropos-report-snapshot\//);
  });
});
