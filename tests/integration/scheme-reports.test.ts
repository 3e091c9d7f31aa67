// Reports of a project running its own scheme (lib/reports/scheme-report.ts over
// lib/db/reports/scheme-report-data.ts): `tropos export --what agreement` gives every field's figures from
// its level, per system and pooled, with the scheme's id; accuracy against item and adjudicated
// gold; a new scheme version changes the report's fields; a built-in project's export is unchanged.
//
// The values were saved through the workspace's save path (saveAnnotation) by three annotators on
// the example scheme (lib/schemes/language/fixtures/idiom-judgement.json); the data is
// tests/integration/scheme-reports/data.json and every expected figure below was computed from it
// independently of Tropos, with nltk (Krippendorff's α), sklearn (Cohen's κ, accuracy_score),
// statsmodels (Fleiss' κ) and scipy (Pearson's r), by
//   /usr/bin/python3 tests/integration/scheme-reports/reference.py
// and pasted here. Keys: field|system|statistic|level or weights|pair (a+b) or annotator.
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { exportFile } from "@/lib/db/export/stream";
import { loadImport } from "@/lib/db/import/load-import";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { getSchemeReportData } from "@/lib/db/reports/scheme-report-data";
import { schemeReportCacheStats } from "@/lib/db/reports/scheme-report-data-cache";
import { emptyImportResult } from "@/lib/import/types";
import { AGREEMENT_FIGURE_COLUMNS, getAgreementFigures, type TAgreementFigure } from "@/lib/reports";
import { figureIncludes } from "@/lib/reports/figure-includes";
import { schemeAccuracyRows, schemeAgreementRows } from "@/lib/reports/scheme-dashboard";
import { getSchemeReport, type TSchemeReport } from "@/lib/reports/scheme-report";
import { getRuntimeAgreementFigures } from "@/lib/reports/scheme-runtime-figures";
import { SchemeDashboardView } from "@/components/dashboard/scheme-dashboard-view";
import { tableLines } from "@/lib/export/table-lines";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

const EXAMPLE = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
/** Version 2: an item-gold field "idiomatic" after transparency; meaning gets adjudicated gold. */
const VERSION_2: TSchemeDefinition = ZSchemeDefinition.parse({
  ...EXAMPLE,
  version: 2,
  fields: EXAMPLE.fields.flatMap((f): unknown[] => {
    if (f.id === "meaning") return [{ ...f, gold: { from: "adjudication" } }];
    if (f.id !== "transparency") return [f];
    return [f, { id: "idiomatic", scope: "segment", kind: "choice", label: "Idiomatic use", options: [{ value: "yes" }, { value: "no" }], gold: { from: "item", key: "idiomatic" } }];
  }),
});

interface TData {
  annotators: string[];
  systems: string[];
  segments: string[];
  transparency: number[][];
  meaning: Record<string, string[][]>;
  fluency: Record<string, (number | null)[][]>;
  version2: { idiomaticGold: (string | null)[]; idiomatic: string[][]; meaningAdjudicated: Record<string, (string | null)[]> };
}
const DATA: TData = JSON.parse(readFileSync("tests/integration/scheme-reports/data.json", "utf8"));

