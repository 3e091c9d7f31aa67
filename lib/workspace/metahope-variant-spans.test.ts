// MetaHOPE's errors and alignment in the scheme workspace (issue 28 point 2), as the built-in
// workspace has them: OMISSION chosen by 6 (a pattern without its own key gets its position's
// digit), the running penalty summing the severities (a draft adds nothing), a span tied to an MRW
// by 0 (cycling back to sentence level), and a comment per span.
import { describe, expect, it } from "vitest";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { MQM_PRESET } from "@/lib/schemes/presets/mqm";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { alignmentPatterns, fieldKeyBindings } from "@/lib/schemes/language/field-keys";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { addSpan, fieldKeyOutcome, setSpanAttribute, setSpanComment, spanList } from "./scheme-field-edits";
import { alignmentsInTranslation, cycleSpanMrw, mrwOverlapping, setSpanMrw, tieNewSpans } from "./span-mrw";
import { declaresWeights, spansPenalty } from "./span-penalty";
import type { TToken } from "./span-selection";

const byId = (id: string) => METAHOPE_PRESET.fields.find((f) => f.id === id)!;
const alignment = byId("ALIGNMENT");
const errors = byId("METAHOPE_ERRORS");
if (alignment.kind !== "alignment" || errors.kind !== "spans") throw new Error("MetaHOPE preset changed");
const tokens: TToken[] = [
  { text: "政府", start: 0, end: 2 },
  { text: "镇压", start: 2, end: 4 },
  { text: "了", start: 4, end: 5 },
];

