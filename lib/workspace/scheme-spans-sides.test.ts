// Spans on a translation or its source (the mqm preset's `on`): the field's tokens are the
// translation's then the source's, each with its side; a span takes the side of the selection's
// focus end; the none key stores the explicit [] (MQM's No error), never over marked spans.
import { describe, expect, it } from "vitest";
import { MQM_PRESET } from "@/lib/schemes/presets/mqm";
import { addSpan, fieldKeyOutcome, spanCovers } from "./scheme-field-edits";
import type { TToken } from "./span-selection";

const field = MQM_PRESET.fields[0];
const tokens: TToken[] = [
  { text: "Cat", start: 0, end: 3, side: "target" },
  { text: "sits", start: 4, end: 8, side: "target" },
  { text: "猫", start: 0, end: 1, side: "source" },
  { text: "坐", start: 1, end: 2, side: "source" },
];

describe("spans on two texts", () => {
  it("marks the side of the selection's focus end, cut at the side's edge", () => {
    expect(addSpan(null, tokens, [1, 1], "Accuracy/Mistranslation")).toEqual([{ start: 4, end: 8, label: "Accuracy/Mistranslation", on: "target" }]);
    expect(addSpan(null, tokens, [2, 3], "Accuracy/Omission")).toEqual([{ start: 0, end: 2, label: "Accuracy/Omission", on: "source" }]);
    // from the translation into the source: the source part
    expect(addSpan(null, tokens, [1, 3], "Accuracy/Omission")).toEqual([{ start: 0, end: 2, label: "Accuracy/Omission", on: "source" }]);
    expect(addSpan(null, tokens, [3, 0], "Fluency/Grammar")).toEqual([{ start: 0, end: 8, label: "Fluency/Grammar", on: "target" }]);
    expect(spanCovers({ start: 0, end: 1, label: "x", on: "source" }, tokens[2])).toBe(true);
    expect(spanCovers({ start: 0, end: 1, label: "x", on: "source" }, tokens[0])).toBe(false);
  });

  it("stores [] for the none key, and refuses it over marked spans", () => {
    const ctx = { tokens, selection: null, activeSpan: null };
    expect(fieldKeyOutcome(field, null, "0", ctx)).toEqual({ kind: "value", value: [], selection: null, activeSpan: null });
    expect(fieldKeyOutcome(field, [{ start: 0, end: 3, label: "Other", attributes: { severity: "Minor" } }], "0", ctx)).toEqual({
      kind: "hint",
      message: "Remove the marked spans first: No error means there is nothing to mark.",
    });
  });
});
