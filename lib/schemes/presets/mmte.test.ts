// The MMTE preset must say exactly what the paper's constants say (__fixtures__/mmte-paper.ts):
// the same field names in the same order, scopes, labels, scale, label sets and their order (digit
// keys number them), definitions, examples and levels.
import { describe, expect, it } from "vitest";
import { spanPastTranslation } from "../language/item-value-checks";
import { validateSchemeValue } from "../language/validate-value";
import { DEFAULT_SCHEME_CONFIG, enabledFieldNames } from "../scheme-config";
import * as M from "./__fixtures__/mmte-paper";
import { measurementLevelOf } from "../language/measurement-level";
import { valueLabelText, type TOption } from "../language/scheme-option";
import type { TSchemeField } from "../language/scheme-field";
import type { TSchemeScope } from "../language/scheme-scope";
import { parseSchemeText } from "../language/parse-scheme-text";
import { readFileSync } from "node:fs";
import path from "node:path";
import { MMTE_PRESET } from "./mmte";

/**
 * MMTE's fields as the paper asks for them (app. B): id, scope, label, level of measurement (null:
 * compared by their own statistics), required for submit. The target words (§3.3) are an
 * alignment without patterns, compared as a set.
 */
const EXPECTED: [string, TSchemeScope, string, string | null, boolean][] = [
  ["FLUENCY", "translation", "Fluency", M.MMTE_MEASUREMENT_LEVEL.FLUENCY, true],
  ["INTELLIGIBILITY", "translation", "Intelligibility", M.MMTE_MEASUREMENT_LEVEL.INTELLIGIBILITY, true],
  ["FIDELITY", "translation", "Fidelity", M.MMTE_MEASUREMENT_LEVEL.FIDELITY, true],
  ["OVERALL", "translation", "Overall", M.MMTE_MEASUREMENT_LEVEL.OVERALL, true],
  ["TARGET_WORDS", "mrw-translation", "Target words", "nominal", true],
  ["EQUIVALENCE", "mrw-translation", "Equivalence", M.MMTE_MEASUREMENT_LEVEL.EQUIVALENCE, true],
  ["EQUIVALENCE", "mrw-translation", "Equivalence", M.MMTE_MEASUREMENT_LEVEL.EQUIVALENCE, true],
  ["EMOTION", "mrw-translation", "Emotion", M.MMTE_MEASUREMENT_LEVEL.EMOTION, true],
  ["AUTHENTICITY", "mrw-translation", "Authenticity", M.MMTE_MEASUREMENT_LEVEL.AUTHENTICITY, true],
  ["POSTEDIT_FIGURATIVE", "segment", "Post-edit (figurative)", null, true],
  ["POSTEDIT_LITERAL", "segment", "Post-edit (literal)", null, true],
];
const LIKERT_VALUES = M.LIKERT_SCALE.map((l) => l.value);

const fields = MMTE_PRESET.fields;
const only = <K extends TSchemeField["kind"]>(id: string, kind: K) => {
  const f = fields.filter((x) => x.id === id);
  expect(f.every((x) => x.kind === kind), id).toBe(true);
  return f as Extract<TSchemeField, { kind: K }>[];
};
const bold = (t: string) => t.replace(/@([^@]+)@/g, "**$1**");

/** The digit of position i (1-based) of a field's choices: the paper's order is the keys' order. */
const digitKeyFor = (position: number) => String(position);