// /usr/bin/python3 tests/integration/scheme-reports/reference.py (nltk, sklearn, statsmodels, scipy)
const REFERENCE: Record<string, number> = {
  "fluency|all|cohen_kappa|linear|a+b": 0.781176470588,
  "fluency|all|cohen_kappa|linear|a+c": 0.779438570908,
  "fluency|all|cohen_kappa|linear|b+c": 0.604929577465,
  "fluency|all|cohen_kappa|quadratic|a+b": 0.964465044419,
  "fluency|all|cohen_kappa|quadratic|a+c": 0.959658966241,
  "fluency|all|cohen_kappa|quadratic|b+c": 0.887835420394,
  "fluency|all|cohen_kappa|unweighted|a+b": -0.028571428571,
  "fluency|all|cohen_kappa|unweighted|a+c": -0.034188034188,
  "fluency|all|cohen_kappa|unweighted|b+c": -0.052173913043,
  "fluency|all|exact_agreement||": 0.0,
  "fluency|all|krippendorff_alpha|interval|": 0.940234058443,
  "fluency|all|krippendorff_alpha|nominal|": -0.029411764706,
  "fluency|all|krippendorff_alpha|ordinal|": 0.943447030498,
  "fluency|all|pearson_r||a+b": 0.969946257039,
  "fluency|all|pearson_r||a+c": 0.966184045776,
  "fluency|all|pearson_r||b+c": 0.908188423186,
  "fluency|sys-A|cohen_kappa|linear|a+b": 0.751937984496,
  "fluency|sys-A|cohen_kappa|linear|a+c": 0.725609756098,
  "fluency|sys-A|cohen_kappa|linear|b+c": 0.510526315789,
  "fluency|sys-A|cohen_kappa|quadratic|a+b": 0.950851268872,
  "fluency|sys-A|cohen_kappa|quadratic|a+c": 0.936799641416,
  "fluency|sys-A|cohen_kappa|quadratic|b+c": 0.829272363151,
  "fluency|sys-A|cohen_kappa|unweighted|a+b": 0.0,
  "fluency|sys-A|cohen_kappa|unweighted|a+c": -0.028571428571,
  "fluency|sys-A|cohen_kappa|unweighted|b+c": -0.028571428571,
  "fluency|sys-A|exact_agreement||": 0.0,
  "fluency|sys-A|krippendorff_alpha|interval|": 0.908354415131,
  "fluency|sys-A|krippendorff_alpha|nominal|": -0.013245033113,
  "fluency|sys-A|krippendorff_alpha|ordinal|": 0.932609445019,
  "fluency|sys-A|pearson_r||a+b": 0.989211664911,
  "fluency|sys-A|pearson_r||a+c": 0.940787866329,
  "fluency|sys-A|pearson_r||b+c": 0.887657760599,
  "fluency|sys-B|cohen_kappa|linear|a+b": 0.805615550756,
  "fluency|sys-B|cohen_kappa|linear|a+c": 0.814814814815,
  "fluency|sys-B|cohen_kappa|linear|b+c": 0.696048632219,
  "fluency|sys-B|cohen_kappa|quadratic|a+b": 0.973468507334,
  "fluency|sys-B|cohen_kappa|quadratic|a+c": 0.970457099358,
  "fluency|sys-B|cohen_kappa|quadratic|b+c": 0.931375678264,
  "fluency|sys-B|cohen_kappa|unweighted|a+b": 0.0,
  "fluency|sys-B|cohen_kappa|unweighted|a+c": 0.0,
  "fluency|sys-B|cohen_kappa|unweighted|b+c": 0.0,
  "fluency|sys-B|exact_agreement||": 0.0,
  "fluency|sys-B|krippendorff_alpha|interval|": 0.962621339671,
  "fluency|sys-B|krippendorff_alpha|nominal|": -0.007407407407,
  "fluency|sys-B|krippendorff_alpha|ordinal|": 0.956116925298,
  "fluency|sys-B|pearson_r||a+b": 0.981413994407,
  "fluency|sys-B|pearson_r||a+c": 0.979930574541,
  "fluency|sys-B|pearson_r||b+c": 0.944527745471,
  "idiomatic|all|accuracy-n||": 15.0,
  "idiomatic|all|accuracy-n||a": 5.0,
  "idiomatic|all|accuracy-n||b": 5.0,
  "idiomatic|all|accuracy-n||c": 5.0,
  "idiomatic|all|accuracy||": 80.0,
  "idiomatic|all|accuracy||a": 80.0,
  "idiomatic|all|accuracy||b": 80.0,
  "idiomatic|all|accuracy||c": 80.0,
  "idiomatic|all|cohen_kappa|unweighted|a+b": 0.333333333333,
  "idiomatic|all|cohen_kappa|unweighted|a+c": 0.0,
  "idiomatic|all|cohen_kappa|unweighted|b+c": 0.0,
  "idiomatic|all|exact_agreement||": 33.333333333333,
  "idiomatic|all|fleiss_kappa||": 0.1,
  "idiomatic|all|krippendorff_alpha|nominal|": 0.15,
  "meaning|all|accuracy-n||": 15.0,
  "meaning|all|accuracy-n||a": 5.0,
  "meaning|all|accuracy-n||b": 5.0,
  "meaning|all|accuracy-n||c": 5.0,
  "meaning|all|accuracy||": 73.333333333333,
  "meaning|all|accuracy||a": 100.0,
  "meaning|all|accuracy||b": 60.0,
  "meaning|all|accuracy||c": 60.0,
  "meaning|all|cohen_kappa|unweighted|a+b": 0.608695652174,
  "meaning|all|cohen_kappa|unweighted|a+c": 0.590909090909,
  "meaning|all|cohen_kappa|unweighted|b+c": 0.217391304348,
  "meaning|all|exact_agreement||": 50.0,
  "meaning|all|fleiss_kappa||": 0.469287469287,
  "meaning|all|krippendorff_alpha|nominal|": 0.484029484029,
  "meaning|sys-A|accuracy-n||": 9.0,
  "meaning|sys-A|accuracy-n||a": 3.0,
  "meaning|sys-A|accuracy-n||b": 3.0,
  "meaning|sys-A|accuracy-n||c": 3.0,
  "meaning|sys-A|accuracy||": 77.777777777778,
  "meaning|sys-A|accuracy||a": 100.0,
  "meaning|sys-A|accuracy||b": 66.666666666667,
  "meaning|sys-A|accuracy||c": 66.666666666667,
  "meaning|sys-A|cohen_kappa|unweighted|a+b": 0.454545454545,
  "meaning|sys-A|cohen_kappa|unweighted|a+c": 0.75,
  "meaning|sys-A|cohen_kappa|unweighted|b+c": 0.25,
  "meaning|sys-A|exact_agreement||": 50.0,
  "meaning|sys-A|fleiss_kappa||": 0.480769230769,
  "meaning|sys-A|krippendorff_alpha|nominal|": 0.509615384615,
  "meaning|sys-B|accuracy-n||": 6.0,
  "meaning|sys-B|accuracy-n||a": 2.0,
  "meaning|sys-B|accuracy-n||b": 2.0,
  "meaning|sys-B|accuracy-n||c": 2.0,
  "meaning|sys-B|accuracy||": 66.666666666667,
  "meaning|sys-B|accuracy||a": 100.0,
  "meaning|sys-B|accuracy||b": 50.0,
  "meaning|sys-B|accuracy||c": 50.0,
  "meaning|sys-B|cohen_kappa|unweighted|a+b": 0.75,
  "meaning|sys-B|cohen_kappa|unweighted|a+c": 0.4,
  "meaning|sys-B|cohen_kappa|unweighted|b+c": 0.25,
  "meaning|sys-B|exact_agreement||": 50.0,
  "meaning|sys-B|fleiss_kappa||": 0.454545454545,
  "meaning|sys-B|krippendorff_alpha|nominal|": 0.484848484848,
  "transparency|all|cohen_kappa|linear|a+b": 0.647058823529,
  "transparency|all|cohen_kappa|linear|a+c": 0.714285714286,
  "transparency|all|cohen_kappa|linear|b+c": 0.428571428571,
  "transparency|all|cohen_kappa|quadratic|a+b": 0.818181818182,
  "transparency|all|cohen_kappa|quadratic|a+c": 0.877551020408,
  "transparency|all|cohen_kappa|quadratic|b+c": 0.737226277372,
  "transparency|all|cohen_kappa|unweighted|a+b": 0.4,
  "transparency|all|cohen_kappa|unweighted|a+c": 0.41935483871,
  "transparency|all|cohen_kappa|unweighted|b+c": -0.028571428571,
  "transparency|all|exact_agreement||": 0.0,
  "transparency|all|krippendorff_alpha|nominal|": 0.255474452555,
  "transparency|all|krippendorff_alpha|ordinal|": 0.812206985466,
};

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** The figure's key in REFERENCE: annotators by their tag (a, b, c) instead of their email. */
function keyOf(f: TAgreementFigure): string {
  const tag = (email: string) => email.split("-")[0];
  const who = f.annotators ? f.annotators.map(tag).join("+") : f.annotator ? tag(f.annotator) : "";
  return `${f.field}|${f.system}|${f.statistic}|${f.level ?? f.weights ?? ""}|${who}`;
}

