// A study over two target languages (issue 19 point 1's "done when"): the demo corpus's EN→ZH and
// EN→IT output in one project, two annotator groups, imported BERTScore and COMET columns. Table 3
// and every figure per language pair, MMTE figures 6 and 7, and the metric–criterion correlations
// equal the values numpy and scipy compute from the same files
// (scripts/research/two_languages_fixture.py → tests/fixtures/two-languages/).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import type { Db } from "@/lib/db/client";
import { createProject } from "@/lib/db/projects/create-project";
import { loadImport } from "@/lib/db/import/load-import";
import { importFile } from "@/lib/db/import/import-file";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { addAnnotatorGroupMembers, createAnnotatorGroup } from "@/lib/db/projects/annotator-groups";
import { getReportData } from "@/lib/db/reports/report-data-cache";
import { getMetricScores } from "@/lib/db/reports/metric-scores";
import { exportFile } from "@/lib/db/export/stream";
import { getAgreementFigures, getScoreTablesByLanguage } from "@/lib/reports";
import { languageComparisonRows, scoreTableRows } from "@/lib/reports/report-csv";
import { csvRow } from "@/lib/export/csv-cell";
import { buildDashboardModel } from "@/lib/reports/analyses/paper/dashboard-model";
import { parseReportQuery } from "@/lib/reports/report-query";
import { MMTE_DIMENSIONS } from "@/lib/scoring/mmte-scores";
import { addMembersByEmail } from "./fixtures";

const DIR = path.resolve("tests/fixtures/two-languages");
const expected = JSON.parse(readFileSync(path.join(DIR, "expected.json"), "utf8")) as {
  languages: Record<string, {
    translations: number;
    correlations: Record<string, { n: number; pearson_r: number; spearman_rho: number }>;
    figure7: Record<string, { n: number; mean: number }>;
    figure6: Record<string, Record<string, number>>;
  }>;
};

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function study() {
  const slug = `study-${Math.random().toString(36).slice(2, 8)}`;
  const { project } = await createProject(db, { slug, name: slug, sourceLang: "en", targetLang: "zh,it", scheme: "mmte" }, { actorId: null, via: "cli", inviteMissing: false });
  const corpus = readDemoCorpus();
  for (const lang of ["zh", "it"]) await loadImport(pool, { projectId: project.id, fileName: `demo-${lang}.json`, result: demoCorpusToImport(corpus, lang) });
  const target = { id: project.id, sourceLang: "en", targetLang: "zh" };
  await addMembersByEmail(db, project.id, ["zh-a@lab.org", "zh-b@lab.org", "it-a@lab.org", "it-b@lab.org"]);
  for (const name of ["annotations.jsonl", "metrics.tsv"]) {
    const out = await importFile(pool, { project: target, fileName: name, content: readFileSync(path.join(DIR, name)), options: { format: "auto" }, dryRun: false });
    expect(out.errors, name).toEqual([]);
  }
  for (const lang of ["zh", "it"]) {
    await createAnnotatorGroup(db, { projectId: project.id, name: `${lang}-1`, language: lang });
    await addAnnotatorGroupMembers(db, { projectId: project.id, group: `${lang}-1`, emails: [`${lang}-a@lab.org`, `${lang}-b@lab.org`] });
  }
  return { ...project, slug };
}

const model = async (projectId: string, params: Record<string, string> = {}) =>
  buildDashboardModel(await getReportData(db, projectId), parseReportQuery(params), { ciGiven: true }, await getMetricScores(pool, projectId));

