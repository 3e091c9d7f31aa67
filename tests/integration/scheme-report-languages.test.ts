// The report of a project running its own scheme, split by target language (issue 28 point 4):
// one project holds the same sources translated into French and German, rated on the idiom scheme
// (a segment field, transparency, and translation fields) by annotators who do not all work in
// both languages. Each language's figures must equal those of a project that holds that language
// alone — the independent check: the same lines, each language's imported into a project of its
// own (its segments, its translations, its translations' values and its segments' values), whose
// report has no language to split by. Then the agreement export and API options, the dashboard's
// language tabs, and the models beside the annotators on the dashboard and in the full report.
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { exportFile } from "@/lib/db/export/stream";
import { loadImport } from "@/lib/db/import/load-import";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import type { TAgreementFigure } from "@/lib/reports";
import { parseReportQuery } from "@/lib/reports/report-query";
import { schemeAccuracyRows, schemeAgreementRows } from "@/lib/reports/scheme-dashboard";
import { getSchemeDashboardData } from "@/lib/reports/scheme-dashboard-data";
import { getSchemeFullReport } from "@/lib/reports/scheme-full-report-data";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { versionMemoStats } from "@/lib/reports/version-memo";
import { getRuntimeAgreementFigures } from "@/lib/reports/scheme-runtime-figures";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { EMOS_PRESET } from "@/lib/schemes/presets/emos";
import { SchemeDashboardView } from "@/components/dashboard/scheme-dashboard-view";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail, makeProject } from "./fixtures";

const IDIOM = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
const RUNTIME = { version: IDIOM.version, definition: IDIOM };
const LANGS = ["fr", "de"] as const;
const SYSTEMS = ["sys-a", "sys-b"];
const SEGMENTS = ["s1", "s2", "s3", "s4", "s5", "s6", "s7"];
/** which segments have translations in which language: s6 only German, s7 only French */
const HAS = (seg: string, lang: string) => !(seg === "s6" && lang === "fr") && !(seg === "s7" && lang === "de");
/** who rates which language: a and b both, c only French, d only German */
const RATERS: Record<string, string[]> = { fr: ["a", "b", "c"], de: ["a", "b", "d"] };
const email = (r: string) => `lang-${r}@annotators.test`;
const MEANING = ["kept", "literal", "lost"];

/** A fixed pseudo-random value per key (a hash of its text), so the data is the same on every run. */
function pick(key: string, n: number): number {
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) % n;
}

interface TLine {
  line: Record<string, unknown>;
  /** the languages the line belongs to: the corpus lines of a segment, its translations', its values' */
  langs: string[];
}

function corpus(): TLine[] {
  const out: TLine[] = [{ line: { type: "document", externalId: "d1", title: "Idioms", language: "en" }, langs: [...LANGS] }];
  SEGMENTS.forEach((s, i) => {
    const langs = LANGS.filter((l) => HAS(s, l));
    out.push({ line: { type: "segment", documentId: "d1", externalId: s, index: i, text: `Idiom sentence number ${i + 1}.`, language: "en", metaphorical: true }, langs });
    for (const l of langs) for (const sys of SYSTEMS) out.push({ line: { type: "translation", segmentId: s, system: sys, language: l, text: `${l} ${sys} ${s}` }, langs: [l] });
  });
  return out;
}