async function exportAgreement(project: { id: string; slug: string }): Promise<TAgreementFigure[]> {
  let s = "";
  for await (const l of exportFile(pool, db, project, "agreement", "json").lines) s += l;
  return JSON.parse(s);
}

/** A project on the example scheme with the data's values saved by three annotators through the save path. */
async function schemeProject() {
  const users = await Promise.all(DATA.annotators.map((tag) => makeUser(db, { tag })));
  const project = await makeProject(db, users.map((u) => ({ userId: u.id, roles: ["ANNOTATOR" as const] })));
  const systems = await Promise.all(DATA.systems.map((name) => db.mtSystem.create({ data: { projectId: project.id, name } })));
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en" } });
  const segs: { id: string; translations: Record<string, string> }[] = [];
  for (const [i, externalId] of DATA.segments.entries()) {
    const gold = DATA.version2.idiomaticGold[i];
    const s = await db.segment.create({
      data: { projectId: project.id, documentId: doc.id, externalId, index: i, text: `He spilled the beans ${i}.`, language: "en", split: i < 3 ? "PILOT" : "TEST", ...(gold ? { lists: { idiomatic: gold } } : {}) },
    });
    const translations: Record<string, string> = {};
    for (const sys of systems) translations[sys.name] = (await db.translation.create({ data: { segmentId: s.id, systemId: sys.id, language: "zh", text: `他泄露了秘密${i}（${sys.name}）。` } })).id;
    segs.push({ id: s.id, translations });
  }
  await setProjectScheme(db, project.id, EXAMPLE, { actorId: null });
  await createAssignments(db, { projectId: project.id, annotatorIds: users.map((u) => u.id), perItem: 3, shuffle: false });
  const save = async (annotatorId: string, input: Partial<TSaveAnnotationInput>) =>
    saveAnnotation(pool, {
      projectId: project.id,
      annotatorId,
      config: DEFAULT_SCHEME_CONFIG,
      runtime: await getProjectRuntime(db, project.id),
      input: { translationId: null, mrwId: null, baseVersion: 0, ...input } as TSaveAnnotationInput,
    });
  for (const [a, user] of users.entries()) {
    for (const [u, seg] of segs.entries()) {
      await save(user.id, { segmentId: seg.id, field: "transparency", value: DATA.transparency[a][u] });
      for (const sys of DATA.systems) {
        await save(user.id, { segmentId: seg.id, translationId: seg.translations[sys], field: "meaning", value: DATA.meaning[sys][a][u] });
        const fluency = DATA.fluency[sys][a][u];
        if (fluency !== null) await save(user.id, { segmentId: seg.id, translationId: seg.translations[sys], field: "fluency", value: fluency });
      }
    }
  }
  return { project, users, segs, save };
}

