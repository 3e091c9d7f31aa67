// Scheme changes against stored values (orphanedValues) and for people (describeSchemeChange),
// starting from the example (fixtures/idiom-judgement.json).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition, type TSchemeDefinition, type TSchemeDefinitionInput } from "./scheme-definition";
import { describeSchemeChange, orphanedValues } from "./scheme-change";
import { METAHOPE_PRESET } from "../presets/metahope";
import { MMTE_PRESET } from "../presets/mmte";

const EXAMPLE_TEXT = readFileSync(path.join(__dirname, "fixtures/idiom-judgement.json"), "utf8");
const input = (): TSchemeDefinitionInput => JSON.parse(EXAMPLE_TEXT);
const EXAMPLE = ZSchemeDefinition.parse(input());

/** The example with one edit applied to a copy of its input. */
function edited(edit: (s: TSchemeDefinitionInput & { fields: Record<string, unknown>[] }) => void): TSchemeDefinition {
  const s = input() as TSchemeDefinitionInput & { fields: Record<string, unknown>[] };
  edit(s);
  return ZSchemeDefinition.parse(s);
}
const fieldOf = (s: { fields: Record<string, unknown>[] }, id: string) => s.fields.find((f) => f.id === id)!;

const STORED = Object.freeze([
  { field: "transparency", value: 1, count: 4 },
  { field: "transparency", value: 6, count: 3 },
  { field: "transparency", value: 7, count: 1 },
  { field: "meaning", value: "kept", count: 20 },
  { field: "meaning", value: "lost", count: 12 },
  { field: "cues", value: ["joy", "anger"], count: 2 },
  { field: "fluency", value: 80, count: 5 },
  { field: "note", value: "fine", count: 1 },
]);

describe("orphanedValues", () => {
  it("nothing for an unchanged scheme, or one that only adds", () => {
    expect(orphanedValues(EXAMPLE, EXAMPLE, STORED)).toEqual([]);
    const more = edited((s) => {
      (fieldOf(s, "meaning").options as unknown[]).push({ value: "twisted" });
      (fieldOf(s, "transparency") as { max: number }).max = 9;
      s.fields.push({ id: "extra", scope: "segment", kind: "boolean", label: "Extra" });
    });
    expect(orphanedValues(EXAMPLE, more, STORED)).toEqual([]);
  });

  it("an option removed while in use, with the number of annotations", () => {
    const next = edited((s) => {
      fieldOf(s, "meaning").options = [{ value: "kept" }, { value: "literal" }];
    });
    expect(orphanedValues(EXAMPLE, next, STORED)).toEqual([
      { field: "meaning", values: ["lost"], count: 12, message: 'meaning: option "lost" is held by 12 annotations; map it to another option or keep it' },
    ]);
  });

  it("two options removed: one message with each value's count", () => {
    const next = edited((s) => {
      fieldOf(s, "meaning").options = [{ value: "literal" }];
    });
    expect(orphanedValues(EXAMPLE, next, STORED)).toEqual([
      { field: "meaning", values: ["kept", "lost"], count: 32, message: 'meaning: options "kept" (20), "lost" (12) are held by 32 annotations; map them to other options or keep them' },
    ]);
  });

  it("a scale narrowed so stored values fall outside", () => {
    const next = edited((s) => {
      (fieldOf(s, "transparency") as { max: number }).max = 5;
      fieldOf(s, "transparency").labels = { "1": "opaque", "5": "transparent" };
    });
    expect(orphanedValues(EXAMPLE, next, STORED)).toEqual([
      {
        field: "transparency",
        values: [6, 7],
        count: 4,
        message: "transparency: 6 (3), 7 (1) are held by 4 annotations but the new field refuses them (6 is outside the scale 1–5); map them to new values or keep them valid",
      },
    ]);
  });

  it("a removed field with stored values", () => {
    const next = edited((s) => {
      s.fields = s.fields.filter((f) => f.id !== "cues");
    });
    expect(orphanedValues(EXAMPLE, next, STORED)).toEqual([
      { field: "cues", values: [["joy", "anger"]], count: 2, message: "cues: the field is removed, but 1 value is held by 2 annotations; keep the field" },
    ]);
    expect(orphanedValues(EXAMPLE, next, [{ field: "cues", value: ["joy"], count: 1 }], undefined, { noun: "adjudication" }).map((o) => o.message)).toEqual([
      "cues: the field is removed, but 1 value is held by 1 adjudication; keep the field",
    ]);
    // a removed field that holds nothing is fine
    expect(orphanedValues(EXAMPLE, next, STORED.filter((s) => s.field !== "cues"))).toEqual([]);
  });

  it("a changed kind", () => {
    const next = edited((s) => {
      const i = s.fields.findIndex((f) => f.id === "fluency");
      s.fields[i] = { id: "fluency", scope: "translation", kind: "choice", label: "Fluency", options: [{ value: "fluent" }, { value: "disfluent" }] };
    });
    expect(orphanedValues(EXAMPLE, next, STORED)).toEqual([
      {
        field: "fluency",
        values: [80],
        count: 5,
        message: "fluency: the kind changes from scale to choice, which refuses 80, held by 5 annotations (80 is not one of fluent, disfluent); map it to new values or keep the kind",
      },
    ]);
  });

  it("a mapping resolves orphans; a mapping to a refused value is itself reported", () => {
    const next = edited((s) => {
      fieldOf(s, "meaning").options = [{ value: "kept" }, { value: "literal" }];
      (fieldOf(s, "transparency") as { max: number }).max = 5;
      fieldOf(s, "transparency").labels = {};
    });
    expect(orphanedValues(EXAMPLE, next, STORED, { meaning: { '"lost"': "literal" }, transparency: { "6": 5, "7": 5 } })).toEqual([]);
    expect(orphanedValues(EXAMPLE, next, STORED, { meaning: { '"lost"': "gone" }, transparency: { "6": 5, "7": 5 } })).toEqual([
      { field: "meaning", values: ["lost"], count: 12, message: 'meaning: "lost" (12) is mapped to a value the new field refuses: "gone" is not one of kept, literal' },
    ]);
    // a partial mapping leaves the rest reported
    expect(orphanedValues(EXAMPLE, next, STORED, { meaning: { '"lost"': "literal" }, transparency: { "6": 5 } }).map((o) => [o.field, o.values, o.count])).toEqual([["transparency", [7], 1]]);
  });

  it("maps structured values by their JSON text, whatever the key order", () => {
    const next = edited((s) => {
      fieldOf(s, "cues").options = [{ value: "joy" }, { value: "sorrow" }];
    });
    expect(orphanedValues(EXAMPLE, next, STORED).map((o) => o.values)).toEqual([[["joy", "anger"]]]);
    expect(orphanedValues(EXAMPLE, next, STORED, { cues: { '["joy","anger"]': ["joy"] } })).toEqual([]);
  });

  it("values the old scheme already refused do not block the change; with no old scheme every value must fit", () => {
    const stored = [{ field: "meaning", value: "legacy-junk", count: 3 }];
    expect(orphanedValues(EXAMPLE, EXAMPLE, stored)).toEqual([]);
    expect(orphanedValues(null, EXAMPLE, stored).map((o) => o.message)).toEqual([
      'meaning: "legacy-junk" is held by 3 annotations but the new field refuses it ("legacy-junk" is not one of kept, literal, lost); map it to new values or keep it valid',
    ]);
  });

  it("alternatives: a value any alternative accepts is valid (MMTE equivalence)", () => {
    const stored = [
      { field: "EQUIVALENCE", value: "LITERAL", count: 5 },
      { field: "FLUENCY", value: 3, count: 9 },
      { field: "METAHOPE_ERRORS", value: { reviewed: true }, count: 7 },
    ];
    expect(orphanedValues(MMTE_PRESET, MMTE_PRESET, stored.slice(0, 2))).toEqual([]);
    expect(orphanedValues(METAHOPE_PRESET, METAHOPE_PRESET, stored.slice(2))).toEqual([]);
  });
});

