import { describe, expect, it } from "vitest";
import { findMissing, isComplete, type TAnnotationValues, type TCompletenessItem } from "./completeness";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, parseSchemeConfig } from "./scheme-config";

const ITEM: TCompletenessItem = Object.freeze({
  translations: [{ id: "tA", text: "尖叫声划破黑夜。" }, { id: "tB", text: "尖叫声刺穿了夜晚。" }],
  mrws: [
    { id: "m1", metaphorical: true },
    { id: "mOf", metaphorical: false, active: false }, // function word: never required
  ],
});

const quality = { FLUENCY: 5, INTELLIGIBILITY: 5, FIDELITY: 4, OVERALL: 5 };
const mrwVals = { EQUIVALENCE: "PART", EMOTION: "SAME", AUTHENTICITY: 4 };

describe("findMissing", () => {
  it("lists everything, in workspace order, for an empty annotation", () => {
    const missing = findMissing(DEFAULT_SCHEME_CONFIG, ITEM, {});
    expect(missing.map((m) => [m.field, m.translationId ?? "", m.mrwId ?? ""].join("/"))).toEqual([
      "FLUENCY/tA/", "INTELLIGIBILITY/tA/", "FIDELITY/tA/", "OVERALL/tA/",
      "EQUIVALENCE/tA/m1", "EMOTION/tA/m1", "AUTHENTICITY/tA/m1",
      "FLUENCY/tB/", "INTELLIGIBILITY/tB/", "FIDELITY/tB/", "OVERALL/tB/",
      "EQUIVALENCE/tB/m1", "EMOTION/tB/m1", "AUTHENTICITY/tB/m1",
      "POSTEDIT_FIGURATIVE//", "POSTEDIT_LITERAL//",
    ]);
    expect(missing[0]).toMatchObject({ reason: "missing", scope: "translation", message: "Fluency is missing" });
  });

  it("reports invalid values (a literal-source label on a metaphorical MRW) and is empty when complete", () => {
    const values: TAnnotationValues = {
      translation: { tA: quality, tB: quality },
      mrw: { tA: { m1: mrwVals }, tB: { m1: { ...mrwVals, EQUIVALENCE: "LITERAL" } } },
      segment: { POSTEDIT_FIGURATIVE: "尖叫声划破了黑夜。", POSTEDIT_LITERAL: "夜里传来一声尖叫。" },
    };
    const missing = findMissing(DEFAULT_SCHEME_CONFIG, ITEM, values);
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ field: "EQUIVALENCE", translationId: "tB", mrwId: "m1", reason: "invalid" });
    const fixed = { ...values, mrw: { ...values.mrw, tB: { m1: mrwVals } } };
    expect(isComplete(DEFAULT_SCHEME_CONFIG, ITEM, fixed)).toBe(true);
  });

  it("MetaHOPE: an empty error list is an answer; undefined is not", () => {
    const values: TAnnotationValues = {
      translation: { tA: { METAHOPE_ERRORS: [] } },
      mrw: { tA: { m1: { ALIGNMENT: { pattern: "DIRECT", spans: [{ start: 3, end: 5 }] } } }, tB: { m1: { ALIGNMENT: { pattern: "OMISSION", spans: [] } } } },
    };
    const missing = findMissing(METAHOPE_SCHEME_CONFIG, ITEM, values);
    expect(missing.map((m) => `${m.field}/${m.translationId}`)).toEqual(["METAHOPE_ERRORS/tB"]);
  });

  it("honours the configured required list", () => {
    const r = parseSchemeConfig({ required: ["OVERALL"] });
    if (!r.ok) throw new Error("config");
    expect(findMissing(r.config, ITEM, { translation: { tA: { OVERALL: 3 } } }).map((m) => m.translationId)).toEqual(["tB"]);
  });
});
