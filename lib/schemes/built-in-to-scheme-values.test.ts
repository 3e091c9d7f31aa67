import { describe, expect, it } from "vitest";
import { convertBuiltInValues, type TBuiltInSpanRow, type TBuiltInValues } from "./built-in-to-scheme-values";
import { presetOfParts } from "./presets/preset-of-parts";
import { ZSchemeConfig } from "./scheme-config";
import { MMTE_PRESET } from "./presets/mmte";

const DEF = Object.freeze(presetOfParts(ZSchemeConfig.parse({ alignment: true, metahopeErrors: true, metahopePostEdit: true })));
const describeItem = ({ annotatorId, segmentId, translationId }: { annotatorId: string; segmentId: string; translationId: string | null }) => `${segmentId}/${translationId ?? "-"}/${annotatorId}`;

const span = (x: Partial<TBuiltInSpanRow>): TBuiltInSpanRow => ({ id: "e1", annotatorId: "a", translationId: "t1", mrwId: null, category: "MIS", severity: "MAJOR", start: 0, end: 2, comment: null, ...x });
const input = (x: Partial<TBuiltInValues>): TBuiltInValues => ({ spans: [], postEdits: [], reviewed: [], segmentOf: new Map([["t1", "s1"], ["t2", "s1"]]), stored: [], ...x });