describe("describeSchemeChange", () => {
  it("nothing for the same scheme, whatever the key order", () => {
    expect(describeSchemeChange(EXAMPLE, EXAMPLE)).toEqual([]);
    const reverseKeys = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(reverseKeys) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reverseKeys(x)])) : v;
    const reordered = ZSchemeDefinition.parse(reverseKeys(input()));
    expect(describeSchemeChange(EXAMPLE, reordered)).toEqual([]);
  });

  it("fields added and removed, labels, options and guidelines per field, task guidelines", () => {
    const next = edited((s) => {
      s.guidelines = "## Task\nRead the paragraph first.";
      s.fields = s.fields.filter((f) => f.id !== "note");
      s.fields.push({ id: "why", scope: "translation", kind: "text", label: "Why?" });
      const meaning = fieldOf(s, "meaning");
      meaning.label = "Figurative meaning kept?";
      meaning.guidelines = "Judge the **sense**, not the words.";
      meaning.options = [
        // "kept" had the label "kept" written out; leaving it to default to the value is no change
        { value: "kept", key: "1", description: "same image or an equivalent one" },
        { value: "literal", label: "made literal", key: "2" },
        { value: "twisted", key: "4" },
      ];
      (fieldOf(s, "transparency") as { max: number }).max = 5;
      fieldOf(s, "transparency").labels = { "1": "opaque", "5": "transparent" };
      fieldOf(s, "fluency").required = true;
    });
    expect(describeSchemeChange(EXAMPLE, next)).toEqual([
      "Task guidelines changed",
      'New field "why" (Why?)',
      'Field "note" (Comment) removed',
      "transparency: max 7 → 5",
      "transparency: labels changed",
      'meaning: label "Figurative meaning" → "Figurative meaning kept?"',
      'meaning: option "twisted" added',
      'meaning: option "lost" removed',
      'meaning: option "kept": definition changed',
      'meaning: option "literal" relabelled "literalised" → "made literal"',
      "meaning: guidelines added",
      "fluency: now required",
    ]);
  });

  it("a kind change is one line; span attributes and alternatives are compared", () => {
    const next = edited((s) => {
      const i = s.fields.findIndex((f) => f.id === "fluency");
      s.fields[i] = { id: "fluency", scope: "translation", kind: "choice", label: "Fluency", options: [{ value: "ok" }] };
    });
    expect(describeSchemeChange(EXAMPLE, next)).toEqual(["fluency: kind scale → choice"]);

    const mh = JSON.parse(JSON.stringify(METAHOPE_PRESET)) as { fields: { id: string; attributes?: { options: { value: number; label?: string }[] }[] }[] };
    mh.fields[1].attributes![0].options[0].label = "trivial";
    mh.fields[1].attributes![0].options.pop();
    expect(describeSchemeChange(METAHOPE_PRESET, ZSchemeDefinition.parse(mh))).toEqual([
      "METAHOPE_ERRORS.severity: option 10 (critical) removed",
      'METAHOPE_ERRORS.severity: option 2 relabelled "minor" → "trivial"',
    ]);

    const mmte = JSON.parse(JSON.stringify(MMTE_PRESET)) as { fields: { id: string; guidelines?: string }[] };
    mmte.fields.filter((f) => f.id === "EQUIVALENCE")[1].guidelines = "New text";
    expect(describeSchemeChange(MMTE_PRESET, ZSchemeDefinition.parse(mmte))).toEqual(["EQUIVALENCE (alternative 2): guidelines changed"]);
  });
});
