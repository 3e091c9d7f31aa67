// Stored values of every field kind: what is accepted, and the message that names the field and
// the value when it is not. The first block runs the example scheme (fixtures/idiom-judgement.json).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZSchemeField, type TSchemeFieldInput } from "./scheme-field";
import { ZSchemeDefinition } from "./scheme-definition";
import { validateSchemeValue } from "./validate-value";
import { METAHOPE_PRESET } from "../presets/metahope";
import { MMTE_PRESET } from "../presets/mmte";

const EXAMPLE = ZSchemeDefinition.parse(JSON.parse(readFileSync(path.join(__dirname, "fixtures/idiom-judgement.json"), "utf8")));
const exampleField = (id: string) => EXAMPLE.fields.find((f) => f.id === id)!;

const field = (f: TSchemeFieldInput) => ZSchemeField.parse(f);
const ok = (f: ReturnType<typeof field>, value: unknown, item?: { lists?: Record<string, unknown[]> }) => {
  const r = validateSchemeValue(f, value, item);
  expect(r, JSON.stringify(r)).toEqual({ ok: true, value });
};
const refused = (f: ReturnType<typeof field>, value: unknown, item?: { lists?: Record<string, unknown[]> }) => {
  const r = validateSchemeValue(f, value, item);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(value)}`);
  return r.message;
};

describe("validateSchemeValue on the issue's example", () => {
  it("transparency: a whole number from 1 to 7", () => {
    const f = exampleField("transparency");
    for (const v of [1, 4, 7]) ok(f, v);
    expect(refused(f, 0)).toBe("transparency: 0 is outside the scale 1–7");
    expect(refused(f, 8)).toBe("transparency: 8 is outside the scale 1–7");
    expect(refused(f, 2.5)).toBe("transparency: 2.5 is not a value of the scale 1–7");
    expect(refused(f, "3")).toBe('transparency: "3" is not a number of the scale 1–7');
    expect(refused(f, null)).toBe("transparency: null is not a number of the scale 1–7");
  });

  it("meaning: one option value", () => {
    const f = exampleField("meaning");
    for (const v of ["kept", "literal", "lost"]) ok(f, v);
    expect(refused(f, "maybe")).toBe('meaning: "maybe" is not one of kept, literal, lost');
    // the label is shown, the value is stored
    expect(refused(f, "literalised")).toBe('meaning: "literalised" is not one of kept, literal, lost');
    expect(refused(f, ["kept"])).toBe('meaning: ["kept"] is not one of kept, literal, lost');
  });

  it("cues: distinct option values, any number of them", () => {
    const f = exampleField("cues");
    ok(f, []);
    ok(f, ["joy"]);
    ok(f, ["anger", "joy", "sorrow"]);
    expect(refused(f, "joy")).toBe('cues: "joy" is not a list of options');
    expect(refused(f, ["joy", "joy"])).toBe('cues: "joy" is chosen twice');
    expect(refused(f, ["fear"])).toBe('cues: "fear" is not one of joy, sorrow, anger');
  });

  it("fluency: 0–100 in steps of 1", () => {
    const f = exampleField("fluency");
    for (const v of [0, 57, 100]) ok(f, v);
    expect(refused(f, 100.5)).toBe("fluency: 100.5 is outside the scale 0–100");
    expect(refused(f, 33.3)).toBe("fluency: 33.3 is not a value of the scale 0–100");
  });

  it("note: text up to 2000 characters, not empty", () => {
    const f = exampleField("note");
    ok(f, "The idiom became a plain verb.");
    expect(refused(f, "   ")).toBe("note: is empty (clear the field instead of storing an empty text)");
    expect(refused(f, 3)).toBe("note: 3 is not text");
    expect(refused(f, "x".repeat(2001))).toBe("note: is 2001 characters long, more than 2000");
  });
});

describe("validateSchemeValue per kind", () => {
  it("scale with a step and negative ends", () => {
    const f = field({ id: "s", scope: "segment", kind: "scale", label: "S", min: -1, max: 1, step: 0.5 });
    for (const v of [-1, -0.5, 0, 0.5, 1]) ok(f, v);
    expect(refused(f, 0.25)).toBe("s: 0.25 is not a value of the scale -1–1 (step 0.5)");
    expect(refused(f, Number.NaN)).toBe("s: NaN is not a number of the scale -1–1 (step 0.5)");
  });

  it("choice with numeric values compares by value, not text", () => {
    const f = field({ id: "c", scope: "translation", kind: "choice", label: "C", options: [{ value: 1 }, { value: 2 }] });
    ok(f, 2);
    expect(refused(f, "2")).toBe('c: "2" is not one of 1, 2');
  });

  it("choice with optionsFrom: one of the item's list; fails closed without it", () => {
    const f = field({ id: "cloze", scope: "segment", kind: "choice", label: "Cloze", optionsFrom: "candidates" });
    const item = { lists: { candidates: ["ran", "flew"] } };
    ok(f, "flew", item);
    expect(refused(f, "swam", item)).toBe('cloze: "swam" is not one of ran, flew');
    expect(refused(f, "flew")).toBe('cloze: cannot be checked without the item\'s "candidates" list');
    expect(refused(f, "flew", { lists: {} })).toBe('cloze: cannot be checked without the item\'s "candidates" list');
    // the orphan check has no items: any string or number passes, other shapes do not
    expect(validateSchemeValue(f, "flew", undefined, { withoutItem: true })).toEqual({ ok: true, value: "flew" });
    expect(validateSchemeValue(f, { a: 1 }, undefined, { withoutItem: true }).ok).toBe(false);
  });

  it("multi with minSelected and maxSelected", () => {
    const f = field({ id: "m", scope: "translation", kind: "multi", label: "M", options: [{ value: "a" }, { value: "b" }, { value: "c" }], minSelected: 1, maxSelected: 2 });
    ok(f, ["a"]);
    ok(f, ["c", "a"]);
    expect(refused(f, [])).toBe("m: [] has 0 options; choose at least 1");
    expect(refused(f, ["a", "b", "c"])).toBe('m: ["a","b","c"] has 3 options; choose at most 2');
  });

  it("boolean", () => {
    const f = field({ id: "b", scope: "mrw", kind: "boolean", label: "B" });
    ok(f, true);
    ok(f, false);
    expect(refused(f, "true")).toBe('b: "true" is not true or false');
    expect(refused(f, 1)).toBe("b: 1 is not true or false");
  });

  it("number: integer, min and max when declared; any finite number otherwise", () => {
    const f = field({ id: "seconds", scope: "translation", kind: "number", label: "Seconds", min: 0, max: 600, integer: true });
    ok(f, 0);
    ok(f, 600);
    expect(refused(f, 1.5)).toBe("seconds: 1.5 is not a whole number");
    expect(refused(f, -1)).toBe("seconds: -1 is less than 0");
    expect(refused(f, 601)).toBe("seconds: 601 is more than 600");
    expect(refused(f, Number.POSITIVE_INFINITY)).toBe("seconds: Infinity is not a number");
    const free = field({ id: "n", scope: "translation", kind: "number", label: "N" });
    ok(free, -1e9);
    ok(free, 0.001);
  });

  it("edit: a non-empty string within maxLength", () => {
    const f = field({ id: "pe", scope: "translation", kind: "edit", label: "PE", maxLength: 10 });
    ok(f, "他跑了。");
    expect(refused(f, "")).toBe("pe: is empty (clear the field instead of storing an empty text)");
    expect(refused(f, "x".repeat(11))).toBe("pe: is 11 characters long, more than 10");
    expect(refused(f, { text: "x" })).toBe('pe: {"text":"x"} is not text');
  });

  it("vector: dimension → number in range on the step; unrated dimensions left out", () => {
    const f = field({ id: "emotion", scope: "mrw-translation", kind: "vector", label: "E", min: 0, max: 1, step: 0.1, dimensions: [{ id: "joy" }, { id: "anger" }] });
    ok(f, { joy: 0.3, anger: 1 });
    ok(f, { joy: 0 });
    ok(f, {});
    expect(refused(f, { joy: 1.2 })).toBe("emotion: joy: 1.2 is outside 0–1 (step 0.1)");
    expect(refused(f, { joy: 0.25 })).toBe("emotion: joy: 0.25 is not on the step 0.1 from 0");
    expect(refused(f, { fear: 0.5 })).toBe('emotion: "fear" is not one of the dimensions joy, anger');
    expect(refused(f, { joy: "high" })).toBe('emotion: joy: "high" is not a number');
    expect(refused(f, [0.1, 0.2])).toBe("emotion: [0.1,0.2] is not an object of dimensions (joy, anger)");
  });

  const errors = () =>
    field({
      id: "errors",
      scope: "translation",
      kind: "spans",
      label: "Errors",
      labels: [{ value: "MIS" }, { value: "STL" }, { value: "OMI" }],
      attributes: [
        { id: "severity", label: "Severity", options: [{ value: 2 }, { value: 6 }] },
        { id: "note-type", label: "Kind", required: false, appliesTo: ["STL"], options: [{ value: "tone" }] },
      ],
      mrw: "optional",
      comments: true,
    });

  it("spans: labels, attributes by label, offsets, MRW and comments as declared", () => {
    const f = errors();
    ok(f, []);
    ok(f, [
      { start: 0, end: 3, label: "MIS", attributes: { severity: 6 }, mrwId: "m1", comment: "wrong sense" },
      { start: 4, end: 9, label: "STL", attributes: { severity: 2, "note-type": "tone" }, mrwId: null },
    ]);
    expect(refused(f, [{ start: 0, end: 3, label: "GRM", attributes: { severity: 2 } }])).toBe('errors: span 1: label "GRM" is not one of MIS, STL, OMI');
    expect(refused(f, [{ start: 0, end: 3, label: "MIS" }])).toBe("errors: span 1 has no severity");
    expect(refused(f, [{ start: 0, end: 3, label: "MIS", attributes: { severity: 4 } }])).toBe("errors: span 1: severity 4 is not one of 2, 6");
    expect(refused(f, [{ start: 0, end: 3, label: "MIS", attributes: { severity: 2, "note-type": "tone" } }])).toBe('errors: span 1: attribute "note-type" does not apply to label "MIS"');
    expect(refused(f, [{ start: 0, end: 3, label: "MIS", attributes: { severity: 2, weight: 1 } }])).toBe('errors: span 1: "weight" is not an attribute (severity, note-type)');
    expect(refused(f, [{ start: 5, end: 3, label: "MIS", attributes: { severity: 2 } }])).toBe("errors: span 1 ends (3) before it starts (5)");
    expect(refused(f, [{ start: 3, end: 3, label: "OMI", attributes: { severity: 2 } }])).toBe("errors: span 1 is empty; mark at least one character");
    expect(refused(f, [{ start: -1, end: 3, label: "MIS", attributes: { severity: 2 } }])).toBe("errors: span 1: start and end are character offsets (whole numbers from 0), got -1 and 3");
    expect(refused(f, [{ start: 0, end: 3, label: "MIS", attributes: { severity: 2 }, category: "MIS" }])).toBe('errors: span 1: unknown key "category"');
    expect(refused(f, { start: 0, end: 3 })).toBe('errors: {"start":0,"end":3} is not a list of spans (an empty list says "none")');
    // a comment is a note, not a pasted document (lib/schemes/text-limits.ts)
    ok(f, [{ start: 0, end: 3, label: "MIS", attributes: { severity: 2 }, comment: "x".repeat(2000) }]);
    expect(refused(f, [{ start: 0, end: 3, label: "MIS", attributes: { severity: 2 }, comment: "x".repeat(2001) }])).toBe("errors: span 1: comment is 2001 characters long (at most 2000)");
  });

  it("spans: allowEmpty, mrw none/required, no comments unless declared", () => {
    const f = field({ id: "sp", scope: "segment", kind: "spans", label: "Sp", labels: [{ value: "X" }], allowEmpty: true, mrw: "required" });
    ok(f, [{ start: 3, end: 3, label: "X", mrwId: "m1" }]);
    expect(refused(f, [{ start: 3, end: 4, label: "X" }])).toBe("sp: span 1 names no MRW (mrwId)");
    expect(refused(f, [{ start: 3, end: 4, label: "X", mrwId: "m1", comment: "c" }])).toBe('sp: span 1: unknown key "comment"');
    const noMrw = field({ id: "sp", scope: "segment", kind: "spans", label: "Sp", labels: [{ value: "X" }] });
    expect(refused(noMrw, [{ start: 3, end: 4, label: "X", mrwId: "m1" }])).toBe('sp: span 1: unknown key "mrwId"');
  });

  it("tags with BIO: O, B-X, and I-X only after B-X or I-X of the same type", () => {
    const f = field({ id: "met", scope: "segment", kind: "tags", label: "Metaphors", bio: true, tokens: "whitespace", tags: [{ value: "MET" }, { value: "LIT" }] });
    ok(f, ["O", "B-MET", "I-MET", "I-MET", "O", "B-LIT", "B-MET"]);
    ok(f, []);
    expect(refused(f, ["I-MET"])).toBe('met: token 1: "I-MET" follows nothing; I-MET continues a B-MET or I-MET');
    expect(refused(f, ["O", "I-MET"])).toBe('met: token 2: "I-MET" follows "O"; I-MET continues a B-MET or I-MET');
    expect(refused(f, ["B-LIT", "I-MET"])).toBe('met: token 2: "I-MET" follows "B-LIT"; I-MET continues a B-MET or I-MET');
    expect(refused(f, ["B-FOO"])).toBe('met: token 1: "B-FOO" is not O or B-/I- of MET, LIT');
    expect(refused(f, ["MET"])).toBe('met: token 1: "MET" is not O or B-/I- of MET, LIT');
    expect(refused(f, "O O")).toBe('met: "O O" is not a list of tags, one per token');
    // an imported file's tags are stored as written (issue 30.6): there an I-X may start a chunk
    const asWritten = (v: unknown) => validateSchemeValue(f, v, undefined, { insideStartsChunk: true }).ok;
    expect([asWritten(["I-MET"]), asWritten(["O", "I-MET", "I-MET"]), asWritten(["B-LIT", "I-MET"]), asWritten(["O", "I-FOO"])]).toEqual([true, true, true, false]);
  });

  it("tags without BIO, on the item's tokens: one tag or null per token", () => {
    const f = field({ id: "pos", scope: "translation", kind: "tags", label: "POS", tags: [{ value: "N" }, { value: "V" }] });
    const item = { lists: { tokens: ["he", "ran", "."] } };
    ok(f, ["N", "V", null], item);
    expect(refused(f, ["N", "V"], item)).toBe("pos: 2 tags for 3 tokens");
    expect(refused(f, ["N", "X", null], item)).toBe('pos: token 2: "X" is not one of N, V (or null)');
    expect(refused(f, ["N", "V", null])).toBe('pos: cannot be checked without the item\'s "tokens" list');
    expect(validateSchemeValue(f, ["N", "V"], undefined, { withoutItem: true }).ok).toBe(true);
  });

  it("alignment: a pattern and target spans as the pattern requires", () => {
    const f = field({
      id: "align",
      scope: "mrw-translation",
      kind: "alignment",
      label: "A",
      patterns: [{ value: "DIRECT" }, { value: "IMPLICIT", span: "optional" }, { value: "OMISSION", span: "none" }],
    });
    ok(f, { pattern: "DIRECT", spans: [{ start: 0, end: 2 }] });
    ok(f, { pattern: "IMPLICIT", spans: [] });
    ok(f, { pattern: "OMISSION", spans: [] });
    expect(refused(f, { pattern: "DIRECT", spans: [] })).toBe('align: "DIRECT" needs at least one target span');
    expect(refused(f, { pattern: "OMISSION", spans: [{ start: 0, end: 1 }] })).toBe('align: "OMISSION" has no target span, got 1');
    expect(refused(f, { pattern: "SWAP", spans: [] })).toBe('align: pattern "SWAP" is not one of DIRECT, IMPLICIT, OMISSION');
    expect(refused(f, { pattern: "DIRECT", spans: [{ start: 2, end: 2 }] })).toBe("align: span 1 is empty; mark the target characters");
    expect(refused(f, { pattern: "DIRECT", spans: [{ start: 0, end: 2, label: "x" }] })).toBe('align: span 1: {"start":0,"end":2,"label":"x"} is not { start, end }');
    expect(refused(f, { pattern: "DIRECT" })).toBe("align: spans nothing is not a list of { start, end }");
    expect(refused(f, "DIRECT")).toBe('align: "DIRECT" is not { pattern, spans: [{ start, end }] }');
  });
});

describe("an alignment without patterns (MMTE's target words)", () => {
  it("is { spans }: several spans, or none for not rendered; no pattern, no empty span", () => {
    const f = field({ id: "tw", scope: "mrw-translation", kind: "alignment", label: "TW", none: { label: "Not rendered" } });
    ok(f, { spans: [{ start: 0, end: 2 }] });
    ok(f, { spans: [{ start: 0, end: 2 }, { start: 5, end: 7 }] });
    ok(f, { spans: [] });
    expect(refused(f, { pattern: "DIRECT", spans: [] })).toBe('tw: unknown key "pattern" (a target-word marking is { spans: [{ start, end }] } (an empty list: not rendered))');
    expect(refused(f, { spans: [{ start: 3, end: 3 }] })).toBe("tw: span 1 is empty; mark the target characters");
    expect(refused(f, [])).toBe("tw: [] is not { spans: [{ start, end }] } (an empty list: not rendered)");
    expect(refused(f, { spans: "all" })).toBe('tw: spans "all" is not a list of { start, end }');
  });
});

describe("validateSchemeValue on the presets: today's stored values pass", () => {
  const mmte = (id: string) => MMTE_PRESET.fields.filter((f) => f.id === id);
  const anyAccepts = (fs: ReturnType<typeof mmte>, v: unknown) => fs.some((f) => validateSchemeValue(f, v).ok);

  it("MMTE: Likert 1–5, equivalence labels of either alternative, emotion labels", () => {
    for (const v of [1, 2, 3, 4, 5]) expect(anyAccepts(mmte("FLUENCY"), v)).toBe(true);
    expect(anyAccepts(mmte("FLUENCY"), 6)).toBe(false);
    expect(anyAccepts(mmte("EQUIVALENCE"), "LITERAL")).toBe(true);
    expect(anyAccepts(mmte("EQUIVALENCE"), "NOT_A_LABEL")).toBe(false);
  });

  it("MetaHOPE: today's alignment values", () => {
    const align = METAHOPE_PRESET.fields.find((f) => f.id === "ALIGNMENT")!;
    ok(align, { pattern: "DIRECT", spans: [{ start: 0, end: 4 }] });
    ok(align, { pattern: "OMISSION", spans: [] });
    ok(align, { pattern: "IMPLICIT", spans: [] });
  });
});