describe("convertBuiltInValues", () => {
  it("one METAHOPE_ERRORS list per annotator and translation: category → label, severity code → its option value, MRW, comment, omission", () => {
    const r = convertBuiltInValues(
      input({
        spans: [span({ id: "e2", mrwId: "m1", start: 3, end: 3, category: "RAM", severity: "MINOR", comment: "left out" }), span({})],
        reviewed: [{ annotatorId: "a", translationId: "t2" }],
      }),
      DEF,
      describeItem,
    );
    expect(r).toEqual({
      ok: true,
      values: [
        { annotatorId: "a", segmentId: "s1", translationId: "t2", itemKey: "t2:-", field: "METAHOPE_ERRORS", value: [], newId: null, existing: null },
        {
          annotatorId: "a",
          segmentId: "s1",
          translationId: "t1",
          itemKey: "t1:-",
          field: "METAHOPE_ERRORS",
          value: [
            { start: 0, end: 2, label: "MIS", attributes: { severity: 6 } },
            { start: 3, end: 3, label: "RAM", attributes: { severity: 2 }, mrwId: "m1", comment: "left out" },
          ],
          newId: null,
          existing: null,
        },
      ],
      setAside: [],
    });
  });

  it("a review mark becomes a new version of its row; post-edits go to the edit field of their variant and keep their id; an empty one is no value", () => {
    const r = convertBuiltInValues(
      input({
        reviewed: [{ annotatorId: "a", translationId: "t1" }],
        stored: [{ id: "ann1", annotatorId: "a", segmentId: "s1", itemKey: "t1:-", field: "METAHOPE_ERRORS", value: { reviewed: true } }],
        postEdits: [
          { id: "pe1", annotatorId: "a", segmentId: "s1", kind: "LITERAL", text: "经济放缓。" },
          { id: "pe2", annotatorId: "a", segmentId: "s1", kind: "REFERENCE", text: "经济失去动力。" },
          { id: "pe3", annotatorId: "a", segmentId: "s1", kind: "FIGURATIVE", text: "  " },
        ],
      }),
      DEF,
      describeItem,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.values.map((v) => [v.field, v.value, v.newId, v.existing?.id ?? null])).toEqual([
      ["METAHOPE_ERRORS", [], null, "ann1"],
      ["POSTEDIT_LITERAL", "经济放缓。", "pe1", null],
      ["METAHOPE_POSTEDIT", "经济失去动力。", "pe2", null],
    ]);
  });

  it("a list already stored keeps its spans, the table's join it once; unchanged, it is not written again", () => {
    const stored = [{ id: "ann1", annotatorId: "a", segmentId: "s1", itemKey: "t1:-", field: "METAHOPE_ERRORS", value: [{ start: 0, end: 2, label: "MIS", attributes: { severity: 6 } }] }];
    const same = convertBuiltInValues(input({ spans: [span({})], reviewed: [{ annotatorId: "a", translationId: "t1" }], stored }), DEF, describeItem);
    expect(same).toEqual({ ok: true, values: [], setAside: [] });
    const more = convertBuiltInValues(input({ spans: [span({}), span({ id: "e3", category: "STL", start: 4, end: 5 })], stored }), DEF, describeItem);
    if (!more.ok) throw new Error(more.message);
    expect(more.values.map((v) => [v.existing?.id, v.value])).toEqual([
      ["ann1", [{ start: 0, end: 2, label: "MIS", attributes: { severity: 6 } }, { start: 4, end: 5, label: "STL", attributes: { severity: 6 } }]],
    ]);
  });

  it("refuses, naming item and field, a value the new definition does not accept", () => {
    const def = structuredClone(DEF) as typeof DEF;
    const errors = def.fields.find((f) => f.id === "METAHOPE_ERRORS") as { labels: { value: unknown }[] };
    errors.labels = errors.labels.filter((l) => l.value !== "PRF");
    const r = convertBuiltInValues(input({ spans: [span({ category: "PRF" })] }), def, describeItem);
    expect(r).toEqual({ ok: false, message: 's1/t1/a: METAHOPE_ERRORS: span 1: label "PRF" is not one of IMP, RAM, MIS, STL' });
  });

  it("sets drafts aside, returned and in no value, no list made for them; figures read complete spans only", () => {
    const draftA = span({ id: "d1", severity: null, start: 5, end: 7, comment: "unsure" });
    const draftB = span({ id: "d2", translationId: "t2", category: null, severity: null, mrwId: "m1" });
    const r = convertBuiltInValues(input({ spans: [draftA, span({}), draftB] }), DEF, describeItem);
    // t1's list holds the complete span only; t2 (a draft alone, no review) gets no list at all
    expect(r).toEqual({
      ok: true,
      values: [{ annotatorId: "a", segmentId: "s1", translationId: "t1", itemKey: "t1:-", field: "METAHOPE_ERRORS", value: [{ start: 0, end: 2, label: "MIS", attributes: { severity: 6 } }], newId: null, existing: null }],
      setAside: [draftA, draftB],
    });
    // drafts only, even under a scheme without the spans field: nothing refused, nothing written
    expect(convertBuiltInValues(input({ spans: [draftA] }), MMTE_PRESET, describeItem)).toEqual({ ok: true, values: [], setAside: [draftA] });
    // a draft does not hide a refusal of a complete span beside it
    expect(convertBuiltInValues(input({ spans: [draftA, span({ category: "XYZ" })] }), DEF, describeItem)).toEqual({
      ok: false,
      message: 's1/t1/a: METAHOPE_ERRORS: span 1: label "XYZ" is not one of IMP, RAM, MIS, STL, PRF',
    });
  });

  it("refuses spans or post-edits without a field to hold them", () => {
    expect(convertBuiltInValues(input({ spans: [span({})] }), MMTE_PRESET, describeItem)).toMatchObject({ ok: false, message: expect.stringContaining("has no METAHOPE_ERRORS field") });
    // reviews without spans and without the field: nothing to convert, nothing refused
    expect(convertBuiltInValues(input({ reviewed: [{ annotatorId: "a", translationId: "t1" }] }), MMTE_PRESET, describeItem)).toEqual({ ok: true, values: [], setAside: [] });
    const noReference = convertBuiltInValues(input({ postEdits: [{ id: "p", annotatorId: "a", segmentId: "s1", kind: "REFERENCE", text: "x" }] }), MMTE_PRESET, describeItem);
    expect(noReference).toEqual({ ok: false, message: 's1/-/a: the new scheme has no edit field of variant "reference" to hold the reference post-edit.' });
  });
});
