/**
 * The entry points over already encoded ratings (one encoding shared by every
 * statistic of a report) must give exactly — not approximately — what the
 * one-call-per-statistic functions give: the reports' published figures
 * (MetaHOPE tables 3–4) go through them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { confusionMatrix, confusionMatrixOfEncoded } from "./confusion-matrix";
import { encodeRatings } from "./encode-ratings";
import { krippendorffAlpha, krippendorffAlphaLevels, krippendorffAlphaOfEncoded } from "./krippendorff-alpha";
import { percentAgreement, percentAgreementOfEncoded } from "./percent-agreement";
import type { AlphaLevel, Code, Ratings } from "./types";

const LEVELS: AlphaLevel[] = ["nominal", "ordinal", "interval", "ratio"];
const RUNS = { numRuns: 300 };

/** 2–5 coders, 1–30 units, values from a small pool (0..k, some non-integer), ~30% missing. */
const numericArb = fc
  .record({ coders: fc.integer({ min: 2, max: 5 }), units: fc.integer({ min: 1, max: 30 }), k: fc.integer({ min: 1, max: 7 }) })
  .chain(({ coders, units, k }) =>
    fc.array(
      fc.array(fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.integer({ min: 0, max: k }).map((v) => (v === k ? 2.5 : v)), weight: 2 }), {
        minLength: units,
        maxLength: units,
      }),
      { minLength: coders, maxLength: coders },
    ),
  ) as fc.Arbitrary<(number | null)[][]>;

/** Labels, with a number mixed in sometimes (1 and "1" are different codes). */
const labelArb = fc
  .record({ coders: fc.integer({ min: 2, max: 4 }), units: fc.integer({ min: 1, max: 30 }) })
  .chain(({ coders, units }) =>
    fc.array(fc.array(fc.constantFrom<Code | null>(null, "FULL", "PART", "NON", "1", 1), { minLength: units, maxLength: units }), {
      minLength: coders,
      maxLength: coders,
    }),
  ) as fc.Arbitrary<Ratings>;

describe("krippendorffAlphaLevels / krippendorffAlphaOfEncoded", () => {
  it("equal krippendorffAlpha at every level, bit for bit", () => {
    fc.assert(
      fc.property(numericArb, (r) => {
        const each = LEVELS.map((level) => krippendorffAlpha(r, { level }));
        expect(krippendorffAlphaLevels(r, LEVELS)).toEqual(each);
        expect(krippendorffAlphaOfEncoded(encodeRatings(r, { numeric: true }), LEVELS)).toEqual(each);
      }),
      RUNS,
    );
  });

  it("equal the nominal α of labels", () => {
    fc.assert(fc.property(labelArb, (r) => {
      expect(krippendorffAlphaLevels(r, ["nominal"])).toEqual([krippendorffAlpha(r, { level: "nominal" })]);
    }), RUNS);
  });

  it("refuse what krippendorffAlpha refuses", () => {
    expect(() => krippendorffAlphaLevels([["a", "b"], ["a", "a"]], ["nominal", "ordinal"])).toThrow(/not numeric/);
    expect(() => krippendorffAlphaLevels([[-1, 2], [2, 2]], ["ratio"])).toThrow(/negative value -1/);
    expect(() => krippendorffAlphaOfEncoded(encodeRatings([["a", "b"], ["a", "a"]]), ["interval"])).toThrow(/not numeric/);
    expect(() => krippendorffAlphaLevels([[1]], ["bogus" as AlphaLevel])).toThrow(/unknown level/);
  });
});

describe("confusionMatrixOfEncoded", () => {
  it("equals confusionMatrix of the two coders, observed categories", () => {
    fc.assert(
      fc.property(labelArb, (r) => {
        const enc = encodeRatings(r);
        for (let a = 0; a < r.length; a++) for (let b = 0; b < r.length; b++) expect(confusionMatrixOfEncoded(enc, a, b)).toEqual(confusionMatrix(r[a], r[b]));
      }),
      RUNS,
    );
  });

  it("equals confusionMatrix of the two coders over a given category list", () => {
    const scale: Code[] = [0, 1, 2, 2.5, 3, 4, 5, 6, 7, 9];
    fc.assert(
      fc.property(numericArb, (r) => {
        const enc = encodeRatings(r, { numeric: true });
        expect(confusionMatrixOfEncoded(enc, 0, 1, { categories: scale })).toEqual(confusionMatrix(r[0], r[1], { categories: scale }));
      }),
      RUNS,
    );
  });

  it("throws, as confusionMatrix does, on an observed code outside the list", () => {
    const r = [["FULL", "NON"], ["FULL", "PART"]];
    expect(() => confusionMatrix(r[0], r[1], { categories: ["FULL", "NON"] })).toThrow(/"PART" is not in the categories option/);
    expect(() => confusionMatrixOfEncoded(encodeRatings(r), 0, 1, { categories: ["FULL", "NON"] })).toThrow(/"PART" is not in the categories option/);
  });
});

describe("percentAgreementOfEncoded", () => {
  it("equals percentAgreement", () => {
    fc.assert(fc.property(labelArb, (r) => {
      expect(percentAgreementOfEncoded(encodeRatings(r))).toEqual(percentAgreement(r));
    }), RUNS);
  });
});
