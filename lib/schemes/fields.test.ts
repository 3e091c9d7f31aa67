import { describe, expect, it } from "vitest";
import { FIELD_LIST, FIELDS, choicesFor, validateFieldValue } from "./fields";

describe("field registry", () => {
  it("scopes", () => {
    expect(FIELD_LIST.filter((f) => f.scope === "translation").map((f) => f.name)).toEqual(["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "METAHOPE_ERRORS"]);
    expect(FIELD_LIST.filter((f) => f.scope === "mrw").map((f) => f.name)).toEqual(["TARGET_WORDS", "EQUIVALENCE", "EMOTION", "AUTHENTICITY", "ALIGNMENT"]);
    expect(FIELD_LIST.filter((f) => f.scope === "segment").map((f) => f.name)).toEqual(["METAHOPE_POSTEDIT", "POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL"]);
    expect(FIELDS.EQUIVALENCE.measurement).toBe("nominal");
    expect(FIELDS.AUTHENTICITY.measurement).toBe("ordinal");
  });
});

describe("validateFieldValue", () => {
  it("Likert accepts 1..5 integers only", () => {
    expect(validateFieldValue("FLUENCY", 4)).toEqual({ ok: true, field: "FLUENCY", value: 4 });
    const r = validateFieldValue("FLUENCY", 6);
    expect(r).toMatchObject({ ok: false, error: { code: "invalid" } });
    expect(!r.ok && r.error.message).toBe("Fluency: expected a whole number from 1 (Very Poor) to 5 (Very Good), got 6");
    expect(validateFieldValue("AUTHENTICITY", 2.5).ok).toBe(false);
    expect(validateFieldValue("OVERALL", "5").ok).toBe(false);
  });

  it("EQUIVALENCE labels depend on the source MRW", () => {
    expect(validateFieldValue("EQUIVALENCE", "FULL", { sourceMetaphorical: true }).ok).toBe(true);
    const lit = validateFieldValue("EQUIVALENCE", "FULL", { sourceMetaphorical: false });
    expect(!lit.ok && lit.error.message).toBe("Equivalence: expected one of LITERAL, METAPHORICAL, ERROR for a literal source, got \"FULL\"");
    expect(validateFieldValue("EQUIVALENCE", "ERROR", { sourceMetaphorical: false }).ok).toBe(true);
    expect(validateFieldValue("EQUIVALENCE", "LITERAL", { sourceMetaphorical: true }).ok).toBe(false);
  });

  it("EQUIVALENCE without context fails closed", () => {
    expect(validateFieldValue("EQUIVALENCE", "FULL")).toMatchObject({ ok: false, error: { code: "missing-context" } });
  });

  it("alignment: OMISSION has no span, DIRECT needs one within the text", () => {
    expect(validateFieldValue("ALIGNMENT", { pattern: "OMISSION", spans: [] }).ok).toBe(true);
    expect(validateFieldValue("ALIGNMENT", { pattern: "OMISSION", spans: [{ start: 0, end: 1 }] }).ok).toBe(false);
    expect(validateFieldValue("ALIGNMENT", { pattern: "DIRECT", spans: [] }).ok).toBe(false);
    expect(validateFieldValue("ALIGNMENT", { pattern: "DIRECT", spans: [{ start: 3, end: 5 }] }, { translationText: "尖叫声划破黑夜。" }).ok).toBe(true);
    const past = validateFieldValue("ALIGNMENT", { pattern: "DIRECT", spans: [{ start: 3, end: 9 }] }, { translationText: "尖叫声划破黑夜。" });
    expect(!past.ok && past.error.message).toMatch(/runs past the end of the translation \(length 8\)/);
  });

  it("error spans: [] means no errors; omissions are empty spans; mrwId must belong to the segment", () => {
    expect(validateFieldValue("METAHOPE_ERRORS", [])).toEqual({ ok: true, field: "METAHOPE_ERRORS", value: [] });
    const ok = validateFieldValue("METAHOPE_ERRORS", [{ start: 2, end: 2, category: "MIS", severity: 6, mrwId: "m1" }], { translationText: "abcd", mrwIds: ["m1"] });
    expect(ok.ok).toBe(true);
    expect(validateFieldValue("METAHOPE_ERRORS", [{ start: 0, end: 1, category: "MIS", severity: 5 }]).ok).toBe(false);
    expect(validateFieldValue("METAHOPE_ERRORS", [{ start: 0, end: 1, category: "XYZ", severity: 2 }]).ok).toBe(false);
    const foreign = validateFieldValue("METAHOPE_ERRORS", [{ start: 0, end: 1, category: "STL", severity: 2, mrwId: "m9" }], { mrwIds: ["m1"] });
    expect(!foreign.ok && foreign.error.message).toMatch(/not in this segment/);
  });

  it("post-edits must not be blank", () => {
    expect(validateFieldValue("POSTEDIT_LITERAL", "  ").ok).toBe(false);
    expect(validateFieldValue("POSTEDIT_FIGURATIVE", "他给表演注入了新的生命").ok).toBe(true);
  });
});

describe("choicesFor", () => {
  it("numbers labels in definition order", () => {
    expect(choicesFor("EQUIVALENCE", { sourceMetaphorical: false })).toEqual(["LITERAL", "METAPHORICAL", "ERROR"]);
    expect(choicesFor("EMOTION")).toEqual(["ZERO", "LESS", "SAME", "MORE"]);
    expect(choicesFor("FIDELITY")).toEqual([1, 2, 3, 4, 5]);
    expect(choicesFor("EQUIVALENCE")).toEqual([]);
  });
});
