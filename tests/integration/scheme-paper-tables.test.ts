// The paper tables as named analyses bound to fields by id (issue 28, point 4): the same values
// imported into a built-in project and into a project whose scheme is a variant of the preset
// (so it runs under the scheme runtime) give the same tables, to the last bit; a variant's extra
// error category is shown; a scheme lacking a field the analysis needs names it.
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
import { getSchemePaperTables } from "@/lib/db/reports/paper-input";
import { getScoreTables } from "@/lib/reports";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { getAgreementFigures } from "@/lib/reports";
import { parseMetahopeXlsx } from "@/lib/import/parse-metahope-xlsx";
import { haveMetahopeData, importMetahopePilot, METAHOPE_DIR, METAHOPE_FILES } from "@/scripts/e2e-metahope-fixture";
import { syntheticAnnotations } from "./synthetic-annotations";
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SchemePaperTablesView } from "@/components/dashboard/scheme-paper-tables-view";
import { schemePaperViewOf } from "@/lib/reports/analyses/paper/paper-view";
import { exportFile } from "@/lib/db/export/stream";
import { getRuntimeAgreementFigures } from "@/lib/reports/scheme-runtime-figures";
import { buildSchemeFullReport } from "@/lib/reports/scheme-full-report";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import path from "node:path";

/** An export's rows (JSON format) as objects. */
async function exportRows(p: { id: string; slug: string }, what: "scores" | "agreement"): Promise<Record<string, unknown>[]> {
  let text = "";
  for await (const line of exportFile(pool, db, p, what, "json").lines) text += line;
  return JSON.parse(text);
}

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** A preset with its guideline text edited and `edit` applied: under the scheme runtime. */
function variantOf(preset: unknown, edit: (s: { guidelines: string; fields: Record<string, unknown>[]; analyses: string[] }) => void = () => {}): TSchemeDefinition {
  const s = structuredClone(preset) as { guidelines: string; fields: Record<string, unknown>[]; analyses: string[] };
  s.guidelines = `${s.guidelines}\n\nOur lab: read the whole document first.`;
  edit(s);
  return ZSchemeDefinition.parse(s);
}

async function schemeProject(def: TSchemeDefinition) {
  const project = await makeProject(db);
  await setProjectScheme(db, project.id, def, { actorId: null });
  expect((await getProjectRuntime(db, project.id)).kind).toBe("scheme");
  return project;
}

/** The MMTE values of the synthetic annotators only (an MMTE scheme has no MetaHOPE fields). */
function mmteOnly(ir: ImportResult): ImportResult {
  return { ...emptyImportResult(), annotations: ir.annotations.filter((a) => a.field !== "METAHOPE_ERRORS") };
}