describe("MMTE preset", () => {
  it("validates, from its file, with the scheme language's own parser", () => {
    const file = path.join(__dirname, "mmte.json");
    const r = parseSchemeText(file, readFileSync(file, "utf8"));
    expect(r.ok && r.scheme).toEqual(MMTE_PRESET);
  });

  it("has MMTE's fields in the parts' order, with their scopes, labels, levels and required flags", () => {
    const ids = [...new Set(fields.map((f) => f.id))];
    // the target words are a part a project switches on (issue 19 point 4): off by default
    expect(ids).toEqual(enabledFieldNames({ ...DEFAULT_SCHEME_CONFIG, mmteMrw: { ...DEFAULT_SCHEME_CONFIG.mmteMrw, targetWords: true } }));
    expect(ids.filter((id) => !(enabledFieldNames(DEFAULT_SCHEME_CONFIG) as string[]).includes(id))).toEqual(["TARGET_WORDS"]);
    expect(fields.map((f) => [f.id, f.scope, f.label, measurementLevelOf(f), f.required])).toEqual(EXPECTED);
  });

  it("marks the target words of each MRW in each translation (MMTE §3.3): spans without a pattern, or not rendered", () => {
    const [f] = only("TARGET_WORDS", "alignment");
    expect([f.scope, f.patterns, f.none?.label]).toEqual(["mrw-translation", undefined, "Not rendered"]);
    expect(f.guidelines).toContain("Annotators also mark the positions of target words during alignment");
    // the built-in workspace's buttons: 1 keeps the marked words, 2 is the `none` answer (its key)
    expect(f.none?.key).toBe(digitKeyFor(2));
    const text = "他给表演注入了新的生命";
    // valid: one or several marked stretches, or none (not rendered); within the translation
    const check = (v: unknown) => (validateSchemeValue(f, v).ok ? spanPastTranslation(f.kind, v, text.length) === null : false);
    expect([{ spans: [{ start: 4, end: 6 }] }, { spans: [{ start: 4, end: 6 }, { start: 8, end: 10 }] }, { spans: [] }].map(check)).toEqual([true, true, true]);
    // invalid: an empty stretch, one past the end, a pattern (the target words have none), no object
    expect([{ spans: [{ start: 4, end: 4 }] }, { spans: [{ start: 4, end: 40 }] }, { pattern: "DIRECT", spans: [] }, [], null].map(check)).toEqual([false, false, false, false, false]);
  });

  it("rates quality and authenticity on the 1–5 Likert scale with the paper's names, digits 1–5", () => {
    for (const id of [...M.MMTE_QUALITY_FIELDS, "AUTHENTICITY"]) {
      const [f] = only(id, "scale");
      expect([f.min, f.max, f.step]).toEqual([1, 5, 1]);
      const labels = Object.entries(f.labels ?? {});
      expect(labels.map(([v]) => Number(v))).toEqual(LIKERT_VALUES);
      expect(labels.map(([, l]) => valueLabelText(l))).toEqual(M.LIKERT_SCALE.map((l) => l.name));
      expect(labels.map(([, l]) => (typeof l === "string" ? undefined : l.description))).toEqual(M.LIKERT_SCALE.map((l) => l.definition));
      expect(labels.map(([, l]) => (typeof l === "string" ? undefined : l.key))).toEqual(M.LIKERT_SCALE.map((_, i) => digitKeyFor(i + 1)));
    }
    // app. B.1 and B.4 print the scale from the top: "5) Very Good; 4) Good; …; 1) Very Poor."
    const printed = [...M.LIKERT_SCALE].reverse().map((l) => `${l.value}) ${l.name}`).join("; ");
    for (const q of M.MMTE_QUALITY_FIELDS) {
      const [f] = only(q, "scale");
      expect(f.description).toBe(M.MMTE_QUALITY[q].definition);
      expect(f.guidelines).toContain(M.MMTE_QUALITY_INSTRUCTION);
      expect(f.guidelines).toContain(`on a 5-point Likert scale: ${printed}.`);
    }
    const [authenticity] = only("AUTHENTICITY", "scale");
    expect(authenticity.description).toBe(M.AUTHENTICITY.definition);
    expect(authenticity.guidelines).toContain(`on a 5-point scale: ${printed}.`);
  });

  /** Values, names, definitions, digit keys and examples of a label set, as the constants give them. */
  function expectLabelSet(options: readonly TOption[] | undefined, defs: readonly M.TLabelDefinition<string>[], choices: readonly (string | number)[]) {
    expect(options?.map((o) => o.value)).toEqual([...choices]);
    expect(options?.map((o) => o.value)).toEqual(defs.map((d) => d.value));
    expect(options?.map((o) => o.label)).toEqual(defs.map((d) => d.name));
    expect(options?.map((o) => o.description)).toEqual(defs.map((d) => d.definition));
    for (const [i, o] of (options ?? []).entries()) {
      expect(choices[Number(o.key) - 1], `${o.value} key`).toBe(o.value);
      expect(o.key).toBe(digitKeyFor(i + 1));
      for (const ex of defs[i].examples) {
        expect(o.guidelines).toContain(bold(ex.en));
        if (ex.zh) expect(o.guidelines).toContain(bold(ex.zh));
        if (ex.it) expect(o.guidelines).toContain(bold(ex.it));
      }
      expect(o.guidelines).toContain(defs[i].source);
    }
  }

  it("chooses the equivalence label set by the source MRW's metaphoricity, as alternatives under when", () => {
    const alts = only("EQUIVALENCE", "choice");
    expect(alts.map((f) => f.when)).toEqual([
      { item: "metaphorical", in: [true] },
      { item: "metaphorical", in: [false] },
    ]);
    expectLabelSet(alts[0].options, M.EQUIVALENCE_METAPHORICAL, M.EQUIVALENCE_METAPHORICAL.map((d) => d.value));
    expectLabelSet(alts[1].options, M.EQUIVALENCE_LITERAL, M.EQUIVALENCE_LITERAL.map((d) => d.value));
    for (const f of alts) expect(f.guidelines).toContain(M.EQUIVALENCE_INSTRUCTION);
  });

  it("has the four emotion labels in §3.2 order", () => {
    const [f] = only("EMOTION", "choice");
    expectLabelSet(f.options, M.EMOTION, M.EMOTION.map((d) => d.value));
    expect(f.guidelines).toContain(M.EMOTION_INSTRUCTION);
  });

  it("asks for a figurative and a literal post-edit of a translation the annotator picks", () => {
    for (const kind of M.POST_EDIT_KINDS) {
      const [f] = only(kind === "figurative" ? "POSTEDIT_FIGURATIVE" : "POSTEDIT_LITERAL", "edit");
      expect([f.variant, f.base, f.maxLength]).toEqual([kind, "any-translation", 5000]);
      expect(f.description).toBe(M.POST_EDIT_GUIDELINE.kinds[kind].definition);
      expect(f.guidelines).toContain(M.POST_EDIT_GUIDELINE.instruction);
    }
  });
});