function values(): TLine[] {
  const out: TLine[] = [];
  const raters = [...new Set(Object.values(RATERS).flat())];
  for (const s of SEGMENTS) {
    const langs = LANGS.filter((l) => HAS(s, l));
    // the segment field: rated once per segment by whoever works in one of its languages
    for (const r of raters.filter((x) => langs.some((l) => RATERS[l].includes(x)))) {
      out.push({ line: { type: "annotation", annotator: email(r), segmentId: s, field: "transparency", value: 1 + pick(`t${r}${s}`, 7) }, langs });
    }
    for (const l of langs) {
      for (const sys of SYSTEMS) {
        for (const r of RATERS[l]) {
          const base = { type: "annotation", annotator: email(r), segmentId: s, system: sys, language: l };
          // raters agree more often than chance: most take the pair's "true" value
          const meaning = pick(`m${r}${s}${sys}${l}`, 4) === 0 ? MEANING[pick(`x${r}${s}${sys}${l}`, 3)] : MEANING[pick(`${s}${sys}${l}`, 3)];
          out.push({ line: { ...base, field: "meaning", value: meaning }, langs: [l] });
          out.push({ line: { ...base, field: "fluency", value: 10 * pick(`${s}${sys}${l}`, 8) + pick(`f${r}${s}${sys}${l}`, 25) }, langs: [l] });
        }
      }
    }
  }
  return out;
}

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const jsonl = (lines: TLine[], lang?: string) =>
  lines
    .filter((l) => lang === undefined || l.langs.includes(lang))
    .map((l) => JSON.stringify(lang === undefined ? l.line : Object.fromEntries(Object.entries(l.line).filter(([k]) => !(k === "language" && l.line.type === "annotation")))))
    .join("\n");

/** A project on the idiom scheme with the given target languages, holding the lines of `lang` (all when absent). */
async function projectWith(targetLangs: string[], lang?: string) {
  const project = await makeProject(db, [], { targetLang: targetLangs[0] });
  await db.project.update({ where: { id: project.id }, data: { targetLangs } });
  await setProjectScheme(db, project.id, IDIOM, { actorId: null });
  await addMembersByEmail(db, project.id, ["a", "b", "c", "d"].map(email));
  for (const [name, lines] of [["corpus.jsonl", corpus()], ["values.jsonl", values()]] as const) {
    const result = parseJsonl(name, jsonl(lines, lang));
    expect(result.errors, name).toEqual([]);
    await loadImport(pool, { projectId: project.id, fileName: name, result });
  }
  return project;
}

/** A figure without what names where it came from (its language, its includes sentence). */
const comparable = (f: TAgreementFigure) => {
  const { language: _l, includes: _i, ...rest } = f;
  return rest;
};
const key = (f: TAgreementFigure) => JSON.stringify([f.field, f.system, f.statistic, f.level, f.weights, f.kappaCategories, f.label, f.annotators, f.annotator]);
const sorted = (fs: TAgreementFigure[]) => [...fs].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