describe("MMTE table 3 and figures 3–5 under the scheme runtime", () => {
  it("an MMTE variant with edited guidelines gives the built-in project's tables exactly", async () => {
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    const synthetic = syntheticAnnotations(corpus);

    const builtIn = await makeProject(db);
    await loadImport(pool, { projectId: builtIn.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: builtIn.id, fileName: "synthetic.jsonl", result: synthetic });
    const expected = await getScoreTables(db, builtIn.id);
    expect(expected.mmte?.quality.length).toBeGreaterThan(0);

    const def = variantOf(MMTE_PRESET);
    const project = await schemeProject(def);
    await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: mmteOnly(synthetic) });
    const got = await getSchemePaperTables(db, project.id, def);
    expect(got.analyses.map((a) => [a.name, a.bound])).toEqual([
      ["mmte.table3", true],
      ["mmte.figures3-5", true],
    ]);
    expect(got.notes).toEqual([]);
    // deep equality of the computed objects: every mean, r and count to the last bit
    expect(got.scores?.mmte).toStrictEqual(expected.mmte);
    expect(JSON.stringify(got.scores?.mmte)).toBe(JSON.stringify(expected.mmte));
    expect(got.scores?.metahope).toBeNull();
    // `tropos export --what scores`: the built-in project's MMTE rows, row for row
    const mmteRows = (rows: Record<string, unknown>[]) => rows.filter((r) => String(r.table).startsWith("mmte_"));
    const builtInRows = mmteRows(await exportRows(builtIn, "scores"));
    expect(builtInRows.length).toBeGreaterThan(0);
    expect(mmteRows(await exportRows(project, "scores"))).toStrictEqual(builtInRows);
    // the dashboard shows table 3 and figures 3–5
    const html = renderToStaticMarkup(createElement(SchemePaperTablesView, { slug: project.slug, ...schemePaperViewOf(got) }));
    for (const id of ["mmte-quality", "correlation-matrix", "emotion-equivalence"]) expect(html).toContain(`data-testid="${id}"`);

    // a variant with one more Emotion option and one more Equivalence label for metaphorical sources:
    // each gets its own entry in figures 3 and 5, after the paper's labels
    const extraDef = variantOf(MMTE_PRESET, (s) => {
      const emotion = s.fields.find((f) => f.id === "EMOTION") as { options: Record<string, unknown>[] };
      emotion.options.push({ value: "MIXED", label: "Mixed", key: "5" });
      const equivalence = s.fields.find((f) => f.id === "EQUIVALENCE" && (f.when as { in: unknown[] }).in.includes(true)) as { options: Record<string, unknown>[] };
      equivalence.options.push({ value: "CREATIVE", label: "Creative", key: "6" });
    });
    const extra = await schemeProject(extraDef);
    let mixedN = 0;
    let creativeN = 0;
    const extraValues = mmteOnly(synthetic);
    extraValues.annotations = extraValues.annotations.map((a) => {
      if (a.field === "EMOTION" && a.annotator === "rater-1" && mixedN < 10) return (mixedN++, { ...a, value: "MIXED" });
      if (a.field === "EQUIVALENCE" && a.annotator === "rater-2" && ["FULL", "PART", "NON", "MISUNDERSTANDING"].includes(String(a.value)) && creativeN < 5) return (creativeN++, { ...a, value: "CREATIVE" });
      return a;
    });
    await loadImport(pool, { projectId: extra.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: extra.id, fileName: "synthetic.jsonl", result: extraValues });
    const withExtra = await getSchemePaperTables(db, extra.id, extraDef);
    expect(withExtra.notes).toEqual([
      "EQUIVALENCE option CREATIVE beyond the paper's labels: an entry of its own in figures 3 and 5, after the paper's.",
      "EMOTION option MIXED beyond the paper's labels: an entry of its own in figures 3 and 5, after the paper's.",
      // the papers' agreement export cannot count those labels, and says so where the lead looks
      "papers.agreement-export not used, the agreement export is every field's: field EQUIVALENCE has label CREATIVE beyond the paper's (the export counts only the paper's labels); field EMOTION has label MIXED beyond the paper's (the export counts only the paper's labels).",
    ]);
    const m = withExtra.scores!.mmte!;
    expect(m.correlation).toStrictEqual(expected.mmte!.correlation);
    expect(m.emotionEquivalence.emotions).toEqual(["ZERO", "LESS", "SAME", "MORE", "MIXED"]);
    expect(m.emotionEquivalence.columns.map((c) => c.label).slice(0, 6)).toEqual(["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR", "CREATIVE"]);
    expect(m.emotionEquivalence.counts[4].reduce((x, y) => x + y, 0)).toBe(10);
    expect(m.emotionEquivalence.total).toBe(expected.mmte!.emotionEquivalence.total);
    const creative = m.equivalence.reduce((n, d) => n + ((d.metaphorical.counts as Record<string, number>).CREATIVE ?? 0), 0);
    expect(creative).toBe(5);
    expect(m.equivalence.reduce((n, d) => n + d.metaphorical.total, 0)).toBe(expected.mmte!.equivalence.reduce((n, d) => n + d.metaphorical.total, 0));
    const extraHtml = renderToStaticMarkup(createElement(SchemePaperTablesView, { slug: extra.slug, ...schemePaperViewOf(withExtra) }));
    // figure 5 (heatmap) and figure 3 (the bars' table of numbers)
    for (const label of ["MIXED", "M:CREATIVE", "M: CREATIVE"]) expect(extraHtml).toContain(label);
  }, 180_000);
});

