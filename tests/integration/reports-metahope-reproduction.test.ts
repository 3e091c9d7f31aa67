/**
 * MetaHOPE tables 3, 4 and 6 (Liang & Han 2026) reproduced from the database: the released
 * pilot workbooks are imported with parseMetahopeXlsx + loadImport (scripts/e2e-metahope-fixture.ts)
 * and read back through getAgreementFigures / getScoreTables. Expected values are the printed
 * ones (3 decimals; exact agreement 1 decimal, in %). The pure-data reproduction is
 * lib/scoring/metahope-reproduction.test.ts; conventions in lib/reports/README.md.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { getAgreementFigures, getScoreTables, type TAgreementFigure } from "@/lib/reports";
import { haveMetahopeData, importMetahopePilot } from "@/scripts/e2e-metahope-fixture";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const SYSTEMS = ["GoogleMT", "GPT-5.4", "Hunyuan-LLM-7B"];
const TABLE3: Record<string, [number, number, number, number, number, number]> = {
  GoogleMT: [0.235, 0.305, 0.536, 76.9, 22, 124],
  "GPT-5.4": [0.304, 0.348, 0.726, 70.8, 30, 150],
  "Hunyuan-LLM-7B": [0.105, 0.191, 0.333, 61.5, 42, 226],
};
const TABLE4: Record<string, Record<string, [number, number, number | null, number]>> = {
  GoogleMT: { IMP: [0, 0, null, 98.5], RAM: [-0.006, 0, null, 96.9], MIS: [0.484, 0.481, 0.497, 92.3], STL: [-0.025, 0, null, 90.8], PRF: [0.122, 0.164, 0.393, 84.6] },
  "GPT-5.4": { IMP: [-0.008, -0.016, -0.016, 96.9], RAM: [-0.031, -0.023, -0.031, 92.3], MIS: [0.424, 0.421, 0.458, 92.3], STL: [-0.034, 0, null, 90.8], PRF: [0.039, 0.113, 0.305, 76.9] },
  "Hunyuan-LLM-7B": { IMP: [-0.017, -0.014, -0.024, 93.8], RAM: [-0.007, 0, null, 96.9], MIS: [0.524, 0.535, 0.646, 83.1], STL: [-0.023, 0, null, 92.3], PRF: [-0.091, -0.01, -0.057, 76.9] },
};
const r3 = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 1000) / 1000 + 0);
const r1 = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 10) / 10 + 0);

/** The published figure: α interval; κ quadratic, observed list for SEGS and full scale per category. */
function published(figs: TAgreementFigure[], system: string, field: string) {
  const one = (pred: (f: TAgreementFigure) => boolean) => {
    const hits = figs.filter((f) => f.scheme === "metahope" && f.system === system && f.field === field && pred(f));
    expect(hits, `${system} ${field}`).toHaveLength(1);
    return hits[0];
  };
  return {
    alpha: one((f) => f.statistic === "krippendorff_alpha" && f.level === "interval").value,
    kappa: one((f) => f.statistic === "cohen_kappa" && f.weights === "quadratic" && f.kappaCategories === (field === "SEGS" ? "observed" : "scale")).value,
    r: one((f) => f.statistic === "pearson_r").value,
    exact: one((f) => f.statistic === "exact_agreement"),
    totals: figs.filter((f) => f.system === system && f.field === field && f.statistic === "total").map((f) => [f.annotator, f.value]),
  };
}