describe("MetaHOPE alignment keys", () => {
  it("OMISSION, the pattern without a key, gets 6; the others keep their own", () => {
    expect(alignmentPatterns(alignment).map((p) => p.key)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(fieldKeyBindings(alignment).at(-1)).toEqual({ key: "6", description: "pattern Omission" });
    const o = fieldKeyOutcome(alignment, { pattern: "DIRECT", spans: [{ start: 0, end: 2 }] }, "6", { tokens, selection: null, activeSpan: null });
    expect(o).toEqual({ kind: "value", value: { pattern: "OMISSION", spans: [] }, selection: null });
  });
});

describe("MetaHOPE error spans", () => {
  it("the running penalty sums the severities; a span without a severity adds nothing yet", () => {
    expect(declaresWeights(errors)).toBe(true);
    expect(spansPenalty(errors, null)).toEqual({ penalty: 0, spans: 0 });
    let v = addSpan(null, tokens, [1, 1], "MIS");
    expect(spansPenalty(errors, v)).toEqual({ penalty: 0, spans: 1 });
    v = setSpanAttribute(v, 0, "severity", 6);
    v = setSpanAttribute([...v, ...addSpan(null, tokens, [2, 2], "STL")], 1, "severity", 2);
    expect(spansPenalty(errors, v)).toEqual({ penalty: 8, spans: 2 });
    // a field without weights shows none (MMTE has no spans; a tags-like label set)
    expect(spansPenalty({ ...errors, attributes: [] }, v)).toBeNull();
    // MQM's rules: fractional weights add up exactly
    const mqm = MQM_PRESET.fields[0];
    if (mqm.kind !== "spans") throw new Error("MQM preset changed");
    expect(spansPenalty(mqm, [])).toEqual({ penalty: 0, spans: 0 });
  });

  it("0 ties the span to the next MRW and back to sentence level; the value stays valid", () => {
    const v = setSpanAttribute(addSpan(null, tokens, [1, 1], "MIS"), 0, "severity", 6);
    const one = cycleSpanMrw(v, 0, ["m1", "m2"])!;
    expect(one[0].mrwId).toBe("m1");
    expect(validateSchemeValue(errors, one)).toMatchObject({ ok: true });
    const two = cycleSpanMrw(one, 0, ["m1", "m2"])!;
    expect(two[0].mrwId).toBe("m2");
    const back = cycleSpanMrw(two, 0, ["m1", "m2"])!;
    expect("mrwId" in back[0]).toBe(false);
    expect(cycleSpanMrw(v, 3, ["m1"])).toBeNull();
    expect(setSpanMrw(one, 0, null)).toEqual(v);
  });

  it("a comment is stored trimmed, and removed when blank", () => {
    const v = setSpanAttribute(addSpan(null, tokens, [0, 0], "IMP"), 0, "severity", 2);
    const c = setSpanComment(v, 0, "  agent suppressed ");
    expect(c[0].comment).toBe("agent suppressed");
    expect(validateSchemeValue(errors, c)).toMatchObject({ ok: true });
    expect("comment" in setSpanComment(c, 0, " ")[0]).toBe(false);
  });

  it("MMTE keeps its keys: its post-edits bind no digit on the cheat sheet by themselves", () => {
    const pe = MMTE_PRESET.fields.find((f) => f.id === "POSTEDIT_LITERAL")!;
    expect(fieldKeyBindings(pe)).toEqual([]);
  });
});

describe("an omission position by keyboard", () => {
  it("Shift with a category key marks a zero-length span before the selection (allowEmpty); the key alone marks the words", () => {
    const ctx = { tokens, selection: [1, 2] as const, activeSpan: null };
    expect(fieldKeyOutcome(errors, null, "R", { ...ctx, shift: true })).toEqual({ kind: "value", value: [{ start: 2, end: 2, label: "RAM" }], selection: null, activeSpan: 0 });
    expect(fieldKeyOutcome(errors, null, "r", ctx)).toEqual({ kind: "value", value: [{ start: 2, end: 5, label: "RAM" }], selection: null, activeSpan: 0 });
    // a field without allowEmpty: Shift changes nothing
    expect(fieldKeyOutcome({ ...errors, allowEmpty: false }, null, "R", { ...ctx, shift: true })).toMatchObject({ value: [{ start: 2, end: 5 }] });
    expect(fieldKeyBindings(errors).find((b) => b.key === "Shift+r")?.description).toBe("mark a position (omission) before the selection as Required Adaptation is Missing");
  });
});

describe("a new span is tied to the MRW whose aligned words it overlaps", () => {
  const alignments = [
    { mrwId: "m1", spans: [{ start: 2, end: 4 }] },
    { mrwId: "m2", spans: [] },
  ];
  it("ties only the added span, only on an overlap; an omission position at the aligned words' edge counts", () => {
    const first = setSpanAttribute(addSpan(null, tokens, [0, 0], "MIS"), 0, "severity", 6);
    expect(tieNewSpans(null, first, alignments)).toBe(first); // 政府 is not aligned
    const added = addSpan(first, tokens, [1, 1], "IMP"); // 镇压, aligned to m1
    expect(spanList(tieNewSpans(first, added, alignments))[1].mrwId).toBe("m1");
    expect(spanList(tieNewSpans(first, added, alignments))[0].mrwId).toBeUndefined();
    expect(mrwOverlapping({ start: 4, end: 4 }, alignments)).toBe("m1");
    expect(mrwOverlapping({ start: 2, end: 4, on: "source" }, alignments)).toBeNull();
    // an edit that adds nothing (an attribute, a removal) is left as it is
    const severity = setSpanAttribute(added, 1, "severity", 2);
    expect(tieNewSpans(added, severity, alignments)).toBe(severity);
    expect(tieNewSpans(added, null, alignments)).toBeNull();
  });
});

describe("the alignments a new span is compared with", () => {
  it("are the MRW alignments of the span's own translation", () => {
    const unit = (translationId: string | null, mrwId: string | null) => ({ translationId, mrwId, role: null, itemKey: `${translationId ?? "-"}:${mrwId ?? "-"}` });
    const slots = [
      { field: alignment, unit: unit("A", "m1"), valueKey: "ALIGNMENT@A:m1" },
      { field: alignment, unit: unit("B", "m1"), valueKey: "ALIGNMENT@B:m1" },
      { field: errors, unit: unit("A", null), valueKey: "METAHOPE_ERRORS@A:-" },
    ];
    const values = { "ALIGNMENT@A:m1": { pattern: "DIRECT", spans: [{ start: 2, end: 4 }] }, "ALIGNMENT@B:m1": { pattern: "OMISSION", spans: [] } };
    expect(alignmentsInTranslation(slots, values, "A")).toEqual([{ mrwId: "m1", spans: [{ start: 2, end: 4 }] }]);
    expect(alignmentsInTranslation(slots, values, "B")).toEqual([{ mrwId: "m1", spans: [] }]);
    expect(alignmentsInTranslation(slots, values, null)).toEqual([]);
  });
});
