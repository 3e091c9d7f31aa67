import { describe, expect, it } from "vitest";
import { remapDriftDetail, remapIdsDeep, remapItemKey, remapQualificationAnswers, remapValueIds } from "./restore-value-ids";

const ids = new Map([["t1", "T1"], ["m1", "M1"], ["s1", "S1"]]);
const newIdOf = (old: string) => ids.get(old);

describe("ids inside restored values", () => {
  it("remaps mrwId and translationId properties at any depth, leaving other strings (a comment naming an id) alone", () => {
    const value = [{ start: 0, end: 2, label: "MIS", mrwId: "m1", comment: "m1" }, { start: 1, end: 1, label: "CUL" }, { nested: { translationId: "t1", mrwId: "gone" } }];
    expect(remapValueIds(value, newIdOf)).toEqual([{ start: 0, end: 2, label: "MIS", mrwId: "M1", comment: "m1" }, { start: 1, end: 1, label: "CUL" }, { nested: { translationId: "T1", mrwId: "gone" } }]);
    expect(remapValueIds("plain text", newIdOf)).toBe("plain text");
    expect(remapValueIds(null, newIdOf)).toBeNull();
  });

  it("remaps the id parts of an item key; document and role keys stay", () => {
    expect(remapItemKey("t1:m1", newIdOf)).toBe("T1:M1");
    expect(remapItemKey("t1:-", newIdOf)).toBe("T1:-");
    expect(remapItemKey("document", newIdOf)).toBe("document");
    expect(remapItemKey("role:hypothesis", newIdOf)).toBe("role:hypothesis");
  });

  it("remaps a qualification attempt's answers: segment, item key and the values' spans", () => {
    const answers = [
      { segmentId: "s1", externalId: "s1", field: "EQ", itemKey: "t1:m1", given: "FULL", gold: "PARTIAL", correct: false, rationale: "s1" },
      { segmentId: "s1", externalId: "doc-s1", field: "ERR", itemKey: "document", given: [{ start: 0, end: 1, mrwId: "m1" }], gold: [], correct: false, rationale: null },
    ];
    expect(remapQualificationAnswers(answers, newIdOf)).toEqual([
      { segmentId: "S1", externalId: "s1", field: "EQ", itemKey: "T1:M1", given: "FULL", gold: "PARTIAL", correct: false, rationale: "s1" },
      { segmentId: "S1", externalId: "doc-s1", field: "ERR", itemKey: "document", given: [{ start: 0, end: 1, mrwId: "M1" }], gold: [], correct: false, rationale: null },
    ]);
    expect(remapQualificationAnswers({}, newIdOf)).toEqual({});
  });

  it("remaps the segments that moved a drift flag, leaving the figures alone", () => {
    expect(remapDriftDetail({ value: 0.2, statistic: "alpha", moved: ["s1", "gone"] }, newIdOf)).toEqual({ value: 0.2, statistic: "alpha", moved: ["S1", "gone"] });
    expect(remapDriftDetail({}, newIdOf)).toEqual({});
  });

  it("remaps every id an audit entry's detail names, at any depth, and nothing else", () => {
    const detail = { segmentId: "s1", moved: ["s1", "gone"], decision: { translationId: "t1", note: "about s1" }, count: 2, ok: true, none: null };
    expect(remapIdsDeep(detail, newIdOf)).toEqual({ segmentId: "S1", moved: ["S1", "gone"], decision: { translationId: "T1", note: "about s1" }, count: 2, ok: true, none: null });
    expect(remapIdsDeep("m1", newIdOf)).toBe("M1");
    expect(remapIdsDeep(null, newIdOf)).toBeNull();
  });
});