describe.skipIf(!haveMetahopeData())("MetaHOPE tables reproduced from the database (skipped: data/metahope absent)", () => {
  let projectId = "";
  let emails: Record<string, string> = {};
  beforeAll(async () => {
    projectId = (await makeProject(db)).id;
    emails = await importMetahopePilot(pool, projectId);
  }, 120_000);

  it("table 3: SEGS per system (α, weighted κ, r, exact %, A/B totals)", async () => {
    const figs = await getAgreementFigures(db, projectId);
    for (const system of SYSTEMS) {
      const p = published(figs, system, "SEGS");
      expect(p.exact.n, system).toBe(65);
      const totals = Object.fromEntries(p.totals);
      expect([r3(p.alpha), r3(p.kappa), r3(p.r), r1(p.exact.value), totals[emails.A], totals[emails.B]], system).toEqual(TABLE3[system]);
    }
  });

  it("table 4: every category per system", async () => {
    const figs = await getAgreementFigures(db, projectId, { schemes: ["metahope"] });
    for (const system of SYSTEMS) {
      for (const cat of ["IMP", "RAM", "MIS", "STL", "PRF"]) {
        const p = published(figs, system, cat);
        expect([r3(p.alpha), r3(p.kappa), r3(p.r), r1(p.exact.value)], `${system} ${cat}`).toEqual(TABLE4[system][cat]);
      }
    }
  });

  it("offers every level and weighting, undefined values with their reason", async () => {
    const figs = await getAgreementFigures(db, projectId, { systems: ["GoogleMT"], fields: ["SEGS", "IMP"] });
    const alphas = figs.filter((f) => f.field === "SEGS" && f.statistic === "krippendorff_alpha").map((f) => [f.level, r3(f.value)]);
    expect(alphas).toEqual([["nominal", 0.138], ["ordinal", 0.329], ["interval", 0.235], ["ratio", 0.296]]);
    const kappas = figs.filter((f) => f.field === "SEGS" && f.statistic === "cohen_kappa").map((f) => `${f.weights}/${f.kappaCategories ?? "-"}`);
    expect(kappas).toEqual(["unweighted/-", "linear/observed", "linear/scale", "quadratic/observed", "quadratic/scale"]);
    expect(r3(figs.find((f) => f.field === "SEGS" && f.weights === "quadratic" && f.kappaCategories === "scale")!.value)).toBe(0.262);
    const r = figs.find((f) => f.field === "IMP" && f.statistic === "pearson_r")!;
    expect(r.value).toBeNull();
    expect(r.reason).toMatch(/zero variance/);
  });

  it("table 6 (and 5) for annotator A: EPM from the MRW sheet, EPS from the sentence-level pass, per sentence over 20", async () => {
    const t = await getScoreTables(db, projectId, { annotator: emails.A, epsScope: "sentence-level", sentences: 20 });
    const rows = t.metahope!.rows;
    const cats = (x: Record<string, number>) => ["IMP", "RAM", "MIS", "STL", "PRF"].map((c) => x[c]);
    expect(rows.map((r) => r.system)).toEqual(SYSTEMS);
    expect(rows.map((r) => [...cats(r.eps.totals), r.eps.segs, r.eps.perSentence.value])).toEqual([
      [0, 0, 20, 0, 4, 24, 1.2],
      [2, 0, 18, 0, 12, 32, 1.6],
      [4, 0, 64, 0, 0, 68, 3.4],
    ]);
    expect(rows.map((r) => [...cats(r.epm.totals), r.epm.segs, r.epm.perSentence.value, r3(r.epm.perMetaphor.value), r3(r.epm.ratioMS.value)])).toEqual([
      [0, 0, 16, 0, 6, 22, 1.1, 0.338, 0.917],
      [2, 4, 16, 0, 8, 30, 1.5, 0.462, 0.938],
      [4, 0, 36, 0, 2, 42, 2.1, 0.646, 0.618],
    ]);
    expect(rows.map((r) => r.mrwInstances)).toEqual([65, 65, 65]);
    expect(t.sourceDescription).toMatch(/annotator/);
  });

  it("without the sentence count override, per sentence divides by the 21 imported sentences", async () => {
    const t = await getScoreTables(db, projectId, { annotator: emails.A, epsScope: "sentence-level" });
    expect(t.metahope!.rows.map((r) => [r.sentences, r3(r.epm.perSentence.value)])).toEqual([
      [21, 1.048],
      [21, 1.429],
      [21, 2],
    ]);
  });
});

/**
 * The README's recipe (issue 13.1): `tropos import` of A's and B's sheets — no reviewed markers,
 * the importer alone decides what the sheets cover — then `tropos assign`, then
 * `tropos export --what agreement`. Assigning changes nothing about annotations, so it must not
 * move a figure; and the imported work counts as submitted in every annotator's progress.
 */
describe.skipIf(!haveMetahopeData())("README recipe: import → assign → export agreement", () => {
  it("gives table 3's GoogleMT SEGS figures, and assigning afterwards moves nothing", async () => {
    const { importFile, ZImportOptions } = await import("@/lib/db/import/import-file");
    const { exportFile } = await import("@/lib/db/export/stream");
    const { createAssignments } = await import("@/lib/db/assignments/create-assignments");
    const { readFileSync } = await import("node:fs");
    const path = await import("node:path");
    const { METAHOPE_DIR, METAHOPE_FILES } = await import("@/scripts/e2e-metahope-fixture");
    const project = await makeProject(db);
    for (const f of [METAHOPE_FILES.A, METAHOPE_FILES.B]) {
      const out = await importFile(pool, {
        project,
        fileName: f,
        content: readFileSync(path.join(METAHOPE_DIR, f)),
        options: ZImportOptions.parse({}),
        dryRun: false,
      });
      expect(out.errors, f).toEqual([]);
    }
    const exportAgreement = async () => {
      let s = "";
      for await (const l of exportFile(pool, db, project, "agreement", "json").lines) s += l;
      return s;
    };
    const before = await exportAgreement();
    const figs = JSON.parse(before) as TAgreementFigure[];
    const p = published(figs, "GoogleMT", "SEGS");
    expect([r3(p.alpha), r3(p.kappa), r1(p.exact.value)]).toEqual([0.235, 0.305, 76.9]);

    // every imported annotator's work counts as done
    const progress = await db.assignment.groupBy({ by: ["annotatorId", "status"], where: { projectId: project.id }, _count: true });
    const segments = await db.segment.count({ where: { projectId: project.id } });
    expect(progress.map((g) => [g.status, g._count])).toEqual([["DONE", segments], ["DONE", segments]]);

    // the manager assigns the sheets' annotators (and a new one): no figure moves
    const newcomer = await db.user.create({ data: { email: `newcomer-${project.slug}@test.tropos` } });
    const annotatorIds = [...new Set(progress.map((g) => g.annotatorId)), newcomer.id];
    await createAssignments(db, { projectId: project.id, annotatorIds, perItem: 3, shuffle: false });
    expect(await exportAgreement()).toBe(before);
  }, 120_000);
});
