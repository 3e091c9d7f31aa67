// `tropos plan` (issue 31 point 5) as a lead runs it, on real PostgreSQL: the pilot of
// lib/agreement/fixtures/study-planner/study-planner.json (120 items, 5 annotators, 2–4 per item)
// imported as Tropos JSONL into a project whose scheme has the fixture's two fields, then planned
// through the CLI. The table must match the independent numpy bootstrap committed with the fixture
// (study_planner_fixture.py: same tolerance as lib/agreement/study-planner.test.ts, 4 Monte-Carlo
// standard errors of the difference) and the pilot's α must be nltk's: so the values read through
// the scheme report data and coded by schemeFieldRatings are the fixture's matrix.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import { troposOn } from "../support/run-tropos";

interface TPy {
  mean: number;
  width: number;
  meanSE: number;
  widthSE: number;
}
interface TFixtureField {
  level: string;
  ratings: (string | number | null)[][];
  pilotAlpha: number;
  rows: { items: number; raters: number; usableUnits: number; alpha: TPy; fleissKappa?: TPy }[];
}
const FIXTURE: { annotators: string[]; resamples: number; plan: { items: number[]; raters: number[] }; fields: Record<"topic" | "quality", TFixtureField> } = JSON.parse(
  readFileSync("lib/agreement/fixtures/study-planner/study-planner.json", "utf8"),
);

let url: string;
beforeAll(async () => ({ url } = await openTestDatabase()));
afterAll(closeTestDatabase);
const tropos = troposOn(() => url);
const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-plan-"));
const slug = `plan-${process.pid}`;

const SCHEME = {
  id: "pilot-plan",
  version: 1,
  name: "Pilot for the planner",
  fields: [
    { id: "topic", scope: "segment", kind: "choice", label: "Topic", options: [{ value: "a" }, { value: "b" }, { value: "c" }] },
    { id: "quality", scope: "segment", kind: "scale", label: "Quality", min: 1, max: 5, level: "interval" },
    { id: "comment", scope: "segment", kind: "text", label: "Comment" },
  ],
};

function pilotJsonl(): string {
  const J = (o: unknown) => JSON.stringify(o);
  const n = FIXTURE.fields.topic.ratings[0].length;
  const lines = [J({ type: "document", externalId: "d1", language: "en" })];
  for (let u = 0; u < n; u++) lines.push(J({ type: "segment", documentId: "d1", externalId: `s${u}`, index: u, text: `Pilot sentence ${u}.`, language: "en", metaphorical: false }));
  for (const field of ["topic", "quality"] as const) {
    FIXTURE.fields[field].ratings.forEach((row, c) =>
      row.forEach((value, u) => {
        if (value !== null) lines.push(J({ type: "annotation", annotator: FIXTURE.annotators[c], segmentId: `s${u}`, field, value }));
      }),
    );
  }
  return lines.join("\n") + "\n";
}

/** Every spawn of the CLI starts tsx (seconds on a loaded machine); these tests spawn 2 to 5. */
const SPAWNS_TIMEOUT = 300_000;

const within = (ts: number, py: TPy, key: "mean" | "width") => Math.abs(ts - py[key]) <= 4 * Math.SQRT2 * py[key === "mean" ? "meanSE" : "widthSE"];

