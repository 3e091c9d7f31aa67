// Edits of scheme field values by key and by click (lib/workspace/scheme-field-edits.ts), on the
// every-kind fixture: the values each produces are accepted by validateSchemeValue.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { applyTag, clearTags, extendTag, fieldKeyOutcome, toggleAlignment, withPattern } from "./scheme-field-edits";
import { tokenize } from "./span-selection";
import { whitespaceTokens } from "./scheme-tokens";

const EVERY = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/every-kind.json", "utf8")));
const field = <K extends TSchemeField["kind"]>(id: string) => EVERY.fields.find((f) => f.id === id) as Extract<TSchemeField, { kind: K }>;
const TEXT = "Time is a thief of hours.";
const words = whitespaceTokens(TEXT);
const key = (id: string, value: unknown, k: string, selection: [number, number] | null = null, activeSpan: number | null = null) =>
  fieldKeyOutcome(field(id), value, k, { tokens: tokenize(TEXT, "en"), selection, activeSpan });
const valid = (id: string, v: unknown) => expect(validateSchemeValue(field(id), v)).toEqual({ ok: true, value: v });

describe("tags", () => {
  const tags = field<"tags">("metaphor-tags");
  it("tags a selection B- then I-, and clears it when applied again", () => {
    const v = applyTag(tags, null, words.length, [4, 2], "METAPHOR");
    expect(v).toEqual(["O", "O", "B-METAPHOR", "I-METAPHOR", "I-METAPHOR", "O"]);
    expect(applyTag(tags, v, words.length, [2, 4], "METAPHOR")).toBeNull();
  });
  it("keeps BIO well formed when the start of a chunk is cleared", () => {
    const v = applyTag(tags, null, words.length, [1, 3], "METAPHOR");
    expect(clearTags(tags, v, words.length, [1, 1])).toEqual(["O", "O", "B-METAPHOR", "I-METAPHOR", "O", "O"]);
  });
  it("by key: needs a selection, then moves it past the tagged words", () => {
    expect(fieldKeyOutcome(tags, null, "m", { tokens: words, selection: null, activeSpan: null })).toMatchObject({ kind: "hint" });
    const o = fieldKeyOutcome(tags, null, "M", { tokens: words, selection: [3, 3], activeSpan: null });
    expect(o).toEqual({ kind: "value", value: ["O", "O", "O", "B-METAPHOR", "O", "O"], selection: [4, 4] });
  });
  it("Shift with the key continues the chunk on the next word (I-), whatever the letter's case", () => {
    const ctx = (selection: [number, number], shift: boolean) => ({ tokens: words, selection, activeSpan: null, shift });
    // m on "a" (B-), then Shift+m on "thief" and "of": one chunk of three words
    const b = fieldKeyOutcome(tags, null, "m", ctx([2, 2], false)) as unknown as { value: unknown; selection: [number, number] };
    expect(b).toEqual({ kind: "value", value: ["O", "O", "B-METAPHOR", "O", "O", "O"], selection: [3, 3] });
    const i1 = fieldKeyOutcome(tags, b.value, "M", ctx(b.selection, true)) as unknown as { value: unknown; selection: [number, number] };
    expect(i1).toEqual({ kind: "value", value: ["O", "O", "B-METAPHOR", "I-METAPHOR", "O", "O"], selection: [4, 4] });
    const i2 = fieldKeyOutcome(tags, i1.value, "m", ctx(i1.selection, true)) as { value: unknown };
    expect(i2.value).toEqual(["O", "O", "B-METAPHOR", "I-METAPHOR", "I-METAPHOR", "O"]);
    valid("metaphor-tags", i2.value);
    // the key without Shift on the next word starts a new chunk instead (the bug this guards: Shift+m used to tag B-)
    expect((fieldKeyOutcome(tags, b.value, "M", ctx([3, 3], false)) as { value: unknown }).value).toEqual(["O", "O", "B-METAPHOR", "B-METAPHOR", "O", "O"]);
  });
  it("extending with nothing before the selection starts a chunk; again changes nothing", () => {
    const v = extendTag(tags, null, words.length, [1, 2], "METAPHOR");
    expect(v).toEqual(["O", "B-METAPHOR", "I-METAPHOR", "O", "O", "O"]);
    expect(extendTag(tags, v, words.length, [2, 2], "METAPHOR")).toEqual(v);
  });
});

describe("spans", () => {
  it("a label key marks the selection, attribute keys set the active span's attributes", () => {
    const marked = key("errors", null, "i", [3, 3]);
    expect(marked).toEqual({ kind: "value", value: [{ start: 10, end: 15, label: "MIS" }], selection: null, activeSpan: 0 });
    const v = (marked as { value: unknown }).value;
    expect(validateSchemeValue(field("errors"), v).ok).toBe(false); // its severity is required
    const rated = key("errors", v, "2", null, 0);
    expect(rated).toMatchObject({ kind: "value", value: [{ start: 10, end: 15, label: "MIS", attributes: { severity: 6 } }] });
    valid("errors", (rated as { value: unknown }).value);
  });
});

