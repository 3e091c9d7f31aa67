// The start of an edit field: the translation the annotator picks (MMTE's and MetaHOPE's
// post-edits, base any-translation at segment scope), never the source; a pick never discards
// typed edits; the translation an edit started from is read back from its text for the diff.
import { describe, expect, it } from "vitest";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { baseForKey, editBaseKind, editBaseOf, editStartText, picksTranslation, startFrom } from "./edit-base";
import { fieldKeyOutcome } from "./scheme-field-edits";

const postEdit = MMTE_PRESET.fields.find((f) => f.id === "POSTEDIT_FIGURATIVE")!;
const bases = [
  { id: "a", label: "Translation A", text: "他在会上打破了僵局。", language: "zh" },
  { id: "b", label: "Translation B", text: "他在会议上打破了冰。", language: "zh" },
];

describe("edit base", () => {
  it("a segment-scope edit (MMTE's post-edits) picks a translation and starts empty, never from the source", () => {
    if (postEdit.kind !== "edit") throw new Error("not an edit");
    expect(picksTranslation(postEdit)).toBe(true);
    expect(editStartText(postEdit, { text: "He broke the ice.", source: "He broke the ice." })).toBe("");
    expect(editBaseKind({ scope: "segment" })).toBe("any-translation");
    expect(editBaseKind({ scope: "translation" })).toBe("translation");
    expect(editStartText({ scope: "translation", base: "source" }, { text: "T", source: "S" })).toBe("S");
    expect(editStartText({ scope: "translation" }, { text: "T", source: "S" })).toBe("T");
  });

  it("digits pick the translation in the order shown; a pick replaces only an untouched text", () => {
    expect(baseForKey("2", bases)?.id).toBe("b");
    expect(baseForKey("3", bases)).toBeNull();
    expect(baseForKey("x", bases)).toBeNull();
    expect(startFrom(null, bases[0], bases)).toBe(bases[0].text);
    expect(startFrom(bases[0].text, bases[1], bases)).toBe(bases[1].text);
    expect(startFrom("我自己的译文", bases[1], bases)).toBe("我自己的译文");
  });

  it("reads back the translation an edit started from: the closest by tokens (characters in Chinese)", () => {
    expect(editBaseOf("他在会议上打破了冰块。", bases)?.id).toBe("b");
    expect(editBaseOf("他在会上打破了僵局！", bases)?.id).toBe("a");
    expect(editBaseOf("", bases)).toBeNull();
    expect(editBaseOf(null, bases)).toBeNull();
  });

  it("the edit field's digit key starts from that translation (the keyboard path)", () => {
    const ctx = { tokens: [], selection: null, activeSpan: null, bases };
    expect(fieldKeyOutcome(postEdit, null, "2", ctx)).toEqual({ kind: "value", value: bases[1].text });
    expect(fieldKeyOutcome(postEdit, "我自己的译文", "1", ctx)).toEqual({ kind: "value", value: "我自己的译文" });
    expect(fieldKeyOutcome(postEdit, null, "7", ctx)).toBeNull();
    expect(fieldKeyOutcome(postEdit, null, "1", { tokens: [], selection: null, activeSpan: null })).toBeNull();
  });
});
