/**
 * Property tests (fast-check) for invariances every statistic must satisfy.
 * Floating-point sums may be reordered by a permutation, so equalities allow
 * 1e-12 absolute; exact values (α = 1) are checked exactly.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { cohenKappa } from "./cohen-kappa";
import { fleissKappa } from "./fleiss-kappa";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { pairwiseAgreement } from "./pairwise-agreement";
import { percentAgreement } from "./percent-agreement";
import type { AlphaLevel, Ratings } from "./types";

const LEVELS: AlphaLevel[] = ["nominal", "ordinal", "interval", "ratio"];
const TOL = 1e-12;
const RUNS = { numRuns: 200 };

/** 2–8 coders, 1–25 units, 2–6 categories (values 1..k), ~25% missing. */
const ratingsArb = fc
  .record({ coders: fc.integer({ min: 2, max: 8 }), units: fc.integer({ min: 1, max: 25 }), k: fc.integer({ min: 2, max: 6 }) })
  .chain(({ coders, units, k }) =>
    fc.array(
      fc.array(fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.integer({ min: 1, max: k }), weight: 3 }), {
        minLength: units,
        maxLength: units,
      }),
      { minLength: coders, maxLength: coders },
    ),
  ) as fc.Arbitrary<Ratings>;

function permutationArb(n: number): fc.Arbitrary<number[]> {
  return fc.shuffledSubarray(
    Array.from({ length: n }, (_, i) => i),
    { minLength: n, maxLength: n },
  );
}

function same(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= TOL;
}

/** All statistics that take a ratings matrix, as plain values. */
function everything(r: Ratings): (number | null)[] {
  return [
    ...LEVELS.map((level) => krippendorffAlpha(r, { level }).value),
    fleissKappa(r).value,
    percentAgreement(r).value,
    pairwiseAgreement(r).value,
  ];
}

describe("properties", () => {
  it("permuting coders changes nothing", () => {
    fc.assert(
      fc.property(
        ratingsArb.chain((r) => fc.tuple(fc.constant(r), permutationArb(r.length))),
        ([r, perm]) => {
          const permuted = perm.map((i) => r[i]);
          const a = everything(r);
          const b = everything(permuted);
          return a.every((v, i) => same(v, b[i]));
        },
      ),
      RUNS,
    );
  });

  it("permuting units changes nothing", () => {
    fc.assert(
      fc.property(
        ratingsArb.chain((r) => fc.tuple(fc.constant(r), permutationArb(r[0].length))),
        ([r, perm]) => {
          const permuted = r.map((row) => perm.map((u) => row[u]));
          const a = everything(r);
          const b = everything(permuted);
          return a.every((v, i) => same(v, b[i])) && same(cohenKappa(r[0], r[1]).value, cohenKappa(permuted[0], permuted[1]).value);
        },
      ),
      RUNS,
    );
  });

  it("α of perfectly agreeing data is exactly 1 (or null when there is no variation)", () => {
    fc.assert(
      fc.property(ratingsArb, (r) => {
        // Every coder who codes unit u gives it the same value, (u mod 5) + 1.
        const agreeing = r.map((row) => row.map((v, u) => (v === null ? null : ((u % 5) + 1))));
        for (const level of LEVELS) {
          const res = krippendorffAlpha(agreeing, { level });
          if (res.value !== null && res.value !== 1) return false;
          if (res.value === null && !res.reason) return false;
        }
        return true;
      }),
      RUNS,
    );
  });

  it("relabelling nominal categories changes nothing", () => {
    fc.assert(
      fc.property(
        ratingsArb,
        fc.shuffledSubarray(["x", "y", "z", "w", "v", "u", 7, 0], { minLength: 6, maxLength: 6 }),
        (r, labels) => {
          const relabelled = r.map((row) => row.map((v) => (v === null ? null : labels[(v as number) - 1])));
          const pick = (x: Ratings) => [
            krippendorffAlpha(x, { level: "nominal" }).value,
            fleissKappa(x).value,
            percentAgreement(x).value,
            pairwiseAgreement(x).value,
            cohenKappa(x[0], x[1]).value,
          ];
          const a = pick(r);
          const b = pick(relabelled);
          return a.every((v, i) => same(v, b[i]));
        },
      ),
      RUNS,
    );
  });

  it("a unit coded once does not change α (even with a value seen nowhere else)", () => {
    fc.assert(
      fc.property(ratingsArb, fc.nat(), fc.integer({ min: 1, max: 100 }), (r, who, value) => {
        const coder = who % r.length;
        const extended = r.map((row, c) => [...row, c === coder ? value : null]);
        return LEVELS.every((level) => same(krippendorffAlpha(r, { level }).value, krippendorffAlpha(extended, { level }).value));
      }),
      RUNS,
    );
  });

  it("κ is symmetric in the two coders and α ≤ 1; agreement shares lie in [0, 1]", () => {
    fc.assert(
      fc.property(ratingsArb, (r) => {
        for (const weights of ["unweighted", "linear", "quadratic"] as const) {
          if (!same(cohenKappa(r[0], r[1], { weights }).value, cohenKappa(r[1], r[0], { weights }).value)) return false;
        }
        for (const level of LEVELS) {
          const v = krippendorffAlpha(r, { level }).value;
          if (v !== null && v > 1) return false;
        }
        for (const v of [percentAgreement(r).value, pairwiseAgreement(r).value]) {
          if (v !== null && (v < 0 || v > 1)) return false;
        }
        return true;
      }),
      RUNS,
    );
  });

  it("never returns NaN; undefined results carry a reason", () => {
    fc.assert(
      fc.property(ratingsArb, (r) => {
        const results = [
          ...LEVELS.map((level) => krippendorffAlpha(r, { level })),
          fleissKappa(r),
          percentAgreement(r),
          pairwiseAgreement(r),
          cohenKappa(r[0], r[1]),
        ];
        return results.every((x) => (x.value === null ? typeof x.reason === "string" : Number.isFinite(x.value)));
      }),
      RUNS,
    );
  });
});
