// The adaptive rule's decision for every measurement level and kind (issue 31 point 3). Expected
// values are worked by hand in the comments.
import { describe, expect, it } from "vitest";
import { ZSchemeField, type TSchemeField } from "@/lib/schemes/language/scheme-field";
import {
  ZAdaptiveRedundancyRule,
  diceOverlap,
  disagreementTestOf,
  needsAnotherRater,
  spanPositions,
  tokenAgreement,
  unitDisagrees,
  type TDisagreementTest,
} from "./adaptive-redundancy";

const field = (f: object): TSchemeField => ZSchemeField.parse(f);
const testOf = (f: object, threshold = 0): TDisagreementTest => {
  const t = disagreementTestOf(field(f), threshold);
  if ("error" in t) throw new Error(t.error);
  return t;
};
const disagree = (f: object, threshold: number, values: unknown[]) => unitDisagrees(testOf(f, threshold), values);

const choice = { id: "c", label: "C", scope: "segment", kind: "choice", options: [{ value: "low" }, { value: "mid" }, { value: "high" }] };
const scale = { id: "s", label: "S", scope: "segment", kind: "scale", min: 1, max: 5 };

describe("nominal: a different label", () => {
  it("choice", () => {
    expect(disagree(choice, 0, ["low", "low", "low"])).toBe(false);
    expect(disagree(choice, 0, ["low", "mid"])).toBe(true);
    // the threshold plays no part at the nominal level
    expect(disagree(choice, 5, ["low", "mid"])).toBe(true);
  });
  it("boolean", () => {
    const b = { id: "b", label: "B", scope: "segment", kind: "boolean" };
    expect(disagree(b, 0, [true, true])).toBe(false);
    expect(disagree(b, 0, [true, false])).toBe(true);
  });
  it("multi compares sets, not order", () => {
    const m = { id: "m", label: "M", scope: "segment", kind: "multi", options: [{ value: "joy" }, { value: "anger" }] };
    expect(disagree(m, 0, [["joy", "anger"], ["anger", "joy"]])).toBe(false);
    expect(disagree(m, 0, [["joy"], ["joy", "anger"]])).toBe(true);
    expect(disagree(m, 0, [[], []])).toBe(false);
  });
  it("a scale declared nominal", () => {
    expect(disagree({ ...scale, level: "nominal" }, 3, [4, 5])).toBe(true);
  });
  it("alignment compares pattern and spans", () => {
    const a = { id: "a", label: "A", scope: "mrw-translation", kind: "alignment", patterns: [{ value: "P1", span: "required" }, { value: "P2", span: "none" }] };
    expect(disagree(a, 0, [{ pattern: "P1", spans: [{ start: 0, end: 2 }] }, { pattern: "P1", spans: [{ start: 0, end: 2 }] }])).toBe(false);
    expect(disagree(a, 0, [{ pattern: "P1", spans: [{ start: 0, end: 2 }] }, { pattern: "P2", spans: [] }])).toBe(true);
  });
});

describe("ordinal, interval, ratio: largest pairwise distance above the threshold", () => {
  it("ordinal scale: 4 and 5 are within 1, 3 and 5 are not", () => {
    expect(disagree(scale, 1, [4, 5, 4])).toBe(false);
    expect(disagree(scale, 1, [3, 5])).toBe(true);
    // threshold 0: any difference
    expect(disagree(scale, 0, [4, 5])).toBe(true);
    expect(disagree(scale, 0, [4, 4])).toBe(false);
  });
  it("interval number and ratio number", () => {
    const n = { id: "n", label: "N", scope: "segment", kind: "number" };
    expect(disagree(n, 10, [50, 60])).toBe(false); // distance 10 is not above 10
    expect(disagree(n, 10, [50, 60.5])).toBe(true);
    expect(disagree({ ...n, level: "ratio" }, 2.5, [0, 2, 3])).toBe(true); // range 3 > 2.5
  });
  it("ordinal choice: steps between options in the list", () => {
    const ordinal = { ...choice, level: "ordinal" };
    expect(disagree(ordinal, 1, ["low", "mid"])).toBe(false);
    expect(disagree(ordinal, 1, ["low", "high"])).toBe(true);
  });
  it("vector: the largest distance over dimensions", () => {
    const v = { id: "v", label: "V", scope: "segment", kind: "vector", min: 0, max: 1, dimensions: [{ id: "joy" }, { id: "anger" }] };
    expect(disagree(v, 0.3, [{ joy: 0.1, anger: 0.5 }, { joy: 0.3, anger: 0.6 }])).toBe(false);
    expect(disagree(v, 0.3, [{ joy: 0.1, anger: 0.5 }, { joy: 0.5, anger: 0.6 }])).toBe(true);
  });
});

