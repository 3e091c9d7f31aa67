// "Nothing marked" for MetaHOPE's errors in the scheme workspace (issue 28 points 1–2): a button
// and a key store the empty list — a value, distinct from no value — so an item whose translations
// have no error can be submitted, as the built-in workspace's "Review done" allows. A field that
// declares `none` (MQM) keeps its own label and key.
import { describe, expect, it } from "vitest";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { MQM_PRESET } from "@/lib/schemes/presets/mqm";
import { fieldKeyBindings } from "@/lib/schemes/language/field-keys";
import { findSchemeMissing } from "@/lib/schemes/language/scheme-completeness";
import { spanNoneOf } from "@/lib/schemes/language/span-none";
import { fieldKeyOutcome } from "./scheme-field-edits";
import { schemeCheatSheetKeymap } from "./scheme-workspace-keymap";

const errors = METAHOPE_PRESET.fields.find((f) => f.id === "METAHOPE_ERRORS")!;
if (errors.kind !== "spans") throw new Error("MetaHOPE preset changed");
const ctx = { tokens: [{ text: "好", start: 0, end: 1 }], selection: null, activeSpan: null };

describe("nothing marked in a spans field", () => {
  it("MetaHOPE's errors (no `none` declared) get “Nothing to mark” on n, which stores []", () => {
    expect(spanNoneOf(errors)).toMatchObject({ label: "Nothing to mark", key: "n" });
    expect(fieldKeyOutcome(errors, undefined, "n", ctx)).toEqual({ kind: "value", value: [], selection: null, activeSpan: null });
    // never over marked spans
    expect(fieldKeyOutcome(errors, [{ start: 0, end: 1, label: "MIS", attributes: { severity: 2 } }], "n", ctx)).toMatchObject({ kind: "hint" });
    expect(fieldKeyBindings(errors)).toContainEqual({ key: "n", description: "Nothing to mark" });
    expect(schemeCheatSheetKeymap(METAHOPE_PRESET).map((a) => a.description)).toContain("MetaHOPE errors: Nothing to mark");
  });

  it("the derived key avoids the field's own keys", () => {
    const withN = { ...errors, labels: errors.labels.map((l, i) => (i === 0 ? { ...l, key: "n" } : l)) };
    expect(spanNoneOf(withN).key).toBe("x");
  });

  it("a field that declares `none` keeps its label and key (MQM's No error)", () => {
    const mqm = MQM_PRESET.fields[0];
    if (mqm.kind !== "spans" || !mqm.none) throw new Error("MQM preset changed");
    expect(spanNoneOf(mqm)).toEqual(mqm.none);
  });

  it("an item whose two translations are marked as having nothing is complete; without a value it is not", () => {
    const item = { metaphorical: true, translations: [{ id: "t1" }, { id: "t2" }], mrws: [], roles: [] };
    const only = { ...METAHOPE_PRESET, fields: [errors] };
    expect(findSchemeMissing(only, item, {}).map((m) => m.reason)).toEqual(["missing", "missing"]);
    expect(findSchemeMissing(only, item, { "METAHOPE_ERRORS@t1:-": [], "METAHOPE_ERRORS@t2:-": [] })).toEqual([]);
  });
});
