import { describe, expect, it } from "vitest";
import { findMissing } from "@/lib/schemes/completeness";
import { parseSchemeConfig } from "@/lib/schemes/scheme-config";
import { activeIncrement, isRetryable } from "./save-policy";
import { createUndoStack, recordChange, redo, undo } from "./undo-stack";
import { blindLabel, stableShuffle } from "./blind-order";
import { schemeView, viewIsEmpty } from "./scheme-view";
import { completenessValues, draftSpansText, fieldKey, fieldSlots, initialState, isDraftSpan, slotForMissing, translationPenalty } from "./workspace-model";
import type { TWorkspaceItem } from "./item-types";
import { viewDefinition } from "./view-definition";
import { builtInSchemeFor } from "@/lib/schemes/presets/built-in-scheme-for-config";

function config(input: unknown) {
  const r = parseSchemeConfig(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.config;
}
const demoConfig = config({ alignment: true, metahopeErrors: true });

function item(scheme: "MMTE" | "METAHOPE"): TWorkspaceItem {
  return {
    project: { slug: "p", sourceLang: "en", targetLang: "zh" },
    scheme,
    view: schemeView(demoConfig, scheme),
    // the demo's stored preset, as the server narrows it to the view (lib/db/workspace-item.ts)
    definition: viewDefinition(builtInSchemeFor(demoConfig), schemeView(demoConfig, scheme)),
    blind: true,
    segment: { id: "s1", externalId: "x", text: "The economy has run out of steam.", metaphorical: true, split: "PILOT", index: 0 },
    document: { id: "d", title: null, segments: [] },
    mrws: [
      { id: "m1", token: "run out of steam", spans: [], start: 16, end: 32, metaphorical: true, active: true, pos: "VERB", gloss: null },
      { id: "m2", token: "of", spans: [], start: 24, end: 26, metaphorical: false, active: false, pos: "OTHER", gloss: null },
    ],
    translations: [
      { id: "tA", label: "Translation A", systemName: null, text: "经济已经用完了蒸汽。", language: "zh" },
      { id: "tB", label: "Translation B", systemName: null, text: "经济已失去动力。", language: "zh" },
    ],
    prefill: {},
    annotations: [],
    errorSpans: [],
    postEdits: [],
    assignment: { status: "TODO", timeSpentMs: 0 },
    nav: { position: 1, total: 1, done: 0, nextSegmentId: null, prevSegmentId: null },
  };
}

describe("schemeView", () => {
  it("MMTE shows quality, MRW labels and post-edits; METAHOPE alignment and errors", () => {
    const mmte = schemeView(demoConfig, "MMTE");
    expect([mmte.mmteQuality, mmte.alignment, mmte.metahopeErrors, mmte.postEdit.literal]).toEqual([true, false, false, true]);
    const mh = schemeView(demoConfig, "METAHOPE");
    expect([mh.mmteQuality, mh.mmteMrw.emotion, mh.alignment, mh.metahopeErrors]).toEqual([false, false, true, true]);
    // an MMTE-only project has nothing for MetaHOPE
    expect(viewIsEmpty(schemeView(config({}), "METAHOPE"))).toBe(true);
  });
  it("drops required fields of the other scheme", () => {
    const v = schemeView(config({ alignment: true, required: ["OVERALL", "ALIGNMENT"] }), "MMTE");
    expect(v.required).toEqual(["OVERALL"]);
  });
});

describe("field walk and completeness", () => {
  it("walks translation by translation; inactive MRWs are skipped", () => {
    const slots = fieldSlots(item("MMTE")).map((s) => s.id);
    expect(slots.slice(0, 7)).toEqual([
      "tA:-|FLUENCY", "tA:-|INTELLIGIBILITY", "tA:-|FIDELITY", "tA:-|OVERALL",
      "tA:m1|EQUIVALENCE", "tA:m1|EMOTION", "tA:m1|AUTHENTICITY",
    ]);
    expect(slots.at(-1)).toBe("-:-|POSTEDIT_LITERAL");
    expect(slots).toHaveLength(16);
    expect(fieldSlots(item("METAHOPE")).map((s) => s.id)).toEqual(["tA:m1|ALIGNMENT", "tA:-|METAHOPE_ERRORS", "tB:m1|ALIGNMENT", "tB:-|METAHOPE_ERRORS"]);
  });

  it("MetaHOPE review: an error span or the review mark answers it; every missing value maps to a slot", () => {
    const it = item("METAHOPE");
    const state = initialState(it);
    state.values[fieldKey("tA", "m1", "ALIGNMENT")] = { value: { pattern: "DIRECT", spans: [{ start: 4, end: 9 }] }, version: 1 };
    state.values[fieldKey("tB", "m1", "ALIGNMENT")] = { value: { pattern: "PARAPHRASE", spans: [{ start: 3, end: 7 }] }, version: 1 };
    state.errors.e1 = { id: "e1", translationId: "tA", mrwId: "m1", category: "MIS", severity: 6, start: 4, end: 9, comment: null, version: 1 };
    state.errors.e2 = { id: "e2", translationId: "tA", mrwId: null, category: "PRF", severity: 2, start: 0, end: 2, comment: null, version: 1 };
    const missing = findMissing(it.view, it, completenessValues(it, state));
    expect(missing.map(slotForMissing)).toEqual(["tB:-|METAHOPE_ERRORS"]);
    state.values[fieldKey("tB", null, "METAHOPE_ERRORS")] = { value: { reviewed: true }, version: 1 };
    expect(findMissing(it.view, it, completenessValues(it, state))).toEqual([]);
    expect(translationPenalty(state, "tA")).toBe(8);
    expect(translationPenalty(state, "tB")).toBe(0);
  });

  it("a draft span (no category or severity yet) is named, adds no penalty and keeps the item incomplete", () => {
    const it = item("METAHOPE");
    const state = initialState(it);
    for (const t of ["tA", "tB"]) {
      state.values[fieldKey(t, "m1", "ALIGNMENT")] = { value: { pattern: "OMISSION", spans: [] }, version: 1 };
      state.values[fieldKey(t, null, "METAHOPE_ERRORS")] = { value: { reviewed: true }, version: 1 };
    }
    expect(findMissing(it.view, it, completenessValues(it, state))).toEqual([]);
    expect(draftSpansText(state)).toBeNull();
    state.errors.d1 = { id: "d1", translationId: "tA", mrwId: null, category: null, severity: null, start: 0, end: 2, comment: null, version: 1 };
    expect(isDraftSpan(state.errors.d1)).toBe(true);
    expect(draftSpansText(state)).toBe("1 error needs a category and severity");
    expect(translationPenalty(state, "tA")).toBe(0);
    const missing = findMissing(it.view, it, completenessValues(it, state));
    expect(missing.map(slotForMissing)).toEqual(["tA:-|METAHOPE_ERRORS"]);
    expect(missing[0].message).toBe("MetaHOPE errors: error 1 has no category yet");
    state.errors.d1 = { ...state.errors.d1, category: "RAM" };
    expect(draftSpansText(state)).toBe("1 error needs a severity");
    // two drafts lacking different things are named apart (issue 29 point 10)
    state.errors.d2 = { ...state.errors.d1, id: "d2", category: null, severity: 6 };
    expect(draftSpansText(state)).toBe("1 error needs a category; 1 needs a severity");
    state.errors.d3 = { ...state.errors.d1, id: "d3", category: null, severity: null };
    state.errors.d4 = { ...state.errors.d1, id: "d4", category: null, severity: null };
    expect(draftSpansText(state)).toBe("2 errors need a category and severity; 1 needs a category; 1 needs a severity");
    delete state.errors.d2;
    delete state.errors.d3;
    delete state.errors.d4;
    state.errors.d1 = { ...state.errors.d1, severity: 4 };
    expect(draftSpansText(state)).toBeNull();
    expect(findMissing(it.view, it, completenessValues(it, state))).toEqual([]);
  });
});

describe("blind order", () => {
  it("is stable per seed and a permutation", () => {
    const xs = ["a", "b", "c", "d", "e"];
    expect(stableShuffle(xs, "u1:s1")).toEqual(stableShuffle(xs, "u1:s1"));
    expect([...stableShuffle(xs, "u2:s1")].sort()).toEqual(xs);
    expect([0, 1, 25, 26, 27].map(blindLabel)).toEqual(["A", "B", "Z", "AA", "AB"]);
  });
});

describe("undo stack", () => {
  it("undoes and redoes snapshots; a new change clears redo", () => {
    let s = createUndoStack<number>();
    s = recordChange(s, 1);
    s = recordChange(s, 2);
    const u = undo(s, 3)!;
    expect(u.state).toBe(2);
    const r = redo(u.stack, 2)!;
    expect(r.state).toBe(3);
    expect(recordChange(u.stack, 2).future).toEqual([]);
    expect(undo(createUndoStack<number>(), 0)).toBeNull();
  });
});

describe("save policy", () => {
  it("retries network and server failures, not refusals", () => {
    expect([isRetryable("network"), isRetryable(503), isRetryable(429), isRetryable(400), isRetryable(409)]).toEqual([true, true, true, false, false]);
  });
  it("counts active time only while visible and within a minute of input", () => {
    expect(activeIncrement({ now: 10_000, lastTick: 5_000, lastInput: 4_000, visible: true })).toBe(5_000);
    expect(activeIncrement({ now: 10_000, lastTick: 5_000, lastInput: 4_000, visible: false })).toBe(0);
    // input 70 s ago, last tick 65 s ago: only the 5 s before the idle cut-off count
    expect(activeIncrement({ now: 70_000, lastTick: 55_000, lastInput: 0, visible: true })).toBe(5_000);
  });
});
