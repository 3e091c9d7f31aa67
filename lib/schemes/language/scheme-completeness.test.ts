// The scheme runtime's submit rule: which slots are shown (scopes in display order, `when` on a
// field or on the item) and which required values are missing, on the two fixtures.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition, type TSchemeDefinitionInput } from "./scheme-definition";
import { findSchemeMissing, schemeSlots, schemeValueKey as k, shownSlots, type TSchemeCompletenessItem } from "./scheme-completeness";

const fixture = (name: string) => ZSchemeDefinition.parse(JSON.parse(readFileSync(path.join(__dirname, "fixtures", name), "utf8")));
const IDIOM = fixture("idiom-judgement.json");
const EVERY = fixture("every-kind.json");

const ITEM: TSchemeCompletenessItem = Object.freeze({
  metaphorical: true,
  translations: [
    { id: "tA", label: "Translation A" },
    { id: "tB", label: "Translation B" },
  ],
  mrws: [
    { id: "m1", metaphorical: true, token: "thief" },
    { id: "m2", metaphorical: false, token: "time" },
  ],
  roles: ["premise"],
});

const where = (def: typeof IDIOM, values: Record<string, unknown>, item = ITEM) => shownSlots(def, item, values).map((s) => `${s.field.id}@${s.unit.itemKey}`);

describe("schemeSlots", () => {
  it("orders document, segment, MRW, role, then each translation with its MRWs", () => {
    expect(schemeSlots(EVERY, ITEM).map((s) => `${s.field.id}@${s.unit.itemKey}`)).toEqual([
      "register@document",
      "transparency@-:-",
      "metaphor-tags@-:-",
      "conventional@-:m1",
      "conventional@-:m2",
      "premise-ok@role:premise",
      ...["tA", "tB"].flatMap((t) => [
        ...["meaning", "cues", "why-lost", "fluency", "seconds", "post-edit", "errors"].map((f) => `${f}@${t}:-`),
        ...["m1", "m2"].flatMap((m) => [`alignment@${t}:${m}`, `emotion@${t}:${m}`]),
      ]),
    ]);
  });

  it("names where each slot is", () => {
    const s = schemeSlots(EVERY, ITEM);
    expect(s.find((x) => x.field.id === "emotion")!.where).toBe("MRW “thief”, Translation A");
    expect(s.find((x) => x.field.id === "premise-ok")!.where).toBe("Premise");
    expect(s.find((x) => x.field.id === "register")!.where).toBe("document");
  });

  it("shows a role's fields only when the item has that text", () => {
    expect(schemeSlots(EVERY, { ...ITEM, roles: [] }).some((s) => s.field.id === "premise-ok")).toBe(false);
  });
});

