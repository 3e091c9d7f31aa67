import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { measureSchemeDisagreement, schemeDisagreementQueue, schemeUnits, type TSchemeValueRow } from "./scheme-units";

const IDIOM = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
const field = (id: string) => IDIOM.fields.find((f) => f.id === id)!;
const row = (over: Partial<TSchemeValueRow>): TSchemeValueRow => ({ segmentId: "s1", translationId: null, mrwId: null, itemKey: "-:-", field: "transparency", annotatorId: "a", value: 1, system: null, ...over });

describe("measureSchemeDisagreement", () => {
  it("scales: spread over the range", () => {
    expect(measureSchemeDisagreement(field("transparency"), [1, 7])).toEqual({ unanimous: false, spread: 6, strength: 1 });
    expect(measureSchemeDisagreement(field("transparency"), [4, 4])).toEqual({ unanimous: true, spread: 0, strength: 0 });
    expect(measureSchemeDisagreement(field("fluency"), [50, 60]).strength).toBeCloseTo(0.1);
  });
  it("other kinds: any difference; a multi compares as a set", () => {
    const m = measureSchemeDisagreement(field("meaning"), ["kept", "lost", "kept"]);
    expect(m).toMatchObject({ unanimous: false, spread: 1 });
    expect(m.strength).toBeCloseTo(1 / 3);
    expect(measureSchemeDisagreement(field("cues"), [["joy", "anger"], ["anger", "joy"]]).unanimous).toBe(true);
  });
});

describe("tags: disagreement per token", () => {
  const tags = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/every-kind.json", "utf8"))).fields.find((f) => f.id === "metaphor-tags")!;
  it("counts the tokens whose tags differ; strength is their share", () => {
    const a = ["O", "B-METAPHOR", "I-METAPHOR", "O"];
    const b = ["O", "B-METAPHOR", "O", "O"];
    const c = ["B-METAPHOR", "B-METAPHOR", "I-METAPHOR", "O"];
    expect(measureSchemeDisagreement(tags, [a, b])).toEqual({ unanimous: false, spread: 1, strength: 0.25 });
    expect(measureSchemeDisagreement(tags, [a, b, c])).toEqual({ unanimous: false, spread: 2, strength: 0.5 });
    expect(measureSchemeDisagreement(tags, [a, a.slice()])).toEqual({ unanimous: true, spread: 0, strength: 0 });
    // untagged (null) reads as O
    expect(measureSchemeDisagreement(tags, [["O", null], [null, "O"]]).unanimous).toBe(true);
  });
});

describe("schemeUnits and the queue", () => {
  const rows = [
    row({ annotatorId: "a", value: 2 }),
    row({ annotatorId: "b", value: 3 }),
    row({ field: "meaning", itemKey: "t1:-", translationId: "t1", system: "sys", annotatorId: "a", value: "kept" }),
    row({ field: "meaning", itemKey: "t1:-", translationId: "t1", system: "sys", annotatorId: "b", value: "lost" }),
    row({ field: "note", itemKey: "t1:-", translationId: "t1", system: "sys", annotatorId: "a", value: "only one" }),
    row({ field: "GONE", annotatorId: "a", value: 1 }),
    row({ field: "GONE", annotatorId: "b", value: 2 }),
  ];
  it("groups per unit and field of the scheme, in field order, with the decision status", () => {
    const units = schemeUnits(IDIOM, rows, [{ segmentId: "s1", itemKey: "t1:-", field: "meaning", automatic: false }], new Map([["s1", 0]]));
    expect(units.map((u) => [u.field, u.adjudication])).toEqual([["transparency", "open"], ["meaning", "decided"]]);
    expect(schemeUnits(IDIOM, rows, [], new Map(), { minValues: 1 }).map((u) => u.field)).toEqual(["transparency", "meaning", "note"]);
  });
  it("the queue keeps scale differences above the threshold only", () => {
    const units = schemeUnits(IDIOM, rows, [], new Map([["s1", 0]]));
    expect(schemeDisagreementQueue(IDIOM, units).map((u) => u.field)).toEqual(["meaning", "transparency"]);
    expect(schemeDisagreementQueue(IDIOM, units, { threshold: 1 }).map((u) => u.field)).toEqual(["meaning"]);
  });
  it("reads the role of a role-anchored unit", () => {
    const units = schemeUnits(IDIOM, [row({ itemKey: "role:premise" }), row({ itemKey: "role:premise", annotatorId: "b" })], [], new Map());
    expect(units[0].role).toBe("premise");
  });
});
