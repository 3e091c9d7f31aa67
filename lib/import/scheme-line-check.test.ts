import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { checkSchemeLine, schemeFieldIds, schemeLineMessage } from "./scheme-line-check";

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
