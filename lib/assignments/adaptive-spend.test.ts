// Raters spent and α of the rule's field (issue 31 point 3). The α reference values are nltk's,
// computed with /usr/bin/python3 (nltk 3.x):
//   from nltk.metrics.agreement import AnnotationTask
//   data = [('A','u1','a'),('B','u1','a'),('A','u2','a'),('B','u2','b'),('C','u2','b'),('A','u3','b'),('B','u3','b'),
//           ('A','u4','a'),('B','u4','b'),('C','u4','a'),('A','u5','a'),('B','u5','a')]
//   AnnotationTask(data).alpha()                             # 0.37142857142857144
//   AnnotationTask([d for d in data if d[0] != 'C']).alpha() # 0.25
import { describe, expect, it } from "vitest";
import { ZSchemeField } from "@/lib/schemes/language/scheme-field";
import { disagreementTestOf, type TDisagreementTest } from "./adaptive-redundancy";
import { alphaWithInterval, raterSpend, type TFieldValue } from "./adaptive-spend";

const DATA: readonly TFieldValue[] = Object.freeze(
  (
    [
      ["A", "u1", "a"], ["B", "u1", "a"], ["A", "u2", "a"], ["B", "u2", "b"], ["C", "u2", "b"], ["A", "u3", "b"], ["B", "u3", "b"],
      ["A", "u4", "a"], ["B", "u4", "b"], ["C", "u4", "a"], ["A", "u5", "a"], ["B", "u5", "a"],
    ] as const
  ).map(([annotator, unit, value]) => ({ annotator, unit, value, adaptive: annotator === "C" })),
);

const test = disagreementTestOf(ZSchemeField.parse({ id: "c", label: "C", scope: "segment", kind: "choice", options: [{ value: "a" }, { value: "b" }] }), 0) as TDisagreementTest;

describe("α of the rule's field", () => {
  it("matches nltk with every rater and with the first raters only", () => {
    const all = alphaWithInterval(test, "nominal", DATA);
    expect(all.value).toBeCloseTo(0.37142857142857144, 12);
    expect(all.units).toBe(5);
    expect(alphaWithInterval(test, "nominal", DATA.filter((d) => !d.adaptive)).value).toBeCloseTo(0.25, 12);
  });
  it("points spans to the agreement table", () => {
    const spans = disagreementTestOf(ZSchemeField.parse({ id: "e", label: "E", scope: "segment", kind: "spans", labels: [{ value: "X" }] }), 0.5) as TDisagreementTest;
    expect(alphaWithInterval(spans, "nominal", DATA)).toMatchObject({ value: null, reason: expect.stringContaining("Agreement table") });
  });
});

describe("raters spent", () => {
  it("against the fixed design and the floor", () => {
    // 10 items: 7 at 2 raters, 2 at 3, 1 at 4 (4 extra in all: 2 × 1 and 1 × 2); k 2, max 4
    const s = raterSpend({ k: 2, max: 4 }, [{ raters: 3, items: 2, extra: 2 }, { raters: 2, items: 7, extra: 0 }, { raters: 4, items: 1, extra: 2 }]);
    expect(s).toEqual({ items: 10, spent: 14 + 6 + 4, fixed: 40, floor: 20, extra: 4, byRaters: [{ raters: 2, items: 7 }, { raters: 3, items: 2 }, { raters: 4, items: 1 }] });
  });
});