/** Placeholder raters' addresses name their project: written without it, so two projects compare. */
const withoutProject = (x: unknown, projectId: string) => JSON.parse(JSON.stringify(x).split(`@${projectId.toLowerCase()}.annotators.tropos.local`).join("@annotators.tropos.local"));

type TSpanValue = { start: number; end: number; label: string; attributes: { severity: number }; mrwId?: string; comment?: string };

/**
 * The MetaHOPE pilot as the scheme runtime stores it: per annotator and translation one
 * METAHOPE_ERRORS list (empty: reviewed, nothing marked), as scripts/e2e-metahope-fixture.ts
 * imports it into the built-in runtime (A's and B's sheets, A's sentence-level pass replacing
 * A's sentence-level spans of the same key, as the span import's keys do), plus `extra` spans.
 */
async function pilotAsSchemeValues(extra: { annotator: string; n: number; label: string }) {
  const read = (f: string, annotator: string) => parseMetahopeXlsx(f, readFileSync(path.join(METAHOPE_DIR, f)), { annotator });
  const a = await read(METAHOPE_FILES.A, "A");
  const b = await read(METAHOPE_FILES.B, "B");
  const s = await read(METAHOPE_FILES.S, "A");
  const lists = new Map<string, { line: ImportResult["annotations"][number]; spans: Map<string, TSpanValue> }>();
  const key = (annotator: string, t: { segmentId: string; system: string; language?: string }) => `${annotator}|${t.segmentId}|${t.system}|${t.language ?? ""}`;
  for (const [r, annotator] of [[a, "A"], [b, "B"]] as const) {
    for (const t of r.translations) {
      lists.set(key(annotator, t), { line: { annotator, segmentId: t.segmentId, system: t.system, language: t.language, field: "METAHOPE_ERRORS", value: [] as unknown as string }, spans: new Map() });
    }
  }
  for (const spans of [a.errorSpans, b.errorSpans, s.errorSpans.map((e) => ({ ...e, mrwId: undefined }))]) {
    const occurrence = new Map<string, number>();
    for (const e of spans) {
      const entry = lists.get(key(e.annotator, { ...e, language: e.language ?? "zh" })) ?? lists.get(key(e.annotator, e));
      if (!entry) throw new Error(`no translation for ${e.segmentId} ${e.system}`);
      const base = `${e.mrwId ?? "S"}:${e.category}`;
      const n = (occurrence.get(`${key(e.annotator, e)}|${base}`) ?? 0) + 1;
      occurrence.set(`${key(e.annotator, e)}|${base}`, n);
      entry.spans.set(`${base}:${n}`, { start: e.span.start, end: e.span.end, label: e.category, attributes: { severity: e.severity }, ...(e.mrwId ? { mrwId: e.mrwId } : {}), ...(e.comment ? { comment: e.comment } : {}) });
    }
  }
  // the extra category: a sentence-level span on the first n translations of one annotator
  let added = 0;
  for (const entry of lists.values()) {
    if (entry.line.annotator !== extra.annotator || added >= extra.n) continue;
    entry.spans.set(`extra:${added++}`, { start: 0, end: 1, label: extra.label, attributes: { severity: 4 } });
  }
  const corpus = (r: ImportResult): ImportResult => ({ ...emptyImportResult(), documents: r.documents, translations: r.translations });
  const values = { ...emptyImportResult(), annotations: [...lists.values()].map((x) => ({ ...x.line, value: [...x.spans.values()] as unknown as string })) };
  return { corpora: [corpus(a), corpus(b)], values };
}

