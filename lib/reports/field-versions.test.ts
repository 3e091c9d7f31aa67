import { describe, expect, it } from "vitest";
import { changedFields, FieldVersions, fieldVersionOf, keptByFieldVersions, setFieldVersions, type TKeptPartStore } from "./field-versions";
import type { TSchemeValueRow } from "./scheme-agreement";

const row = (field: string, annotator: string, value: unknown, unit = "s1|t1"): TSchemeValueRow => ({ field, system: "mt", unit, annotator, value, language: "en" });

describe("changedFields", () => {
  it("names the fields whose values differ, compared as multisets (order and rewrites of the same value change nothing)", () => {
    const before = [row("FLUENCY", "a", 3), row("OVERALL", "a", 2), row("FLUENCY", "b", 4), row("SPANS", "a", [{ start: 0, end: 2, label: "X" }])];
    expect(changedFields(before, [...before].reverse())).toEqual(new Set());
    expect(changedFields(before, [row("FLUENCY", "b", 4), row("FLUENCY", "a", 3), row("OVERALL", "a", 5), before[3]])).toEqual(new Set(["OVERALL"]));
    // a value removed, a value of a new field, another annotator, another unit
    expect(changedFields(before, [before[0], before[1], before[3]])).toEqual(new Set(["FLUENCY"]));
    expect(changedFields(before, [...before, row("EMOTION", "a", "SAME")])).toEqual(new Set(["EMOTION"]));
    expect(changedFields(before, [row("FLUENCY", "c", 3), before[1], before[2], before[3]])).toEqual(new Set(["FLUENCY"]));
    expect(changedFields(before, [row("FLUENCY", "a", 3, "s1|t2"), before[1], before[2], before[3]])).toEqual(new Set(["FLUENCY"]));
    expect(changedFields(before, [before[0], before[1], before[2], row("SPANS", "a", [{ start: 0, end: 3, label: "X" }])])).toEqual(new Set(["SPANS"]));
  });
});

describe("FieldVersions", () => {
  it("keeps the versions of the fields that did not change and gives the changed ones new versions", () => {
    const a = {};
    const b = {};
    const va = new FieldVersions();
    setFieldVersions(a, va);
    const fluency = fieldVersionOf(a, "FLUENCY");
    const overall = fieldVersionOf(a, "OVERALL");
    expect(fieldVersionOf(a, "FLUENCY")).toBe(fluency);
    setFieldVersions(b, new FieldVersions(va, new Set(["FLUENCY"])));
    expect(fieldVersionOf(b, "FLUENCY")).not.toBe(fluency);
    expect(fieldVersionOf(b, "OVERALL")).toBe(overall);
    expect(fieldVersionOf({}, "FLUENCY")).toBeUndefined();
  });
});

describe("kept parts outliving the process", () => {
  /** What the database store does (lib/db/reports/kept-parts.ts), in a Map. */
  const mapStore = () => {
    const parts = new Map<string, object>();
    const store: TKeptPartStore = { get: (h) => parts.get(h), put: (h, _tokens, value) => void parts.set(h, value) };
    return { parts, store };
  };

  it("a copy's versions restored from their tokens find the parts computed under them; a changed field's part is computed again", () => {
    const { parts, store } = mapStore();
    const data = {};
    const versions = new FieldVersions(undefined, undefined, store);
    setFieldVersions(data, versions);
    let computed = 0;
    const part = (on: object, field: string) => keptByFieldVersions(on, [field], ["stats", field], () => ({ field, n: ++computed }));
    expect(part(data, "FLUENCY")).toEqual({ field: "FLUENCY", n: 1 });
    expect(part(data, "OVERALL")).toEqual({ field: "OVERALL", n: 2 });
    expect(parts.size).toBe(2);
    const tokens = versions.tokens();
    expect(Object.keys(tokens).sort()).toEqual(["FLUENCY", "OVERALL"]);

    // another process: the stored tokens, nothing in memory, the parts from the store
    const restored = {};
    setFieldVersions(restored, FieldVersions.fromTokens(tokens, store));
    expect(part(restored, "FLUENCY")).toEqual({ field: "FLUENCY", n: 1 });
    // … then a save that changed FLUENCY: its part computed, OVERALL's still the stored one; the store carried over
    const saved = {};
    setFieldVersions(saved, new FieldVersions(FieldVersions.fromTokens(tokens, store), new Set(["FLUENCY"])));
    expect(part(saved, "FLUENCY")).toEqual({ field: "FLUENCY", n: 3 });
    expect(part(saved, "OVERALL")).toEqual({ field: "OVERALL", n: 2 });
    expect(computed).toBe(3);
    expect(parts.size).toBe(3);

    // versions not from a stored copy (a full read) share no part with it
    const fresh = {};
    setFieldVersions(fresh, new FieldVersions(undefined, undefined, store));
    expect(part(fresh, "OVERALL")).toEqual({ field: "OVERALL", n: 4 });
  });
});
