import { describe, expect, it } from "vitest";
import { changedFields, FieldVersions, fieldVersionOf, setFieldVersions } from "./field-versions";
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