describe.skipIf(!haveMetahopeData())("MetaHOPE tables 3–6 under the scheme runtime (skipped: data/metahope absent)", () => {
  it("the pilot in a MetaHOPE variant with one extra error category: the paper's figures identical, the extra category shown", async () => {
    const builtIn = await makeProject(db);
    await importMetahopePilot(pool, builtIn.id);
    const expectedFigures = withoutProject(await getAgreementFigures(db, builtIn.id, { schemes: ["metahope"] }), builtIn.id);
    const expectedScores = withoutProject((await getScoreTables(db, builtIn.id)).metahope, builtIn.id);
    expect(expectedFigures.length).toBeGreaterThan(0);

    const def = variantOf(METAHOPE_PRESET, (s) => {
      const errors = s.fields.find((f) => f.id === "METAHOPE_ERRORS") as { labels: Record<string, unknown>[] };
      errors.labels.push({ value: "CUL", label: "Cultural reference lost", key: "c" });
    });
    const project = await schemeProject(def);
    const { corpora, values } = await pilotAsSchemeValues({ annotator: "B", n: 7, label: "CUL" });
    for (const [i, c] of corpora.entries()) await loadImport(pool, { projectId: project.id, fileName: `corpus-${i}.json`, result: c });
    await loadImport(pool, { projectId: project.id, fileName: "metahope-errors.jsonl", result: values });
    const got = await getSchemePaperTables(db, project.id, def);
    expect(got.analyses.map((x) => [x.name, x.bound, x.extraCategories])).toEqual([["metahope.tables3-6", true, ["CUL"]]]);
    expect(got.notes.join(" ")).toContain("CUL");

    // tables 3–4: every figure of the five categories and SEGS, to the last bit
    const paper = withoutProject(got.metahopeAgreement.filter((f) => f.field !== "CUL"), project.id);
    expect(paper).toStrictEqual(expectedFigures);
    // tables 5–6: the same rows, with the extra category's totals beside the five
    const scores = withoutProject(got.scores?.metahope, project.id);
    for (const row of scores.rows) {
      for (const t of [row.eps.totals, row.epm.totals]) {
        expect(t).toHaveProperty("CUL");
        delete t.CUL;
      }
    }
    expect(scores.rows).toStrictEqual(expectedScores.rows);
    expect(got.scores?.mmte).toBeNull();

    // the extra category: its own agreement figures and totals (7 spans of severity 4, sentence level)
    const cul = got.metahopeAgreement.filter((f) => f.field === "CUL");
    expect(new Set(cul.map((f) => f.system))).toEqual(new Set(["GoogleMT", "GPT-5.4", "Hunyuan-LLM-7B"]));
    expect(cul.some((f) => f.statistic === "krippendorff_alpha")).toBe(true);
    const eps = got.extraCategories.flatMap((x) => x.rows.map((r) => r.eps));
    expect(got.extraCategories.map((x) => x.category)).toEqual(["CUL"]);
    expect(eps.reduce((x, y) => x + y, 0) * 2).toBe(7 * 4); // the panel's mean of B's 4 and A's 0
    expect(got.extraCategories[0].rows.every((r) => r.epm === 0)).toBe(true);
    // the export has the extra category's rows beside the paper's five
    const rows = await exportRows(project, "scores");
    expect(rows.filter((r) => r.table === "metahope_eps" && r.column === "CUL").map((r) => r.value)).toEqual(got.extraCategories[0].rows.map((r) => r.eps));
    // and the dashboard: a CUL column in tables 5–6, CUL rows in tables 3–4
    const view = schemePaperViewOf(got);
    expect(view.metahope?.filter((r) => r.field === "CUL").map((r) => r.system)).toEqual(["GoogleMT", "GPT-5.4", "Hunyuan-LLM-7B"]);
    const html = renderToStaticMarkup(createElement(SchemePaperTablesView, { slug: project.slug, ...view }));
    expect(html).toContain(">CUL<");
    expect(html).toContain("SEGS (IMP–PRF)");
  }, 180_000);
});

