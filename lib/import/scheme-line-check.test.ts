import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { checkSchemeLine, isKeptBesideScheme, schemeFieldIds, schemeLineMessage } from "./scheme-line-check";

const IDIOM = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
const item = { lists: null, roles: [] };
const line = (l: Partial<Parameters<typeof checkSchemeLine>[1]>) => ({ field: "meaning", translationId: "t1", mrwId: null, role: null, value: "kept", ...l });

describe("checkSchemeLine", () => {
  it("gives the item key of a valid value", () => {
    expect(checkSchemeLine(IDIOM, line({}), item)).toMatchObject({ ok: true, itemKey: "t1:-", onDocument: false });
    expect(checkSchemeLine(IDIOM, line({ field: "transparency", translationId: null, value: 7 }), item)).toMatchObject({ ok: true, itemKey: "-:-" });
  });
  it("words a refused value without repeating the field id", () => {
    expect(checkSchemeLine(IDIOM, line({ value: "maybe" }), item)).toEqual({ ok: false, message: `"maybe" is not one of kept, literal, lost` });
    expect(schemeLineMessage("corpus.jsonl", 12, "meaning", `"maybe" is not one of kept, literal, lost`)).toBe(`corpus.jsonl line 12, field "meaning": "maybe" is not one of kept, literal, lost`);
  });
  it("names an anchor the scope needs or refuses as the line key", () => {
    expect(checkSchemeLine(IDIOM, line({ translationId: null }), item)).toEqual({ ok: false, message: `is per translation: the line needs "system"` });
    expect(checkSchemeLine(IDIOM, line({ mrwId: "m" }), item)).toEqual({ ok: false, message: `is per translation: the line must not have "mrwId"` });
  });
  it("refuses an unknown field listing the scheme's fields, and null", () => {
    const r = checkSchemeLine(IDIOM, line({ field: "FLUENCY" }), item);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain(schemeFieldIds(IDIOM).join(", "));
    expect(checkSchemeLine(IDIOM, line({ value: null }), item).ok).toBe(false);
  });
  // what a save checks beyond the definition (lib/schemes/language/item-value-checks.ts), and the built-in import did for MMTE/MetaHOPE
  it("takes the alternative of a field that applies to the MRW: MMTE's EQUIVALENCE by the word's metaphoricity", () => {
    const eq = (value: string, mrwMetaphorical: boolean | undefined) => checkSchemeLine(MMTE_PRESET, line({ field: "EQUIVALENCE", mrwId: "m1", value, mrwMetaphorical }), item);
    expect(eq("FULL", true)).toMatchObject({ ok: true, itemKey: "t1:m1" });
    expect(eq("LITERAL", false)).toMatchObject({ ok: true });
    expect(eq("LITERAL", true).ok).toBe(false);
    expect(eq("FULL", false).ok).toBe(false);
    // unknown metaphoricity: any alternative
    expect(eq("LITERAL", undefined).ok).toBe(true);
  });
  it("refuses a span past the end of its translation (an error list, an alignment, target words), and takes one that ends at it", () => {
    const errors = (end: number) => checkSchemeLine(METAHOPE_PRESET, line({ field: "METAHOPE_ERRORS", value: [{ start: 0, end, label: "MIS", attributes: { severity: 6 } }], translationLength: 9 }), item);
    expect(errors(9).ok).toBe(true);
    expect(errors(12)).toEqual({ ok: false, message: "span 1 [0, 12) runs past the end of the translation (length 9)" });
    const tw = checkSchemeLine(MMTE_PRESET, line({ field: "TARGET_WORDS", mrwId: "m1", value: { spans: [{ start: 2, end: 5 }, { start: 6, end: 30 }] }, translationLength: 9 }), item);
    expect(tw).toEqual({ ok: false, message: "span 2 [6, 30) runs past the end of the translation (length 9)" });
    expect(checkSchemeLine(METAHOPE_PRESET, line({ field: "ALIGNMENT", mrwId: "m1", value: { pattern: "DIRECT", spans: [{ start: 2, end: 5 }] }, translationLength: 9 }), item).ok).toBe(true);
  });
});

describe("isKeptBesideScheme", () => {
  it("takes back a moved MetaHOPE project's workbook notes and decided penalties, only where the scheme has MetaHOPE's error field and no field of that id", () => {
    expect(isKeptBesideScheme(METAHOPE_PRESET, "annotation", "METAHOPE_COMMENT")).toBe(true);
    expect(isKeptBesideScheme(METAHOPE_PRESET, "annotation", "METAHOPE_SEGMENT_PENALTY")).toBe(true);
    expect(isKeptBesideScheme(METAHOPE_PRESET, "adjudication", "METAHOPE_IMP")).toBe(true);
    // a note is no decision, a penalty no annotator's value
    expect(isKeptBesideScheme(METAHOPE_PRESET, "adjudication", "METAHOPE_COMMENT")).toBe(false);
    expect(isKeptBesideScheme(METAHOPE_PRESET, "annotation", "METAHOPE_IMP")).toBe(false);
    // a scheme without MetaHOPE's errors refuses them as unknown fields; a field of that id is checked as the scheme's
    expect(isKeptBesideScheme(MMTE_PRESET, "annotation", "METAHOPE_COMMENT")).toBe(false);
    expect(isKeptBesideScheme({ ...METAHOPE_PRESET, fields: [...METAHOPE_PRESET.fields, { ...IDIOM.fields.find((f) => f.id === "note")!, id: "METAHOPE_COMMENT" }] }, "annotation", "METAHOPE_COMMENT")).toBe(false);
    expect(isKeptBesideScheme(METAHOPE_PRESET, "annotation", "FLUENCY")).toBe(false);
  });
});
