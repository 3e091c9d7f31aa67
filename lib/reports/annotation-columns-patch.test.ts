import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldsChangedAtKeys, parseAnnotationKey, patchAnnotationColumns, type TAnnotationKey, type TPatchRow } from "./annotation-columns-patch";
import { REPORT_ANNOTATION_FIELDS, emptyAnnotationColumns, type TAnnotationColumns } from "./report-index";

const lists = {
  segments: ["s0", "s1"].map((id) => ({ id, externalId: id, split: null, metaphorical: true })),
  translations: [
    { id: "t0", segmentId: "s0", systemId: "y", language: "zh", text: "" },
    { id: "t1", segmentId: "s1", systemId: "y", language: "zh", text: "" },
  ],
  mrws: [{ id: "m0", segmentId: "s0", token: "x", metaphorical: true, active: true }],
};

/** Columns as the SQL path builds them: field order, values from their JSON text. */
function columnsOf(rows: TPatchRow[]): TAnnotationColumns {
  const sorted = [...rows].sort((a, b) => REPORT_ANNOTATION_FIELDS.indexOf(a.field) - REPORT_ANNOTATION_FIELDS.indexOf(b.field));
  const c = emptyAnnotationColumns(lists, sorted.length);
  sorted.forEach((r, i) => {
    c.field[i] = c.fields.add(r.field);
    c.annotator[i] = c.annotators.add(r.annotatorId);
    c.segment[i] = c.segments.add(r.segmentId);
    c.translation[i] = r.translationId === null ? -1 : c.translations.add(r.translationId);
    c.mrw[i] = r.mrwId === null ? -1 : c.mrws.add(r.mrwId);
    c.value[i] = c.values.addText(r.valueText, 0, r.valueText.length);
  });
  c.length = sorted.length;
  return c;
}

const keyOf = (k: TAnnotationKey) => `${k.annotatorId} ${k.segmentId} ${k.translationId ?? "-"}:${k.mrwId ?? "-"} ${k.field}`;

/** The rows of columns as sorted "key = value" lines. */
function linesOf(c: TAnnotationColumns): string[] {
  const out: string[] = [];
  for (let i = 0; i < c.length; i++) {
    const t = c.translation[i];
    const m = c.mrw[i];
    const key = keyOf({
      annotatorId: c.annotators.ids[c.annotator[i]],
      segmentId: c.segments.ids[c.segment[i]],
      translationId: t < 0 ? null : c.translations.ids[t],
      mrwId: m < 0 ? null : c.mrws.ids[m],
      field: c.fields.ids[c.field[i]],
    });
    out.push(`${key} = ${JSON.stringify(c.values.materialise(c.value[i]))}`);
  }
  return out.sort();
}

const fieldRanks = (c: TAnnotationColumns) => Array.from(c.field.subarray(0, c.length), (f) => REPORT_ANNOTATION_FIELDS.indexOf(c.fields.ids[f]));

// a small key space, so that inserts, updates and deletes of the same keys collide often
const arbKey = fc.record({
  annotatorId: fc.constantFrom("a0", "a1", "a2", "a3"),
  item: fc.constantFrom<[string, string | null, string | null]>(["s0", "t0", null], ["s0", "t0", "m0"], ["s1", "t1", null], ["s1", null, null], ["s2", "t9", null]),
  field: fc.constantFrom(...REPORT_ANNOTATION_FIELDS),
});
const arbValue = fc.oneof(fc.integer({ min: 0, max: 10 }).map(String), fc.constantFrom('"FULL"', '"PART"', '{"reviewed":true}', "3.5"));
const toKey = (k: { annotatorId: string; item: [string, string | null, string | null]; field: string }): TAnnotationKey => ({
  annotatorId: k.annotatorId,
  segmentId: k.item[0],
  translationId: k.item[1],
  mrwId: k.item[2],
  field: k.field,
});
/** Rows with unique keys (the table's unique constraint). */
const arbRows = fc.uniqueArray(fc.tuple(arbKey, arbValue), { selector: ([k]) => keyOf(toKey(k)), maxLength: 60 }).map((xs) => xs.map(([k, v]) => ({ ...toKey(k), valueText: v })));