describe("a scheme lacking a field an analysis needs", () => {
  it("names the missing field, and the other analyses still run", async () => {
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    const synthetic = syntheticAnnotations(corpus);
    // MMTE without AUTHENTICITY beside MetaHOPE's error spans, listing all three paper analyses
    const def = variantOf(MMTE_PRESET, (s) => {
      s.fields = [...s.fields.filter((f) => f.id !== "AUTHENTICITY"), structuredClone(METAHOPE_PRESET.fields.find((f) => f.id === "METAHOPE_ERRORS")) as unknown as Record<string, unknown>];
      s.analyses = ["mmte.table3", "mmte.figures3-5", "metahope.tables3-6"];
    });
    const project = await schemeProject(def);
    await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
    const lists = new Map<string, ImportResult["annotations"][number]>();
    for (const a of synthetic.annotations) {
      if (a.field !== "METAHOPE_ERRORS") continue;
      lists.set(`${a.annotator}|${a.segmentId}|${a.system}`, { ...a, value: [] as unknown as string });
    }
    for (const e of synthetic.errorSpans) {
      const line = lists.get(`${e.annotator}|${e.segmentId}|${e.system}`)!;
      (line.value as unknown as unknown[]).push({ start: e.span.start, end: e.span.end, label: e.category, attributes: { severity: e.severity }, mrwId: e.mrwId });
    }
    const values = { ...emptyImportResult(), annotations: [...synthetic.annotations.filter((a) => a.field !== "METAHOPE_ERRORS" && a.field !== "AUTHENTICITY"), ...lists.values()] };
    await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: values });

    const got = await getSchemePaperTables(db, project.id, def);
    expect(got.analyses.map((a) => [a.name, a.bound, a.missing.map((m) => m.field)])).toEqual([
      ["mmte.table3", false, ["AUTHENTICITY"]],
      ["mmte.figures3-5", false, ["AUTHENTICITY"]],
      ["metahope.tables3-6", true, []],
    ]);
    expect(got.notes).toEqual([
      "mmte.table3 not computed: field AUTHENTICITY is missing from the scheme.",
      "mmte.figures3-5 not computed: field AUTHENTICITY is missing from the scheme.",
    ]);
    expect(got.scores?.mmte).toBeNull();
    // MetaHOPE still runs: the synthetic errors give the built-in project's tables 5–6 as snapshotted
    const snapshot = JSON.parse(readFileSync(path.join(__dirname, "__snapshots__/demo-synthetic.report.json"), "utf8"));
    expect(got.scores?.metahope).toStrictEqual(snapshot.scores.metahope);
    expect(got.metahopeAgreement.some((f) => f.field === "SEGS")).toBe(true);

    // the export and the whole report say it too, beside the tables that were computed
    const rows = await exportRows(project, "scores");
    expect(rows.filter((r) => r.table === "note").map((r) => r.note)).toEqual(got.notes);
    const html = renderToStaticMarkup(createElement(SchemePaperTablesView, { slug: project.slug, ...schemePaperViewOf(got) }));
    expect(html).toContain("mmte.table3 not computed: field AUTHENTICITY is missing from the scheme.");
    expect(html).toContain('data-testid="metahope-eps"');
    expect(rows.some((r) => r.table === "metahope_eps" && r.column === "SEGS")).toBe(true);
    expect(rows.some((r) => String(r.table).startsWith("mmte_"))).toBe(false);
    const agreement = await exportRows(project, "agreement");
    expect(agreement.some((f) => f.scheme === "metahope" && f.field === "SEGS" && f.statistic === "krippendorff_alpha")).toBe(true);
    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const full = buildSchemeFullReport({ project: { slug: project.slug, name: project.name, sourceLang: "en", targetLang: "zh" }, filters: {}, report: await getSchemeReport(pool, project.id, runtime), definition: def, paper: got });
    expect(full.notes).toContain("mmte.table3 not computed: field AUTHENTICITY is missing from the scheme.");
    expect(full.paperTables?.scores?.metahope).toStrictEqual(snapshot.scores.metahope);
    expect((await getRuntimeAgreementFigures(db, pool, project.id)).filter((f) => f.scheme === "metahope")).toStrictEqual(got.metahopeAgreement);
  }, 180_000);
});