describe("a custom scheme's report over two target languages", () => {
  let both: Awaited<ReturnType<typeof projectWith>>;
  const alone: Record<string, Awaited<ReturnType<typeof projectWith>>> = {};
  beforeAll(async () => {
    both = await projectWith(["fr", "de"]);
    for (const l of LANGS) alone[l] = await projectWith([l], l);
  }, 120_000);

  it("gives each language the figures of a project holding that language alone (segment values in every language of their segment)", async () => {
    for (const l of LANGS) {
      const split = await getRuntimeAgreementFigures(db, pool, both.id, { language: l });
      const single = await getRuntimeAgreementFigures(db, pool, alone[l].id);
      expect(split.length, l).toBeGreaterThan(20);
      expect(split.every((f) => f.language === l), `${l}: every figure names its language`).toBe(true);
      expect(single.every((f) => f.language === undefined)).toBe(true);
      expect(sorted(split).map(comparable), l).toEqual(sorted(single).map(comparable));
      // the includes sentence says which language
      expect(split[0].includes).toContain(`target language "${l}"`);
    }
    // the languages differ (different raters, different values), so the check is not vacuous
    const fr = await getRuntimeAgreementFigures(db, pool, both.id, { language: "fr" });
    const de = await getRuntimeAgreementFigures(db, pool, both.id, { language: "de" });
    const alpha = (fs: TAgreementFigure[], field: string) => fs.find((f) => f.field === field && f.system === "all" && f.statistic === "krippendorff_alpha" && f.level === (field === "fluency" ? "interval" : field === "transparency" ? "ordinal" : "nominal"))!;
    expect(alpha(fr, "meaning").n).toBe(6 * 2);
    expect(alpha(de, "meaning").n).toBe(6 * 2);
    expect(alpha(fr, "meaning").value).not.toBe(alpha(de, "meaning").value);
    // transparency: s1–s5 and s7 in French (6 units), s1–s6 in German
    expect([alpha(fr, "transparency").n, alpha(de, "transparency").n]).toEqual([6, 6]);
    expect(alpha(fr, "transparency").raters).toBe(4);
  });

  it("exports every language's figures, each naming it, when no language is asked for (CLI --what agreement)", async () => {
    const all = await getRuntimeAgreementFigures(db, pool, both.id);
    expect(new Set(all.map((f) => f.language))).toEqual(new Set(LANGS));
    for (const l of LANGS) expect(all.filter((f) => f.language === l)).toEqual(await getRuntimeAgreementFigures(db, pool, both.id, { language: l }));
    let json = "";
    for await (const line of exportFile(pool, db, both, "agreement", "json").lines) json += line;
    const rows = JSON.parse(json) as TAgreementFigure[];
    expect(rows.length).toBe(all.length);
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(LANGS));
  });

  it("the dashboard shows the first language unless one is chosen, with the language tabs", async () => {
    const first = await getSchemeDashboardData(db, pool, both.id, RUNTIME, parseReportQuery({}));
    expect(first.report.languages).toEqual(["fr", "de"]);
    expect(first.report.filter.language).toBe("fr");
    const chosen = await getSchemeDashboardData(db, pool, both.id, RUNTIME, parseReportQuery({ language: "de" }));
    expect(chosen.report.filter.language).toBe("de");
    // the German progress is the German project's (c rated the transparency of segments that also have German translations)
    expect(chosen.report.progress).toEqual((await getSchemeReport(pool, alone.de.id, RUNTIME)).progress);
    const rows = schemeAgreementRows(chosen.report);
    const single = schemeAgreementRows(await getSchemeReport(pool, alone.de.id, RUNTIME));
    expect(rows.map((r) => [r.field, r.system, r.alpha?.value, r.alpha?.n, r.exact?.n])).toEqual(single.map((r) => [r.field, r.system, r.alpha?.value, r.alpha?.n, r.exact?.n]));
    const html = renderToStaticMarkup(
      createElement(SchemeDashboardView, {
        slug: both.slug,
        sourceLang: "en",
        scheme: chosen.report.scheme,
        filter: chosen.report.filter,
        languages: chosen.report.languages,
        systems: chosen.report.systems,
        fields: chosen.report.fields,
        progress: chosen.report.progress,
        agreement: rows,
        accuracy: schemeAccuracyRows(chosen.report),
        distributions: chosen.report.distributions,
        includes: chosen.report.includes,
        figureCount: chosen.report.figures.length,
        elapsedMs: 1,
      }),
    );
    expect(html).toContain('data-testid="language-tabs"');
    expect(html).toContain(`href="/projects/${both.slug}/dashboard?language=fr"`);
    expect(html).toMatch(/aria-current="page"[^>]*>en → de</);
    // Apply keeps the chosen language; the downloads are of it
    expect(html).toContain('name="language" value="de"');
    expect(html).toContain(`/api/projects/${both.slug}/reports/full?language=de`);
    // a project with one target language shows no tabs
    const one = await getSchemeReport(pool, alone.fr.id, RUNTIME);
    expect(one.languages).toEqual(["fr"]);
    expect(one.filter.language).toBeUndefined();
  });

  it("puts a model beside the annotators on the dashboard and in the full report", async () => {
    // a model's meaning for every French sys-a translation
    const ep = await db.modelEndpoint.create({ data: { projectId: both.id, name: "judge", kind: "imported", model: "judge-1" } });
    const translations = await db.translation.findMany({ where: { segment: { projectId: both.id }, language: "fr", system: { name: "sys-a" } }, select: { id: true, segmentId: true } });
    for (const t of translations) {
      await db.suggestion.create({ data: { projectId: both.id, endpointId: ep.id, segmentId: t.segmentId, translationId: t.id, itemKey: `${t.id}:-`, field: "meaning", value: "kept", status: "ok", model: "judge-1", promptVersion: "imported:run.jsonl", promptText: "" } });
    }
    const dash = await getSchemeDashboardData(db, pool, both.id, RUNTIME, parseReportQuery({}));
    // the model's κ with each annotator of the language shown (French: d rated none of it)
    const kappas = dash.modelRaters.filter((r) => r.model === "judge:judge-1" && r.statistic === "cohen_kappa");
    expect(kappas.map((r) => [r.other, r.n])).toEqual(["a", "b", "c"].map((r) => [email(r), translations.length]));
    // the German dashboard: the model suggested nothing there
    expect((await getSchemeDashboardData(db, pool, both.id, RUNTIME, parseReportQuery({ language: "de" }))).modelRaters).toEqual([]);
    const html = renderToStaticMarkup(
      createElement(SchemeDashboardView, {
        slug: both.slug,
        scheme: dash.report.scheme,
        filter: dash.report.filter,
        languages: dash.report.languages,
        modelRaters: dash.modelRaters,
        systems: dash.report.systems,
        fields: dash.report.fields,
        progress: dash.report.progress,
        agreement: schemeAgreementRows(dash.report),
        accuracy: schemeAccuracyRows(dash.report),
        distributions: dash.report.distributions,
        includes: dash.report.includes,
        figureCount: dash.report.figures.length,
        elapsedMs: 1,
      }),
    );
    expect(html).toContain("Models beside the annotators");
    expect(html).toContain("judge:judge-1");
    const full = await getSchemeFullReport(db, pool, both, RUNTIME, parseReportQuery({}));
    expect(full.models).toEqual(dash.modelRaters);
    expect(full.languages).toEqual(["fr", "de"]);
    expect(full.filters.language).toBe("fr");
    expect(full.notes.some((n) => n.startsWith("'models' holds"))).toBe(true);
  });

  it("computes no statistics for a view with nothing changed; a change computes them again", async () => {
    const view = () => getSchemeDashboardData(db, pool, both.id, RUNTIME, parseReportQuery({ language: "fr" }));
    const first = await view();
    const before = versionMemoStats();
    const again = await view();
    expect(versionMemoStats()).toEqual({ computed: before.computed, served: before.served + 1 });
    expect(again.report).toBe(first.report);
    // other options are another report, computed once
    const other = () => getSchemeDashboardData(db, pool, both.id, RUNTIME, parseReportQuery({ language: "de", split: "TEST" }));
    await other();
    await other();
    expect(versionMemoStats().computed).toBe(before.computed + 1);
    // an annotator changes a French value: the next view computes again, and sees it
    const a = await db.annotation.findFirstOrThrow({ where: { projectId: both.id, field: "meaning", translation: { language: "fr" } }, select: { id: true, value: true } });
    await db.annotation.update({ where: { id: a.id }, data: { value: a.value === "kept" ? "lost" : "kept" } });
    const after = await view();
    expect(versionMemoStats().computed).toBe(before.computed + 2);
    expect(after.report).not.toBe(first.report);
    const alpha = (r: typeof first.report) => r.figures.find((f) => f.field === "meaning" && f.system === "all" && f.statistic === "krippendorff_alpha")!.value;
    expect(alpha(after.report)).not.toBe(alpha(first.report));
  });

  it("sees a new target language on the next report (the languages are kept only while nothing changed)", async () => {
    expect((await getSchemeReport(pool, alone.fr.id, RUNTIME)).languages).toEqual(["fr"]);
    const segment = await db.segment.findFirstOrThrow({ where: { projectId: alone.fr.id, externalId: "s1" } });
    const system = await db.mtSystem.findFirstOrThrow({ where: { projectId: alone.fr.id, name: "sys-a" } });
    await db.project.update({ where: { id: alone.fr.id }, data: { targetLangs: ["fr", "it"] } });
    await db.translation.create({ data: { segmentId: segment.id, systemId: system.id, language: "it", text: "it sys-a s1" } });
    const report = await getSchemeReport(pool, alone.fr.id, RUNTIME);
    expect(report.languages).toEqual(["fr", "it"]);
    expect(report.filter.language).toBe("fr");
  });
});

