// The one dashboard's paper section (issue 28: MMTE/MetaHOPE projects get the scheme dashboard):
// what the built-in dashboard showed around the paper tables — the MMTE agreement under the
// convention with the detail of one field, the distribution of the ratings, figure 6 — is computed
// for a project on the MMTE preset (the scheme runtime) exactly as the built-in dashboard's
// computation (buildDashboardModel) gives it from the same values; a MetaHOPE-only scheme has none
// of the MMTE parts; the options form's choices (detail field, pair, convention) are followed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { emptyImportResult, type ImportResult } from "@/lib/import/types";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { getReportData } from "@/lib/db/reports/report-data-cache";
import { getScoreTables } from "@/lib/reports";
import { getSchemePaperDashboard } from "@/lib/db/reports/paper-input";
import { buildDashboardModel } from "@/lib/reports/analyses/paper/dashboard-model";
import { parseReportQuery } from "@/lib/reports/report-query";
import { schemePaperDashboardViewOf } from "@/lib/reports/analyses/paper/paper-view";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { syntheticAnnotations } from "./synthetic-annotations";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SchemePaperTablesView } from "@/components/dashboard/scheme-paper-tables-view";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const mmteOnly = (ir: ImportResult): ImportResult => ({ ...emptyImportResult(), annotations: ir.annotations.filter((a) => a.field !== "METAHOPE_ERRORS") });

describe("the paper section of the one dashboard", () => {
  it("shows what the built-in dashboard showed, figure for figure, for the MMTE preset", async () => {
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    const values = mmteOnly(syntheticAnnotations(corpus));
    // the reference: the built-in dashboard's computation (buildDashboardModel, pure) over the rows of
    // a project made without a scheme, which now runs its parts' preset like any project (the import
    // stored it as version 1); and a project on the MMTE preset, shown by the one dashboard
    const builtIn = await makeProject(db);
    await loadImport(pool, { projectId: builtIn.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: builtIn.id, fileName: "synthetic.jsonl", result: values });
    const reference = await getProjectRuntime(db, builtIn.id);
    expect([reference.kind, reference.version]).toEqual(["scheme", 1]);
    const def = ZSchemeDefinition.parse(MMTE_PRESET);
    const project = await makeProject(db);
    await setProjectScheme(db, project.id, def, { actorId: null });
    expect((await getProjectRuntime(db, project.id)).kind).toBe("scheme");
    await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: values });

    for (const [params, view] of [
      [{ ci: "0" }, { ciGiven: true }],
      [{ ci: "0", convention: "nominal" }, { ciGiven: true, detailField: "FLUENCY", pair: "0-2" }],
    ] as const) {
      const q = parseReportQuery(params);
      const expected = buildDashboardModel(await getReportData(db, builtIn.id), q, view);
      const got = await getSchemePaperDashboard(db, project.id, def, q, view);
      expect(got.mmteFields).toEqual(["EQUIVALENCE", "EMOTION", "AUTHENTICITY", "FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"]);
      expect(got.mmte.length).toBeGreaterThan(0);
      expect(got.mmte).toStrictEqual(expected.mmte);
      expect(got.detailField).toBe(expected.detailField);
      expect(got.detailSystem).toBe(expected.detailSystem);
      // (the placeholder raters' addresses name their project)
      const unnamed = (x: unknown, id: string) => JSON.parse(JSON.stringify(x).replaceAll(id, "PROJECT")) as unknown;
      expect(unnamed(got.detail, project.id)).toStrictEqual(unnamed(expected.detail, builtIn.id));
      expect(unnamed(got.perLabel, project.id)).toStrictEqual(unnamed(expected.perLabel, builtIn.id));
      expect(got.ratingDistributions.length).toBeGreaterThan(0);
      expect(got.ratingDistributions).toStrictEqual(expected.ratingDistributions);
      expect(got.qualityByEquivalence).toStrictEqual(expected.qualityByEquivalence);
      expect(got.languageComparison).toBeNull();
      expect(got.paper.scores?.mmte).toStrictEqual(expected.scores.mmte);
    }
    // and the paper's MMTE table is the score tables' (which reproduce the snapshots), for either project
    const tables = await getScoreTables(db, project.id);
    expect(tables.mmte?.quality.length).toBeGreaterThan(0);
    expect((await getScoreTables(db, builtIn.id)).mmte).toStrictEqual(tables.mmte);
    expect((await getSchemePaperDashboard(db, project.id, def, parseReportQuery({ ci: "0" }), { ciGiven: true, detailField: "FLUENCY", pair: "0-2" })).detail?.pair).toEqual([0, 2]);

    // intervals are on by default for a project this small, as on the built-in dashboard
    const auto = await getSchemePaperDashboard(db, project.id, def, parseReportQuery({}), { ciGiven: false });
    expect([auto.ciAuto, auto.query.ci]).toEqual([true, true]);
    expect(auto.mmte.some((r) => r.alpha?.ci95)).toBe(true);

    // laid out with the built-in dashboard's sections, test ids and captions
    const html = renderToStaticMarkup(createElement(SchemePaperTablesView, { slug: project.slug, ...schemePaperDashboardViewOf(auto) }));
    for (const id of ["mmte-agreement", "includes-mmte", "kappa-matrix", "chart-ratings", "chart-equivalence", "correlation-matrix", "emotion-equivalence", "chart-quality-by-equivalence", "convention-note"]) expect(html).toContain(`data-testid="${id}"`);
    expect(html).toContain(">MMTE agreement<");
    expect(html).toContain("Includes:</span> every annotator&#x27;s saved label (imported, submitted or still in progress), one per annotator and MRW instance");
  }, 180_000);

  it("has no MMTE part for a MetaHOPE-only scheme, and its MetaHOPE tables under their heading", async () => {
    const def = ZSchemeDefinition.parse(METAHOPE_PRESET);
    const project = await makeProject(db);
    await setProjectScheme(db, project.id, def, { actorId: null });
    const got = await getSchemePaperDashboard(db, project.id, def, parseReportQuery({}), { ciGiven: false });
    expect([got.mmteFields, got.mmte, got.ratingDistributions, got.detail, got.qualityByEquivalence]).toEqual([[], [], [], null, null]);
    const html = renderToStaticMarkup(createElement(SchemePaperTablesView, { slug: project.slug, ...schemePaperDashboardViewOf(got) }));
    expect(html).toContain("MetaHOPE agreement per MRW instance (tables 3–4)</h3>");
    expect(html).toContain('data-testid="includes-metahope"');
    expect(html).not.toContain("MMTE agreement");
    expect(html).not.toContain('data-testid="chart-ratings"');
  });
});
