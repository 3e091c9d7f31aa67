import { describe, expect, it } from "vitest";
import { CATEGORY_PENALTY_FIELDS, isReviewMark, keptBesideIssue } from "./kept-beside-values";

describe("values kept beside a moved MetaHOPE project's scheme", () => {
  it("a decided category penalty is a sum of the severity weights (2, 4, 6, 8, 10) on a translation", () => {
    const on = (value: unknown) => keptBesideIssue("adjudication", { field: "METAHOPE_IMP", translationId: "t", value });
    expect([0, 2, 12, 100].map(on)).toEqual([null, null, null, null]);
    expect(on(3)).toBe("3 is not a penalty (a sum of the severity weights 2, 4, 6, 8, 10: a whole number from 0 to 100 in steps of 2)");
    for (const bad of [-2, 102, 2.5, "4", null]) expect(on(bad)).toMatch(/is not a penalty/);
    expect(keptBesideIssue("adjudication", { field: "METAHOPE_IMP", translationId: null, value: 4 })).toBe('is decided per translation (or per MRW of a translation): the line needs "system"');
  });

  it("workbook notes: a comment is a non-empty text, a segment penalty a number or a non-empty text", () => {
    const note = (field: string, value: unknown) => keptBesideIssue("annotation", { field, translationId: null, value });
    expect([note("METAHOPE_COMMENT", "odd word order"), note("METAHOPE_SEGMENT_PENALTY", 6), note("METAHOPE_SEGMENT_PENALTY", "6 (two minor)")]).toEqual([null, null, null]);
    expect(note("METAHOPE_COMMENT", 3)).toBe("3 is not a non-empty text");
    expect(note("METAHOPE_COMMENT", "  ")).toMatch(/is not a non-empty text$/);
    expect(note("METAHOPE_SEGMENT_PENALTY", "")).toMatch(/is not a number or a non-empty text$/);
    expect(note("METAHOPE_SEGMENT_PENALTY", Number.NaN)).toMatch(/is not a number or a non-empty text$/);
  });

  it("the penalty fields are the preset's error categories; the review mark is exactly { reviewed: true }", () => {
    expect([...CATEGORY_PENALTY_FIELDS.keys()]).toContain("METAHOPE_IMP");
    expect([isReviewMark({ reviewed: true }), isReviewMark({ reviewed: true, x: 1 }), isReviewMark([]), isReviewMark(null)]).toEqual([true, false, false, false]);
  });
});