describe("tropos plan", () => {
  it("prints the plan of a pilot read from PostgreSQL, matching the numpy bootstrap", async () => {
    const schemeFile = path.join(dir, "scheme.json");
    writeFileSync(schemeFile, JSON.stringify(SCHEME));
    const created = await tropos("project", "create", slug, "--name", "Planner", "--source-lang", "en", "--target-lang", "fr", "--scheme", schemeFile);
    expect(created.stderr).toBe("");
    const pilot = path.join(dir, "pilot.jsonl");
    writeFileSync(pilot, pilotJsonl());
    const imported = await tropos("import", pilot, "--project", slug);
    expect([imported.code, imported.stderr]).toEqual([0, ""]);

    for (const field of ["topic", "quality"] as const) {
      const fx = FIXTURE.fields[field];
      const r = await tropos("plan", "--project", slug, "--field", field, "--items", FIXTURE.plan.items.join(","), "--raters", FIXTURE.plan.raters.join(","), "--resamples", String(FIXTURE.resamples), "--json");
      expect([r.code, r.stderr]).toEqual([0, ""]);
      const plan = JSON.parse(r.stdout);
      expect(plan).toMatchObject({ project: slug, field, level: fx.level, unit: "item", resamples: FIXTURE.resamples, seed: 1, pilot: { units: 120, coders: 5, maxRaters: 4 } });
      expect(plan.pilot.alpha).toBeCloseTo(fx.pilotAlpha, 12);
      expect(plan.rows.map((x: { items: number; raters: number; usableUnits: number }) => [x.items, x.raters, x.usableUnits])).toEqual(fx.rows.map((x) => [x.items, x.raters, x.usableUnits]));
      plan.rows.forEach((row: { alpha: { mean: number; width: number }; fleissKappa?: { mean: number; width: number } }, i: number) => {
        const py = fx.rows[i];
        expect(within(row.alpha.width, py.alpha, "width"), `${field} row ${i} α width ${row.alpha.width} vs ${py.alpha.width}`).toBe(true);
        expect(within(row.alpha.mean, py.alpha, "mean"), `${field} row ${i} α mean ${row.alpha.mean} vs ${py.alpha.mean}`).toBe(true);
        if (py.fleissKappa) expect(within(row.fleissKappa!.width, py.fleissKappa, "width"), `${field} row ${i} κ width`).toBe(true);
        else expect(row.fleissKappa).toBeUndefined();
      });
    }
  }, SPAWNS_TIMEOUT);

  it("prints a table by default, the same for the same seed", async () => {
    const args = ["plan", "--project", slug, "--field", "topic", "--items", "200,500", "--raters", "2,3", "--resamples", "200", "--seed", "5"];
    const a = await tropos(...args);
    expect([a.code, a.stderr]).toEqual([0, ""]);
    const lines = a.stdout.split("\n");
    expect(lines[0]).toBe(`Study plan for ${slug}, field "topic" (nominal; unit: item)`);
    expect(lines).toContain("items  raters  usable  α mean  α 2.5%  α 97.5%  α width  κ mean  κ width");
    expect(lines.filter((l) => /^\s+(200|500)\s+[23]\s+(120|68)\s/.test(l))).toHaveLength(4);
    expect((await tropos(...args)).stdout).toBe(a.stdout);
  }, SPAWNS_TIMEOUT);

  it("refuses an unknown project or field, a field without a level and a bad list, each with one clear line", async () => {
    const base = ["--items", "100", "--raters", "2"];
    const noProject = await tropos("plan", "--project", "no-such-project", "--field", "topic", ...base);
    expect([noProject.code, noProject.stderr]).toEqual([1, 'tropos plan: No project with the slug "no-such-project" (see `tropos project list`).\n']);
    const noField = await tropos("plan", "--project", slug, "--field", "colour", ...base);
    expect([noField.code, noField.stderr]).toEqual([1, 'tropos plan: The scheme has no field "colour" to plan; fields with a measurement level: topic, quality.\n']);
    const text = await tropos("plan", "--project", slug, "--field", "comment", ...base);
    expect([text.code, text.stderr]).toEqual([1, 'tropos plan: Field "comment" (text) has no measurement level: it is compared by edit distance, not by α or κ, so there is no interval to plan.\n']);
    const badList = await tropos("plan", "--project", slug, "--field", "topic", "--items", "100;200", "--raters", "2");
    expect(badList.code).toBe(2);
    expect(badList.stderr).toMatch(/^tropos plan: --items: must be whole numbers separated by commas/);
    const oneRater = await tropos("plan", "--project", slug, "--field", "topic", "--items", "100", "--raters", "1");
    expect([oneRater.code, oneRater.stderr.split("\n")[0]]).toEqual([2, "tropos plan: --raters: each number of raters must be at least 2"]);
  }, SPAWNS_TIMEOUT);
});
