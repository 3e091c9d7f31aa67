// schemeFieldRatings: one field's ratings matrix as its pooled figures see it (the study planner's
// pilot). Its α must be the pooled figure's α, for an ordinal choice (coded by option position), a
// vector's dimension and a field whose values span systems; unknown names and text fields are told apart.
import { describe, expect, it } from "vitest";
import { krippendorffAlpha } from "@/lib/agreement";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { schemeAgreementFigures, schemeFieldRatings, type TSchemeValueRow } from "./scheme-agreement";

const scheme = ZSchemeDefinition.parse({
  id: "kinds",
  version: 1,
  name: "Kinds",
  fields: [
    { id: "grade", scope: "translation", kind: "choice", label: "Grade", level: "ordinal", options: [{ value: "low" }, { value: "mid" }, { value: "high" }] },
    { id: "emotion", scope: "segment", kind: "vector", label: "E", min: 0, max: 1, dimensions: [{ id: "joy" }, { id: "fear" }] },
    { id: "note", scope: "segment", kind: "text", label: "Note" },
  ],
});
const row = (field: string, unit: string, annotator: string, value: unknown, system: string | null = null): TSchemeValueRow => ({ field, system, unit, annotator, value });

const grades = [["low", "mid", "high", "high", "mid"], ["low", "high", "high", "mid", "mid"], [null, "mid", "low", "high", "mid"]];
const rows: TSchemeValueRow[] = [
  ...grades.flatMap((vs, c) => vs.flatMap((v, u) => (v === null ? [] : [row("grade", `s${u}|t`, `c${c}`, v, u % 2 ? "A" : "B")]))),
  row("emotion", "u1", "a", { joy: 0.5, fear: 0.1 }), row("emotion", "u1", "b", { joy: 0.6, fear: 0.2 }),
  row("emotion", "u2", "a", { joy: 0.2, fear: 0.9 }), row("emotion", "u2", "b", { joy: 0.1, fear: 0.3 }),
  row("emotion", "u3", "a", { joy: 0.9, fear: 0.4 }), row("emotion", "u3", "b", { joy: 0.8, fear: 0.5 }),
  row("note", "u1", "a", "x"), row("note", "u1", "b", "y"),
];
const pooledAlpha = (field: string, level: string) => schemeAgreementFigures(scheme, rows).find((f) => f.field === field && f.system === "all" && f.statistic === "krippendorff_alpha" && f.level === level)!.value;

describe("schemeFieldRatings", () => {
  it("codes an ordinal choice by position over every system, as the pooled figure", () => {
    const r = schemeFieldRatings(scheme, rows, "grade")!;
    expect(r).toMatchObject({ level: "ordinal", coders: ["c0", "c1", "c2"], unit: "translation" });
    expect(r.ratings[0]).toEqual([1, 2, 3, 3, 2]);
    expect(r.ratings[2][0]).toBeNull();
    expect(krippendorffAlpha(r.ratings, { level: "ordinal" }).value).toBeCloseTo(pooledAlpha("grade", "ordinal")!, 12);
  });

  it("gives a vector's dimension by id.dimension", () => {
    const r = schemeFieldRatings(scheme, rows, "emotion.fear")!;
    expect(r.level).toBe("interval");
    expect(r.ratings).toEqual([[0.1, 0.9, 0.4], [0.2, 0.3, 0.5]]);
    expect(krippendorffAlpha(r.ratings, { level: "interval" }).value).toBeCloseTo(pooledAlpha("emotion.fear", "interval")!, 12);
  });

  it("is null for a name the scheme lacks, and has no level for a text field", () => {
    expect(schemeFieldRatings(scheme, rows, "colour")).toBeNull();
    expect(schemeFieldRatings(scheme, rows, "emotion.anger")).toBeNull();
    expect(schemeFieldRatings(scheme, rows, "grade.x")).toBeNull();
    expect(schemeFieldRatings(scheme, rows, "note")).toEqual({ level: null, ratings: [], coders: [], unit: "item" });
  });
});