function expectReference(figures: TAgreementFigure[], keys: string[]) {
  const got = new Map(figures.filter((f) => f.label == null).map((f) => [keyOf(f), f]));
  for (const k of keys) {
    const f = got.get(k);
    expect(f, k).toBeDefined();
    expect(f!.value, k).not.toBeNull();
    expect(Math.abs(f!.value! - REFERENCE[k]), `${k}: ${f!.value} vs ${REFERENCE[k]}`).toBeLessThan(1e-9);
  }
}

/** The dashboard's markup for a report, as the page renders it (server-side, before hydration). */
function dashboardHtml(slug: string, report: TSchemeReport): string {
  return renderToStaticMarkup(
    createElement(SchemeDashboardView, {
      slug,
      scheme: report.scheme,
      filter: report.filter,
      systems: report.systems,
      fields: report.fields,
      progress: report.progress,
      agreement: schemeAgreementRows(report),
      accuracy: schemeAccuracyRows(report),
      distributions: report.distributions,
      includes: report.includes,
      figureCount: report.figures.length,
      elapsedMs: 1,
    }),
  );
}

describe("reports of a project running its own scheme", () => {
  let setup: Awaited<ReturnType<typeof schemeProject>>;
  beforeAll(async () => {
    setup = await schemeProject();
  }, 120_000);

  it("reads every saved value once, with its system, a unit shared by the annotators and the annotator's email", async () => {
    const { project, users } = setup;
    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const data = await getSchemeReportData(pool, project.id, runtime.definition);
    // 3 annotators × (6 transparency + 12 meaning + 12 fluency) − the one fluency c did not give
    expect(data.values).toHaveLength(3 * 30 - 1);
    expect(new Set(data.values.map((r) => r.annotator))).toEqual(new Set(users.map((u) => u.email)));
    expect(data.values.filter((r) => r.field === "transparency").every((r) => r.system === null)).toBe(true);
    expect(new Set(data.values.filter((r) => r.field !== "transparency").map((r) => r.system))).toEqual(new Set(DATA.systems));
    const perUnit = new Map<string, number>();
    for (const r of data.values) perUnit.set(`${r.field}|${r.unit}`, (perUnit.get(`${r.field}|${r.unit}`) ?? 0) + 1);
    expect([...perUnit.values()].filter((n) => n !== 3)).toEqual([2]);
    expect(data.systems).toEqual(DATA.systems);
    // a split and a system narrow it; the segment-scoped values stay with any system
    const pilot = await getSchemeReportData(pool, project.id, runtime.definition, { split: "PILOT", systems: ["sys-A"] });
    expect(pilot.values).toHaveLength(3 * 3 /* transparency */ + 3 * 3 * 2 /* meaning, fluency of sys-A */);
    // no gold field in version 1
    expect([data.itemGold, data.adjudicatedGold]).toEqual([[], []]);
  });

  it("exports every field's figures from its level, equal to nltk, sklearn, statsmodels and scipy", async () => {
    const figures = await exportAgreement(setup.project);
    const overall = figures.filter((f) => f.label == null);
    const v1Keys = Object.keys(REFERENCE).filter((k) => !k.startsWith("idiomatic|") && !k.includes("|accuracy"));
    expect(overall.map(keyOf).sort()).toEqual(v1Keys.sort());
    expectReference(figures, v1Keys);
    expect(new Set(figures.map((f) => f.scheme))).toEqual(new Set(["idiom-judgement"]));
    // fields in the scheme's order, systems by name then pooled; cues (no values) and note (text) have none
    expect([...new Set(figures.map((f) => `${f.field}|${f.system}`))]).toEqual(["transparency|all", "meaning|sys-A", "meaning|sys-B", "meaning|all", "fluency|sys-A", "fluency|sys-B", "fluency|all"]);
    // n = units, raters = annotators, and the includes sentence on every row
    expect(figures.find((f) => keyOf(f) === "meaning|all|fleiss_kappa||")).toMatchObject({ n: 12, raters: 3 });
    expect(figures.find((f) => keyOf(f) === "fluency|sys-B|krippendorff_alpha|interval|")).toMatchObject({ n: 6, raters: 3 });
    expect(figures.find((f) => keyOf(f) === "fluency|sys-B|exact_agreement||")).toMatchObject({ n: 5, raters: 3 });
    expect(figures.find((f) => keyOf(f) === "fluency|sys-B|pearson_r||a+c")).toMatchObject({ n: 5, raters: 2 });
    for (const f of figures) expect(f.includes).toBe("every annotator's saved values (imported, submitted or still in progress); every split, every system; adjudicated values not used");
    // Fleiss' κ only where the level allows it (nominal) and every unit has the same number of raters
    expect(new Set(figures.filter((f) => f.statistic === "fleiss_kappa").map((f) => f.field))).toEqual(new Set(["meaning"]));
    // the unit of a translation-scoped field is a translation in the notes
    expect(figures.find((f) => keyOf(f) === "fluency|sys-B|exact_agreement||")!.note).toBe("only 5 translations: unstable, read with care");
    // the CSV has the same rows under the built-in header
    let csv = "";
    for await (const l of exportFile(pool, db, setup.project, "agreement", "csv").lines) csv += l;
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]).toBe(AGREEMENT_FIGURE_COLUMNS.join(","));
    expect(lines).toHaveLength(figures.length + 1);
  });

  it("the report counts progress from the SCHEME assignments and values per option", async () => {
    const { project, users } = setup;
    await db.assignment.updateMany({ where: { projectId: project.id, annotatorId: users[0].id, segment: { index: { lt: 4 } } }, data: { status: "DONE" } });
    await db.assignment.updateMany({ where: { projectId: project.id, annotatorId: users[1].id, segment: { index: 0 } }, data: { status: "IN_PROGRESS" } });
    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const report = await getSchemeReport(pool, project.id, runtime);
    // reopened, so that the next test can save
    await db.assignment.updateMany({ where: { projectId: project.id }, data: { status: "TODO" } });
    expect(report.scheme).toEqual({ id: "idiom-judgement", name: "Idiom judgement", version: 1 });
    expect(report.progress.map((p) => [p.annotator, p.assigned, p.done, p.inProgress, p.todo])).toEqual([
      [users[0].email, 6, 4, 0, 2],
      [users[1].email, 6, 0, 1, 5],
      [users[2].email, 6, 0, 0, 6],
    ]);
    const meaning = report.distributions.find((d) => d.field === "meaning" && d.system === "all")!;
    const count = (v: string) => DATA.systems.reduce((n, s) => n + DATA.meaning[s].flat().filter((x) => x === v).length, 0);
    expect(meaning.categories).toEqual(["kept", "literal", "lost"]);
    expect(meaning.names).toEqual(["kept", "literalised", "lost"]);
    expect(meaning.counts).toEqual([count("kept"), count("literal"), count("lost")]);
    expect([meaning.values, meaning.units, meaning.raters]).toEqual([36, 12, 3]);
    const transparency = report.distributions.find((d) => d.field === "transparency")!;
    expect(transparency.system).toBe("all");
    expect(transparency.names[0]).toBe("1 opaque");
    expect(transparency.counts).toEqual([1, 2, 2, 1, 3, 4, 0].map((_, i) => DATA.transparency.flat().filter((v) => v === i + 1).length));
    // fluency 0–100 in ten bins
    expect(report.distributions.find((d) => d.field === "fluency" && d.system === "sys-B")!.counts.reduce((a, b) => a + b, 0)).toBe(17);
    expect(report.fields.map((f) => [f.id, f.level, f.noAgreement === null])).toEqual([
      ["transparency", "ordinal", true],
      ["meaning", "nominal", true],
      ["cues", "nominal", true],
      ["fluency", "interval", true],
      ["note", null, false],
    ]);
    // the dashboard's table: one row per field and system, pooled last; the level's statistics
    const rows = schemeAgreementRows(report);
    expect(rows.map((r) => `${r.field}|${r.system}`)).toEqual(["transparency|all", "meaning|sys-A", "meaning|sys-B", "meaning|all", "fluency|sys-A", "fluency|sys-B", "fluency|all"]);
    const fluency = rows.find((r) => r.field === "fluency" && r.system === "all")!;
    expect(fluency.alpha!.value).toBeCloseTo(REFERENCE["fluency|all|krippendorff_alpha|interval|"], 9);
    expect(fluency.lowerAlphas.map((a) => [a.level, a.cell!.value])).toEqual([
      ["nominal", expect.closeTo(REFERENCE["fluency|all|krippendorff_alpha|nominal|"], 9)],
      ["ordinal", expect.closeTo(REFERENCE["fluency|all|krippendorff_alpha|ordinal|"], 9)],
    ]);
    const quadratic = ["a+b", "a+c", "b+c"].map((p) => REFERENCE[`fluency|all|cohen_kappa|quadratic|${p}`]);
    expect(fluency.kappa).toMatchObject({ cell: null, pairs: 3, defined: 3, min: expect.closeTo(Math.min(...quadratic), 9), max: expect.closeTo(Math.max(...quadratic), 9) });
    expect([fluency.kappaWeights, fluency.pearson!.pairs, fluency.fleiss]).toEqual(["quadratic", 3, null]);
    const meaningRow = rows.find((r) => r.field === "meaning" && r.system === "sys-A")!;
    expect([meaningRow.kappaWeights, meaningRow.pearson, meaningRow.lowerAlphas]).toEqual(["unweighted", null, []]);
    expect(meaningRow.fleiss!.value).toBeCloseTo(REFERENCE["meaning|sys-A|fleiss_kappa||"], 9);
    expect(meaningRow.exact).toMatchObject({ value: REFERENCE["meaning|sys-A|exact_agreement||"], n: 6, raters: 3 });
    // the page: labels, levels, progress, the includes note, the fields without agreement
    const html = dashboardHtml(project.slug, report);
    for (const text of ["Transparency of the idiom", "Figurative meaning", "Fluency", users[0].email, "Includes:", report.includes.agreement.replace(/'/g, "&#x27;"), "Comment (text values have no measurement level"]) expect(html).toContain(text);
    expect(html).not.toContain("Accuracy against gold");
  });

  it("a new scheme version changes the report's fields; accuracy against item and adjudicated gold equals sklearn", async () => {
    const { project, users, segs, save } = setup;
    await setProjectScheme(db, project.id, VERSION_2, { actorId: null });
    for (const [a, user] of users.entries()) {
      for (const [u, seg] of segs.entries()) await save(user.id, { segmentId: seg.id, field: "idiomatic", value: DATA.version2.idiomatic[a][u] });
    }
    for (const sys of DATA.systems) {
      for (const [u, seg] of segs.entries()) {
        const value = DATA.version2.meaningAdjudicated[sys][u];
        if (value === null) continue;
        const translationId = seg.translations[sys];
        await db.adjudication.create({ data: { projectId: project.id, segmentId: seg.id, translationId, itemKey: `${translationId}:-`, field: "meaning", value } });
      }
    }
    const figures = await exportAgreement(project);
    expect([...new Set(figures.map((f) => f.field))]).toEqual(["transparency", "idiomatic", "meaning", "fluency"]);
    const agreementKeys = Object.keys(REFERENCE).filter((k) => !k.includes("|accuracy"));
    expect(figures.filter((f) => f.label == null && f.statistic !== "accuracy" && f.statistic !== "mean_accuracy").map(keyOf).sort()).toEqual(agreementKeys.sort());
    // the mean of the three annotators' accuracies (CR-ST's "Average" row), from sklearn's per-annotator values
    for (const f of figures.filter((x) => x.statistic === "mean_accuracy")) {
      const per = ["a", "b", "c"].map((a) => REFERENCE[`${f.field}|${f.system}|accuracy||${a}`]);
      expect([f.value, f.n, f.raters], keyOf(f)).toEqual([expect.closeTo(per.reduce((x, y) => x + y, 0) / 3, 9), 3, 3]);
    }
    expectReference(figures, agreementKeys);
    // accuracy: per annotator and pooled, per system and pooled, value and n as sklearn's accuracy_score over the units with gold
    const accuracy = figures.filter((f) => f.statistic === "accuracy");
    const accuracyKeys = Object.keys(REFERENCE).filter((k) => k.includes("|accuracy||"));
    expect(accuracy.map(keyOf).sort()).toEqual(accuracyKeys.sort());
    expectReference(accuracy, accuracyKeys);
    for (const f of accuracy) expect(f.n, keyOf(f)).toBe(REFERENCE[keyOf(f).replace("|accuracy|", "|accuracy-n|")]);
    expect(accuracy.find((f) => keyOf(f) === "meaning|all|accuracy||")).toMatchObject({ raters: 3 });
    expect(accuracy.find((f) => keyOf(f) === "meaning|all|accuracy||a")).toMatchObject({ raters: 1 });
    expect(accuracy.find((f) => f.field === "idiomatic")!.includes).toBe(figureIncludes("idiom-judgement", {}, `gold: the item's "idiomatic" value`));
    expect(accuracy.find((f) => f.field === "meaning")!.includes).toMatch(/; gold: the adjudicated value$/);
    // the report names the version it was computed under
    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const report = await getSchemeReport(pool, project.id, runtime);
    expect(report.scheme.version).toBe(2);
    expect(report.fields.map((f) => f.id)).toEqual(["transparency", "idiomatic", "meaning", "cues", "fluency", "note"]);
    expect(report.fields.find((f) => f.id === "idiomatic")!.gold).toBe(`the item's "idiomatic" value`);
    const accuracyRows = schemeAccuracyRows(report);
    expect(accuracyRows.slice(0, 4).map((r) => [r.field, r.system, r.annotator?.split("-")[0] ?? null, r.cell.value])).toEqual([
      ["idiomatic", "all", null, REFERENCE["idiomatic|all|accuracy||"]],
      ["idiomatic", "all", "a", REFERENCE["idiomatic|all|accuracy||a"]],
      ["idiomatic", "all", "b", REFERENCE["idiomatic|all|accuracy||b"]],
      ["idiomatic", "all", "c", REFERENCE["idiomatic|all|accuracy||c"]],
    ]);
    const html = dashboardHtml(project.slug, report);
    expect(html).toContain("Accuracy against gold");
    expect(html).toContain("gold: the adjudicated value");
  }, 60_000);
});

describe("the scheme report's cache", () => {
  it("serves the values read while nothing changed; a save or an adjudication is patched in, a new scheme version reads again", async () => {
    const { project, users, segs } = await schemeProject();
    const report = async () => {
      const runtime = await getProjectRuntime(db, project.id);
      if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
      return getSchemeReport(pool, project.id, runtime);
    };
    const reads = () => schemeReportCacheStats(pool).reads;
    const refreshes = () => schemeReportCacheStats(pool).refreshes;
    const transparencyCounts = (r: TSchemeReport) => r.distributions.find((d) => d.field === "transparency")!.counts;
    const first = await report();
    const [hits, read] = [schemeReportCacheStats(pool).hits, reads()];
    expect(transparencyCounts(await report())).toEqual(transparencyCounts(first));
    expect([schemeReportCacheStats(pool).hits, reads()]).toEqual([hits + 1, read]);
    // another filter is another entry
    await getSchemeReport(pool, project.id, (await getProjectRuntime(db, project.id)) as Extract<Awaited<ReturnType<typeof getProjectRuntime>>, { kind: "scheme" }>, { split: "TEST" });
    expect(reads()).toBe(read + 1);
    // a changed value: its segment's values read again and patched in (tests/integration/scheme-report-data-cache.test.ts)
    const wasTwo = DATA.transparency[0][0] === 2;
    expect(wasTwo).toBe(true);
    await db.annotation.updateMany({ where: { projectId: project.id, annotatorId: users[0].id, segmentId: segs[0].id, field: "transparency" }, data: { value: 7 } });
    const refreshed = refreshes();
    const afterSave = transparencyCounts(await report());
    expect([reads(), refreshes()]).toEqual([read + 1, refreshed + 1]);
    expect([afterSave[1], afterSave[6]]).toEqual([transparencyCounts(first)[1] - 1, transparencyCounts(first)[6] + 1]);
    // a new scheme version is a new key, even though ProjectScheme writes leave no change row
    await setProjectScheme(db, project.id, VERSION_2, { actorId: null });
    const v2 = await report();
    expect(reads()).toBe(read + 2);
    expect([v2.scheme.version, v2.fields.some((f) => f.id === "idiomatic")]).toEqual([2, true]);
    // an adjudication (gold of meaning under version 2): the adjudicated gold read again
    const t = segs[0].translations["sys-A"];
    await db.adjudication.create({ data: { projectId: project.id, segmentId: segs[0].id, translationId: t, itemKey: `${t}:-`, field: "meaning", value: "kept" } });
    const adjudicated = await report();
    expect([reads(), refreshes()]).toEqual([read + 2, refreshed + 2]);
    expect(adjudicated.figures.some((f) => f.statistic === "accuracy" && f.field === "meaning")).toBe(true);
  }, 120_000);
});

// An MMTE project runs its stored preset like any scheme now: its agreement export is the one
// runtime's figures, and every figure it shares with the built-in figures (getAgreementFigures,
// which reproduce the paper's snapshots) has the same value over the same items.
describe("an MMTE project's agreement export", () => {
  it("is the papers' figures, as before the one runtime, computed from the scheme's values", async () => {
    const project = await makeProject(db);
    const ir = emptyImportResult();
    ir.documents.push({
      externalId: "d1",
      language: "en",
      split: "pilot",
      segments: [0, 1, 2, 3].map((i) => ({
        externalId: `s${i}`,
        index: i,
        text: `The economy ran out of steam ${i}.`,
        language: "en",
        metaphorical: true,
        mrws: [{ externalId: "m", spans: [{ start: 12, end: 28 }], token: "ran out of steam", pos: "VERB" as const, active: true, metaphorical: true }],
      })),
    });
    for (const i of [0, 1, 2, 3]) ir.translations.push({ segmentId: `s${i}`, system: "sysA", language: "zh", text: `经济失去了动力${i}。` });
    const flu = { x: [4, 2, 5, 5], y: [2, 2, 5, 5] };
    for (const who of ["x", "y"] as const) for (const i of [0, 1, 2, 3]) ir.annotations.push({ annotator: `${who}@t.org`, segmentId: `s${i}`, system: "sysA", field: "FLUENCY", value: flu[who][i] });
    await loadImport(pool, { projectId: project.id, fileName: "seed.jsonl", result: ir });
    const runtime = await getProjectRuntime(db, project.id);
    expect([runtime.kind, runtime.version]).toEqual(["scheme", 1]);
    let exported = "";
    for await (const l of exportFile(pool, db, project, "agreement", "json").lines) exported += l;
    let direct = "";
    for await (const l of tableLines(AGREEMENT_FIGURE_COLUMNS, (await getRuntimeAgreementFigures(db, pool, project.id)) as unknown as Record<string, unknown>[], "json")) direct += l;
    expect(exported).toBe(direct);
    const figures: TAgreementFigure[] = JSON.parse(exported);
    expect(figures.length).toBeGreaterThan(0);
    // the preset as shipped keeps the papers' export, figure for figure, computed from its scheme's
    // values: `scheme` mmte, the α levels, the κ weightings, exact agreement (no "all" rows)
    const row = (f: TAgreementFigure) => [f.scheme, f.system, f.field, f.statistic, f.level ?? null, f.weights ?? null, f.value, f.n];
    expect(figures.map(row)).toEqual((await getAgreementFigures(db, project.id)).map(row));
    expect(figures.every((f) => f.scheme === "mmte" && f.system === "sysA")).toBe(true);
    const key = (f: TAgreementFigure) => [f.system, f.field, f.statistic, f.level, f.weights, f.label].join("|");
    expect(figures.map(key)).toEqual(expect.arrayContaining(["sysA|FLUENCY|krippendorff_alpha|ordinal||", "sysA|FLUENCY|exact_agreement|||"]));
  });
});