describe("a named analysis over two target languages", () => {
  /** EMOS lines: source vectors per segment, target vectors and equivalence per translation, by two raters. */
  function emosLines(): TLine[] {
    const dims = ["happiness", "sadness", "fear", "anger", "surprise", "disgust", "neutrality"];
    const vec = (k: string) => ({ [dims[pick(k, 7)]]: 1 + pick(`${k}v`, 3), [dims[pick(`${k}w`, 7)]]: 1 });
    const out: TLine[] = [{ line: { type: "document", externalId: "d1", title: "Emotions", language: "en" }, langs: [...LANGS] }];
    for (let i = 0; i < 5; i++) {
      const seg = `e${i + 1}`;
      out.push({ line: { type: "segment", documentId: "d1", externalId: seg, index: i, text: `Sentence ${i + 1}.`, language: "en", metaphorical: false }, langs: [...LANGS] });
      for (const r of ["a", "b"]) out.push({ line: { type: "annotation", annotator: email(r), segmentId: seg, field: "source_emotions", value: vec(`${seg}${r}`) }, langs: [...LANGS] });
      for (const l of LANGS) {
        for (const sys of SYSTEMS) {
          out.push({ line: { type: "translation", segmentId: seg, system: sys, language: l, text: `${l} ${sys} ${seg}` }, langs: [l] });
          for (const r of ["a", "b"]) {
            const base = { type: "annotation", annotator: email(r), segmentId: seg, system: sys, language: l };
            out.push({ line: { ...base, field: "target_emotions", value: vec(`${seg}${sys}${l}${r}`) }, langs: [l] });
            out.push({ line: { ...base, field: "equivalence", value: 1 + pick(`${seg}${sys}${l}${r}q`, 5) }, langs: [l] });
          }
        }
      }
    }
    return out;
  }
  async function emosProject(targetLangs: string[], lang?: string) {
    const project = await makeProject(db, [], { targetLang: targetLangs[0] });
    await db.project.update({ where: { id: project.id }, data: { targetLangs } });
    await setProjectScheme(db, project.id, EMOS_PRESET, { actorId: null });
    await addMembersByEmail(db, project.id, ["a", "b"].map(email));
    const result = parseJsonl("emos.jsonl", jsonl(emosLines(), lang));
    expect(result.errors).toEqual([]);
    await loadImport(pool, { projectId: project.id, fileName: "emos.jsonl", result });
    return project;
  }
  const scores = async (project: { id: string; slug: string }) => {
    let json = "";
    for await (const line of exportFile(pool, db, project, "scores", "json").lines) json += line;
    return JSON.parse(json) as Record<string, unknown>[];
  };

  it("--what scores gives every language's rows, each naming it, equal to a project of that language alone", async () => {
    const both = await emosProject(["fr", "de"]);
    const rows = await scores(both);
    expect(new Set(rows.map((r) => r.target_language))).toEqual(new Set(LANGS));
    for (const l of LANGS) {
      const single = await scores(await emosProject([l], l));
      expect(single.every((r) => r.target_language === undefined)).toBe(true);
      const mine = rows.filter((r) => r.target_language === l).map(({ target_language: _t, ...r }) => r);
      expect(mine.length, l).toBeGreaterThan(10);
      // per-translation rows come in the order of the translations' ids, so they are compared as
      // sets, sums to 12 digits, and without the bootstrap intervals (resampled in that order)
      const bag = (rs: Record<string, unknown>[]) =>
        rs.map(({ ci95_lower: _l, ci95_upper: _u, ...r }) => JSON.stringify(r, (_k, v: unknown) => (typeof v === "number" ? Number(v.toPrecision(12)) : v))).sort();
      expect(bag(mine), l).toEqual(bag(single));
    }
  });
});