describe("spans: Dice overlap of marked characters below the threshold", () => {
  const spans = { id: "e", label: "E", scope: "segment", kind: "spans", labels: [{ value: "MIS" }, { value: "OM" }] };
  it("Dice by hand", () => {
    // [0,4) against [2,6): 2 shared characters, 4 + 4 marked: 2·2/8 = 0.5
    expect(diceOverlap(spanPositions([{ start: 0, end: 4, label: "MIS" }]), spanPositions([{ start: 2, end: 6, label: "MIS" }]))).toBe(0.5);
    // same characters, another label: nothing shared
    expect(diceOverlap(spanPositions([{ start: 0, end: 4, label: "MIS" }]), spanPositions([{ start: 0, end: 4, label: "OM" }]))).toBe(0);
    // both marked nothing: they agree
    expect(diceOverlap(spanPositions([]), spanPositions([]))).toBe(1);
    // an empty span is one position
    expect(spanPositions([{ start: 3, end: 3, label: "OM" }]).size).toBe(1);
  });
  it("the rule", () => {
    const a = [{ start: 0, end: 4, label: "MIS" }];
    const b = [{ start: 2, end: 6, label: "MIS" }];
    expect(disagree(spans, 0.5, [a, b])).toBe(false); // 0.5 is not below 0.5
    expect(disagree(spans, 0.6, [a, b])).toBe(true);
    expect(disagree(spans, 0.6, [[], []])).toBe(false);
    expect(disagree(spans, 0.6, [a, []])).toBe(true);
    // the smallest pair decides: a and a agree, a and b do not
    expect(disagree(spans, 0.6, [a, a, b])).toBe(true);
  });
  it("refuses a threshold that is not a share", () => {
    expect(disagreementTestOf(field(spans), 2)).toEqual({ error: expect.stringContaining("between 0 and 1") });
  });
});

describe("tags: share of tokens tagged alike below the threshold", () => {
  const tags = { id: "t", label: "T", scope: "segment", kind: "tags", bio: true, tags: [{ value: "MET" }] };
  it("token agreement by hand", () => {
    expect(tokenAgreement(["O", "B-MET", "I-MET", "O"], ["O", "B-MET", "O", "O"])).toBe(0.75);
    expect(tokenAgreement([], [])).toBe(1);
  });
  it("the rule", () => {
    expect(disagree(tags, 0.75, [["O", "B-MET", "I-MET", "O"], ["O", "B-MET", "O", "O"]])).toBe(false);
    expect(disagree(tags, 0.8, [["O", "B-MET", "I-MET", "O"], ["O", "B-MET", "O", "O"]])).toBe(true);
  });
});

describe("fields without a rule, and the item's decision", () => {
  it("text and edit fields have no level", () => {
    expect(disagreementTestOf(field({ id: "x", label: "X", scope: "segment", kind: "text" }), 0)).toEqual({ error: expect.stringContaining("no measurement level") });
  });
  it("fewer than two values never disagree", () => {
    expect(disagree(choice, 0, ["low", undefined])).toBe(false);
  });
  it("needs another rater only when all raters are done, below max, and some unit disagrees", () => {
    const t = testOf(choice);
    const split = [["low", "low"], ["low", "mid"]];
    expect(needsAnotherRater(t, { max: 3 }, { raters: 2, done: 2, units: split })).toBe(true);
    expect(needsAnotherRater(t, { max: 3 }, { raters: 2, done: 1, units: split })).toBe(false);
    expect(needsAnotherRater(t, { max: 2 }, { raters: 2, done: 2, units: split })).toBe(false);
    expect(needsAnotherRater(t, { max: 3 }, { raters: 2, done: 2, units: [["low", "low"]] })).toBe(false);
  });
  it("the rule's own checks", () => {
    expect(ZAdaptiveRedundancyRule.safeParse({ field: "c", k: 3, max: 2 }).success).toBe(false);
    expect(ZAdaptiveRedundancyRule.parse({ field: "c", k: 2, max: 4 })).toEqual({ field: "c", k: 2, max: 4, threshold: 0 });
  });
});