describe("alignment", () => {
  const alignment = field<"alignment">("alignment");
  const tokens = tokenize(TEXT, "en");
  it("a pattern key takes the selected words; an omission keeps none", () => {
    const v = withPattern(alignment, null, "DIRECT", tokens, [3, 3]);
    expect(v).toEqual({ pattern: "DIRECT", spans: [{ start: 10, end: 15 }] });
    valid("alignment", v);
    expect(withPattern(alignment, v, "OMISSION", tokens, [1, 1])).toEqual({ pattern: "OMISSION", spans: [] });
  });
  it("words marked before the pattern wait in a draft", () => {
    const d = toggleAlignment(alignment, null, tokens, [0, 0]);
    expect(d).toEqual({ pattern: null, spans: [{ start: 0, end: 4 }] });
    expect(key("alignment", d, "d")).toEqual({ kind: "value", value: { pattern: "DIRECT", spans: [{ start: 0, end: 4 }] }, selection: null });
  });
});

describe("alignment without patterns (target words)", () => {
  const words = ZSchemeDefinition.parse({ id: "t", version: 1, name: "T", fields: [{ id: "tw", scope: "mrw-translation", kind: "alignment", label: "TW", none: { label: "Not rendered", key: "0" } }] }).fields[0] as Extract<TSchemeField, { kind: "alignment" }>;
  const tokens = tokenize(TEXT, "en");
  const ok = (v: unknown) => expect(validateSchemeValue(words, v)).toEqual({ ok: true, value: v });
  it("a mark saves { spans } at once; unmarking the last word clears the value", () => {
    const v = toggleAlignment(words, null, tokens, [3, 3]);
    expect(v).toEqual({ spans: [{ start: 10, end: 15 }] });
    ok(v);
    const two = toggleAlignment(words, v, tokens, [0, 0]);
    expect(two).toEqual({ spans: [{ start: 0, end: 4 }, { start: 10, end: 15 }] });
    ok(two);
    expect(toggleAlignment(words, toggleAlignment(words, two, tokens, [0, 0]), tokens, [3, 3])).toBeNull();
  });
  it("marking words a pre-fill (the imported alignment) already shows keeps them as the annotator's; new words add to it", () => {
    const prefill = { spans: [{ start: 10, end: 15 }] };
    expect(toggleAlignment(words, prefill, tokens, [3, 3], { prefilled: true })).toEqual(prefill);
    expect(toggleAlignment(words, prefill, tokens, [0, 0], { prefilled: true })).toEqual({ spans: [{ start: 0, end: 4 }, { start: 10, end: 15 }] });
    // once the value is the annotator's, the same key unmarks
    expect(toggleAlignment(words, prefill, tokens, [3, 3])).toBeNull();
    const patterned = { pattern: "DIRECT", spans: [{ start: 10, end: 15 }] };
    expect(toggleAlignment(field<"alignment">("alignment"), patterned, tokens, [3, 3], { prefilled: true })).toEqual(patterned);
  });
  it("its none key answers not rendered, but never over marked words", () => {
    const out = fieldKeyOutcome(words, null, "0", { tokens, selection: null, activeSpan: null });
    expect(out).toEqual({ kind: "value", value: { spans: [] }, selection: null });
    ok((out as { value: unknown }).value);
    expect(fieldKeyOutcome(words, { spans: [{ start: 0, end: 4 }] }, "0", { tokens, selection: null, activeSpan: null })).toMatchObject({ kind: "hint" });
    expect(fieldKeyOutcome(words, null, "1", { tokens, selection: [0, 0], activeSpan: null })).toBeNull();
  });
});

describe("keys of the other kinds", () => {
  it("choose, toggle and advance", () => {
    expect(key("meaning", null, "3")).toEqual({ kind: "value", value: "lost", advance: true });
    expect(key("transparency", null, "7")).toEqual({ kind: "value", value: 7, advance: true });
    // options without keys get their position's digit
    expect(key("cues", ["joy"], "2")).toEqual({ kind: "value", value: ["joy", "sorrow"] });
    expect(key("cues", ["joy"], "1")).toEqual({ kind: "value", value: null });
    expect(key("premise-ok", null, "n")).toEqual({ kind: "value", value: false, advance: true });
    expect(key("register", null, "F")).toEqual({ kind: "value", value: "fiction", advance: true });
  });
  it("a long scale has no digit keys; text fields none", () => {
    expect(key("fluency", null, "5")).toBeNull();
    expect(key("why-lost", null, "a")).toBeNull();
  });
});