describe("a study over two target languages", () => {
  it("reports each language pair on its own: table 3, metric correlations (scipy) and figure 6 (numpy)", async () => {
    const project = await study();
    for (const lang of ["zh", "it"]) {
      const m = await model(project.id, lang === "zh" ? {} : { language: lang });
      const want = expected.languages[lang];
      // the first language is the default; the other by ?language=
      expect(m.languages).toEqual(["zh", "it"]);
      expect(m.query.language).toBe(lang);
      // table 3 rests on this language's 75 translations only
      const rows = m.scores.mmte!.quality;
      expect(rows.filter((r) => r.group !== "METAPHORICAL_FULL").reduce((n, r) => n + r.translations, 0)).toBe(want.translations);
      for (const [key, c] of Object.entries(want.correlations)) {
        const [metric, criterion] = key.split("|");
        const got = m.scores.metrics!.correlations.find((r) => r.system === "all" && r.metric === metric && r.criterion === criterion)!;
        if (!got.pearson.defined || !got.spearman.defined) throw new Error(`${lang} ${key}: undefined`);
        expect([got.pearson.n, got.spearman.n], `${lang} ${key} n`).toEqual([c.n, c.n]);
        expect(got.pearson.r, `${lang} ${key} pearson`).toBeCloseTo(c.pearson_r, 12);
        expect(got.spearman.r, `${lang} ${key} spearman`).toBeCloseTo(c.spearman_rho, 12);
      }
      const f6 = m.qualityByEquivalence!;
      for (const [name, cls] of Object.entries(want.figure6)) {
        const j = f6.columns.findIndex((c) => `${c.source}|${c.label}` === name);
        expect(f6.instances[j], `${lang} ${name} instances`).toBe(cls.instances);
        MMTE_DIMENSIONS.forEach((dim, k) => expect(f6.means[j][k].value!, `${lang} ${name} ${dim}`).toBeCloseTo(cls[dim], 12));
      }
      // classes the file has no instance of are empty, with a reason
      f6.columns.forEach((c, j) => {
        if (!want.figure6[`${c.source}|${c.label}`]) expect(f6.means[j][0]).toMatchObject({ defined: false, n: 0 });
      });
    }
  });

  it("compares the pairs side by side (figure 7), whichever pair is shown", async () => {
    const project = await study();
    for (const shown of ["zh", "it"]) {
      const comparison = (await model(project.id, { language: shown })).languageComparison!;
      expect(comparison.map((c) => [c.language, c.translations])).toEqual([["zh", 75], ["it", 75]]);
      for (const c of comparison) {
        for (const dim of MMTE_DIMENSIONS) {
          const want = expected.languages[c.language].figure7[dim];
          expect(c.means[dim].n, `${c.language} ${dim} n`).toBe(want.n);
          expect(c.means[dim].value!, `${c.language} ${dim}`).toBeCloseTo(want.mean, 12);
        }
        expect(c.bySystem.map((s) => s.system).sort()).toEqual(["llm-gamma", "mt-alpha", "mt-beta"]);
      }
    }
  });

  it("exports agreement rows and score rows per language, and the comparison", async () => {
    const project = await study();
    const figures = await getAgreementFigures(db, project.id);
    expect(new Set(figures.map((f) => f.language))).toEqual(new Set(["zh", "it"]));
    // each language's figures rest on its own two annotators
    const fluency = figures.filter((f) => f.field === "FLUENCY" && f.statistic === "fleiss_kappa" && !f.label && f.system === "mt-alpha");
    expect(fluency.map((f) => [f.language, f.raters])).toEqual([["zh", 2], ["it", 2]]);
    let csv = "";
    for await (const line of exportFile(pool, db, project, "scores", "csv").lines) csv += line;
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe("language,table,system,group,column,value,n,note");
    const it = expected.languages.it.correlations["COMET|OVERALL"];
    expect(csv).toContain(`it,metric_correlation,all,OVERALL,COMET pearson_r,${String(it.pearson_r).slice(0, 12)}`);
    expect(lines.filter((l) => l.startsWith("zh,mmte_language_comparison,all,zh,")).length).toBe(MMTE_DIMENSIONS.length);
    expect(lines.some((l) => l.startsWith("it,mmte_language_comparison,mt-beta,it,FLUENCY,"))).toBe(true);
    // the project runs the MMTE preset as its scheme: every row is the one the built-in tables give
    // for the same values, language by language, then the comparison
    const builtIn = await getScoreTablesByLanguage(db, project.id);
    const want = [
      ...builtIn.tables.flatMap(({ language, tables }) => scoreTableRows(tables).map((r) => [language, ...r])),
      ...languageComparisonRows(builtIn.comparison!).map((r) => [r[2], ...r]),
    ].map((r) => csvRow(r));
    expect(lines.slice(1)).toEqual(want);
    // the annotations table (one column per field of the scheme) names each row's language
    // (a single-language project's keeps its columns)
    let ann = "";
    for await (const line of exportFile(pool, db, project, "annotations", "csv").lines) ann += line;
    const annLines = ann.trim().split(/\r?\n/);
    expect(annLines[0]).toBe("doc,segment,system,language,mrw,mrw_token,role,unit,annotator_id,annotator,FLUENCY,INTELLIGIBILITY,FIDELITY,OVERALL,EQUIVALENCE,EMOTION,AUTHENTICITY,POSTEDIT_FIGURATIVE,POSTEDIT_LITERAL");
    expect(new Set(annLines.slice(1).map((l) => l.split(",")[3]))).toEqual(new Set(["zh", "it"]));
    // and so does the adjudicated table
    let adj = "";
    for await (const line of exportFile(pool, db, project, "adjudicated", "csv").lines) adj += line;
    expect(adj.split(/\r?\n/)[0]).toBe("doc,segment,system,language,mrw,mrw_token,role,unit,field,value,rationale,adjudicator,automatic,version,updated_at");
  });
});