describe("patchAnnotationColumns", () => {
  it("equals a fresh read of the changed table, in field order, and leaves its input as it was", () => {
    fc.assert(
      fc.property(arbRows, fc.array(fc.tuple(arbKey, fc.option(arbValue)), { maxLength: 20 }), (before, edits) => {
        // apply the edits to the "table": a value upserts the key, null deletes it
        const table = new Map(before.map((r) => [keyOf(r), r]));
        const touched = new Map<string, TAnnotationKey>();
        for (const [k, v] of edits) {
          const key = toKey(k);
          touched.set(keyOf(key), key);
          if (v === null) table.delete(keyOf(key));
          else table.set(keyOf(key), { ...key, valueText: v });
        }
        const c = columnsOf(before);
        const snapshot = linesOf(c);
        const current = [...touched.keys()].flatMap((k) => (table.has(k) ? [table.get(k)!] : []));
        const patched = patchAnnotationColumns(c, [...touched.values()], current);
        expect(linesOf(patched)).toEqual(linesOf(columnsOf([...table.values()])));
        const ranks = fieldRanks(patched);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        expect(linesOf(c)).toEqual(snapshot);
      }),
      { numRuns: 300 },
    );
  });

  it("fieldsChangedAtKeys: the fields of the touched keys whose row was added, deleted or given another value, none for a value written again", () => {
    fc.assert(
      fc.property(arbRows, fc.array(fc.tuple(arbKey, fc.option(arbValue)), { maxLength: 20 }), (before, edits) => {
        const table = new Map(before.map((r) => [keyOf(r), r]));
        const touched = new Map<string, TAnnotationKey>();
        for (const [k, v] of edits) {
          const key = toKey(k);
          touched.set(keyOf(key), key);
          if (v === null) table.delete(keyOf(key));
          else table.set(keyOf(key), { ...key, valueText: v });
        }
        const was = new Map(before.map((r) => [keyOf(r), r.valueText]));
        const expected = new Set([...touched].filter(([k]) => was.get(k) !== table.get(k)?.valueText).map(([, key]) => key.field));
        const c = columnsOf(before);
        const current = [...touched.keys()].flatMap((k) => (table.has(k) ? [table.get(k)!] : []));
        const patched = patchAnnotationColumns(c, [...touched.values()], current);
        expect([...fieldsChangedAtKeys(c, patched, [...touched.values()])].sort()).toEqual([...expected].sort());
      }),
      { numRuns: 300 },
    );
    // columns that are not a patch of the others (own dictionaries): every field of the keys
    const rows: TPatchRow[] = [{ annotatorId: "a0", segmentId: "s0", translationId: "t0", mrwId: null, field: "FLUENCY", valueText: "3" }];
    expect([...fieldsChangedAtKeys(columnsOf(rows), columnsOf(rows), rows)]).toEqual(["FLUENCY"]);
  });

  it("parses the trigger's key format and refuses a malformed one", () => {
    expect(parseAnnotationKey("a s t:- FLUENCY")).toEqual({ annotatorId: "a", segmentId: "s", translationId: "t", mrwId: null, field: "FLUENCY" });
    expect(parseAnnotationKey("a s -:- OVERALL")).toEqual({ annotatorId: "a", segmentId: "s", translationId: null, mrwId: null, field: "OVERALL" });
    expect(parseAnnotationKey("a s t:m EQUIVALENCE")).toEqual({ annotatorId: "a", segmentId: "s", translationId: "t", mrwId: "m", field: "EQUIVALENCE" });
    expect(() => parseAnnotationKey("a s FLUENCY")).toThrow(/malformed/);
  });
});
