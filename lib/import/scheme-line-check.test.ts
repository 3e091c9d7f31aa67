import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { checkSchemeLine, isKeptBesideScheme, schemeFieldIds, schemeLineMessage } from "./scheme-line-check";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";

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