describe("shownSlots: when", () => {
  it("an item condition looks at the MRW's flag at MRW scopes", () => {
    const shown = where(EVERY, {});
    expect(shown).toContain("conventional@-:m1");
    expect(shown).not.toContain("conventional@-:m2");
  });

  it("a field condition looks at the value at the same unit: why-lost only where meaning is lost", () => {
    expect(where(EVERY, {}).filter((s) => s.startsWith("why-lost"))).toEqual([]);
    const values = { [k("meaning", "tB:-")]: "lost", [k("meaning", "tA:-")]: "kept" };
    expect(where(EVERY, values).filter((s) => s.startsWith("why-lost"))).toEqual(["why-lost@tB:-"]);
  });

  const chain: TSchemeDefinitionInput = {
    id: "chain",
    version: 1,
    name: "Chain",
    fields: [
      { id: "idiom", scope: "segment", kind: "boolean", label: "Is there an idiom?" },
      { id: "kinds", scope: "segment", kind: "multi", label: "Kinds", options: [{ value: "verbal" }, { value: "nominal" }], when: { field: "idiom", in: [true] } },
      { id: "verb", scope: "translation", kind: "text", label: "The verb", required: true, when: { field: "kinds", in: ["verbal"] } },
      {
        id: "literal-ok",
        scope: "mrw-translation",
        kind: "choice",
        label: "Literal rendering",
        options: [{ value: "ok" }, { value: "bad" }],
        when: { item: "metaphorical", in: [false] },
        required: true,
      },
    ],
  };
  const CHAIN = ZSchemeDefinition.parse(chain);

  it("a translation field looks at an enclosing segment value; a multi matches when any element is listed", () => {
    const values = { [k("idiom", "-:-")]: true, [k("kinds", "-:-")]: ["nominal", "verbal"] };
    expect(where(CHAIN, values).filter((s) => s.startsWith("verb"))).toEqual(["verb@tA:-", "verb@tB:-"]);
    expect(where(CHAIN, { ...values, [k("kinds", "-:-")]: ["nominal"] }).filter((s) => s.startsWith("verb"))).toEqual([]);
  });

  it("the value of a hidden field counts as none: the chain collapses with its first link", () => {
    const values = { [k("idiom", "-:-")]: false, [k("kinds", "-:-")]: ["verbal"] };
    const shown = where(CHAIN, values);
    expect(shown).not.toContain("kinds@-:-");
    expect(shown.filter((s) => s.startsWith("verb"))).toEqual([]);
    expect(findSchemeMissing(CHAIN, ITEM, values).filter((m) => m.field === "verb")).toEqual([]);
  });

  it("an item condition at mrw-translation scope looks at each MRW", () => {
    expect(where(CHAIN, {}).filter((s) => s.startsWith("literal-ok"))).toEqual(["literal-ok@tA:m2", "literal-ok@tB:m2"]);
  });

  it("alternatives of one id: exactly one is shown per unit, and both hold the same value key", () => {
    const alt = ZSchemeDefinition.parse({
      id: "alt",
      version: 1,
      name: "Alternatives",
      fields: [
        { id: "eq", scope: "mrw", kind: "choice", label: "Equivalence (metaphor)", options: [{ value: 1 }, { value: 2 }], when: { item: "metaphorical", in: [true] }, required: true },
        { id: "eq", scope: "mrw", kind: "choice", label: "Equivalence (literal)", options: [{ value: 1 }, { value: 3 }], when: { item: "metaphorical", in: [false] }, required: true },
      ],
    });
    const shown = shownSlots(alt, ITEM, {});
    expect(shown.map((s) => [s.field.label, s.valueKey])).toEqual([
      ["Equivalence (metaphor)", "eq@-:m1"],
      ["Equivalence (literal)", "eq@-:m2"],
    ]);
    // 3 is a value of the literal alternative only
    expect(findSchemeMissing(alt, ITEM, { "eq@-:m1": 3, "eq@-:m2": 3 }).map((m) => m.message)).toEqual(["Equivalence (metaphor) (MRW “thief”): 3 is not one of 1, 2"]);
  });
});

describe("findSchemeMissing", () => {
  it("names every required value missing on the issue's example, with where it is", () => {
    expect(findSchemeMissing(IDIOM, ITEM, {}).map((m) => m.message)).toEqual([
      "Transparency of the idiom (segment) is required",
      "Figurative meaning (Translation A) is required",
      "Figurative meaning (Translation B) is required",
    ]);
    const done = { [k("transparency", "-:-")]: 4, [k("meaning", "tA:-")]: "kept", [k("meaning", "tB:-")]: "lost" };
    expect(findSchemeMissing(IDIOM, ITEM, done)).toEqual([]);
    // null is a cleared value: missing again
    expect(findSchemeMissing(IDIOM, ITEM, { ...done, [k("meaning", "tA:-")]: null }).map((m) => [m.message, m.translationId, m.reason])).toEqual([
      ["Figurative meaning (Translation A) is required", "tA", "missing"],
    ]);
  });

  it("a value the field refuses is reported as invalid, also when not required", () => {
    const done = { [k("transparency", "-:-")]: 9, [k("meaning", "tA:-")]: "kept", [k("meaning", "tB:-")]: "kept", [k("fluency", "tB:-")]: 101 };
    expect(findSchemeMissing(IDIOM, ITEM, done).map((m) => [m.message, m.reason])).toEqual([
      ["Transparency of the idiom (segment): 9 is outside the scale 1–7", "invalid"],
      ["Fluency (Translation B): 101 is outside the scale 0–100", "invalid"],
    ]);
  });

  it("a hidden required field is never missing, a shown one is", () => {
    const alt = ZSchemeDefinition.parse({
      ...EVERY,
      fields: EVERY.fields.map((f) => (f.id === "why-lost" ? { ...f, required: true } : f)),
    });
    const base = { [k("transparency", "-:-")]: 3, [k("meaning", "tA:-")]: "kept", [k("meaning", "tB:-")]: "kept" };
    expect(findSchemeMissing(alt, ITEM, base)).toEqual([]);
    expect(findSchemeMissing(alt, ITEM, { ...base, [k("meaning", "tB:-")]: "lost" }).map((m) => m.message)).toEqual(["Why was it lost? (Translation B) is required"]);
  });
});
