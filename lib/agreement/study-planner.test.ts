// The study planner against an independent bootstrap: numpy's PCG64 and α/Fleiss' κ written out
// in Python (lib/agreement/fixtures/study-planner/study_planner_fixture.py, committed with its
// output study-planner.json). The two draw with different PRNGs, so the resampled values differ;
// what must agree is their distribution: the mean (expected α) and the 95 % interval's width of
// every (N, r) cell, within TOLERANCE_SE Monte-Carlo standard errors of the difference
// (√2 × the fixture's standard error: both sides have about the same). The pilot's point α is an
// exact check against nltk.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { studyPlan, type TPlannedInterval } from "./study-planner";
import type { AlphaLevel, Ratings } from "./types";

interface TPyInterval {
  mean: number;
  width: number;
  meanSE: number;
  widthSE: number;
  undefinedReplicates: number;
}
interface TFixture {
  resamples: number;
  plan: { items: number[]; raters: number[] };
  fields: Record<string, { level: AlphaLevel; ratings: Ratings; pilotAlpha: number; rows: { items: number; raters: number; usableUnits: number; alpha: TPyInterval; fleissKappa?: TPyInterval }[] }>;
}
const FIXTURE: TFixture = JSON.parse(readFileSync("lib/agreement/fixtures/study-planner/study-planner.json", "utf8"));

/** Standard errors of the difference allowed (≈ 1 in 16,000 two-sided per comparison for a normal error). */
const TOLERANCE_SE = 4;

function expectSameDistribution(ts: TPlannedInterval, py: TPyInterval, what: string) {
  const tol = (se: number) => TOLERANCE_SE * Math.SQRT2 * se;
  expect(ts.width, `${what} width`).not.toBeNull();
  expect(Math.abs(ts.width! - py.width), `${what} width ${ts.width} vs numpy ${py.width} (±${tol(py.widthSE)})`).toBeLessThanOrEqual(tol(py.widthSE));
  expect(Math.abs(ts.mean! - py.mean), `${what} mean ${ts.mean} vs numpy ${py.mean} (±${tol(py.meanSE)})`).toBeLessThanOrEqual(tol(py.meanSE));
}

describe("studyPlan", () => {
  for (const [name, field] of Object.entries(FIXTURE.fields)) {
    describe(`${name} (${field.level})`, () => {
      const plan = studyPlan(field.ratings, { level: field.level, items: FIXTURE.plan.items, raters: FIXTURE.plan.raters, resamples: FIXTURE.resamples, seed: 1 });

      it("gives the whole pilot's α as nltk does", () => {
        expect(plan.pilot.alpha).toBeCloseTo(field.pilotAlpha, 12);
        expect(plan.pilot).toMatchObject({ units: 120, coders: 5, maxRaters: 4 });
      });

      it("matches numpy's bootstrap in expected α and interval width for every (items, raters)", () => {
        expect(plan.rows.map((r) => [r.items, r.raters, r.usableUnits])).toEqual(field.rows.map((r) => [r.items, r.raters, r.usableUnits]));
        plan.rows.forEach((row, i) => {
          const py = field.rows[i];
          expectSameDistribution(row.alpha, py.alpha, `α N=${row.items} r=${row.raters}`);
          if (py.fleissKappa) expectSameDistribution(row.fleissKappa!, py.fleissKappa, `Fleiss κ N=${row.items} r=${row.raters}`);
          else expect(row.fleissKappa).toBeUndefined();
          expect(row.alpha.lower!).toBeLessThan(row.alpha.upper!);
        });
      });
    });
  }

  const topic = FIXTURE.fields.topic;
  it("is deterministic for a seed, and a cell does not depend on the rest of the plan", () => {
    const a = studyPlan(topic.ratings, { level: "nominal", items: [50, 80], raters: [2], resamples: 200, seed: 3 });
    const b = studyPlan(topic.ratings, { level: "nominal", items: [80], raters: [2], resamples: 200, seed: 3 });
    const c = studyPlan(topic.ratings, { level: "nominal", items: [80], raters: [2], resamples: 200, seed: 4 });
    expect(b.rows[0]).toEqual(a.rows[1]);
    expect(c.rows[0].alpha.width).not.toBe(b.rows[0].alpha.width);
  });

  it("narrows the interval as items grow", () => {
    const p = studyPlan(topic.ratings, { level: "nominal", items: [30, 300], raters: [2], resamples: 300 });
    expect(p.rows[1].alpha.width!).toBeLessThan(p.rows[0].alpha.width! * 0.6);
  });

  it("says why a row is undefined when no pilot unit has r values", () => {
    const p = studyPlan(topic.ratings, { level: "nominal", items: [10], raters: [5], resamples: 10 });
    expect(p.rows[0]).toMatchObject({ usableUnits: 0, alpha: { width: null, reason: "no pilot unit has 5 or more values (the most on one unit is 4)" } });
  });

  it("refuses a bad plan", () => {
    expect(() => studyPlan(topic.ratings, { level: "nominal", items: [0], raters: [2] })).toThrow(/positive integer/);
    expect(() => studyPlan(topic.ratings, { level: "nominal", items: [10], raters: [1] })).toThrow(/≥ 2/);
    expect(() => studyPlan(topic.ratings, { level: "interval", items: [10], raters: [2] })).toThrow(/not numeric/);
  });
});
