// A built-in MMTE/MetaHOPE project whose scheme a lab edits (one word of the guidelines) moves to
// the scheme runtime with its error spans, reviews and post-edits converted to the scheme's values
// (issue 28, step 2 "Storage"; lib/db/built-in-to-scheme-values.ts): the paper tables computed
// afterwards from the scheme runtime's storage are the built-in ones to the last bit, the scheme
// workspace shows a converted span with its category and severity, and a value the new version
// refuses refuses the whole change, leaving the project as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { readFileSync } from "node:fs";
import path from "node:path";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import { FIGURE_KEYS } from "./report-outputs";
import { syntheticAnnotations } from "./synthetic-annotations";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/load-import";
import { readDemoCorpus } from "@/lib/db/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { emptyImportResult, type ImportResult } from "@/lib/import/types";
import { getProjectRuntime, getSchemeInForce, setProjectScheme } from "@/lib/db/project-schemes";
import { getSchemePaperTables } from "@/lib/db/scheme-paper-input";
import { getSchemeWorkspaceItem } from "@/lib/db/scheme-workspace-item";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { getAgreementFigures, getScoreTables } from "@/lib/reports";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TAgreementFigure } from "@/lib/reports/agreement-figure";
import { updateSchemeConfig } from "@/lib/db/update-scheme-config";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";
import { haveMetahopeData, importMetahopePilot } from "@/scripts/e2e-metahope-fixture";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** The scheme in force with one word of its guidelines edited (and `edit` applied): a variant, under the scheme runtime. */
async function variantOfSchemeInForce(projectId: string, edit: (s: { fields: Record<string, unknown>[] }) => void = () => {}): Promise<TSchemeDefinition> {
  const s = structuredClone(await getSchemeInForce(db, projectId)) as unknown as { guidelines: string; fields: Record<string, unknown>[] };
  const edited = s.guidelines.replace("translation", "translations");
  expect(edited).not.toBe(s.guidelines);
  s.guidelines = edited;
  edit(s);
  return ZSchemeDefinition.parse(s);
}

/** Emails as the report snapshots write them (report-outputs.ts): without the run's random part and the project's id. */
function normalised(x: unknown, projectId: string): unknown {
  const text = JSON.stringify(x, (_k, v) => (typeof v === "string" && /@(annotators\.tropos\.local|test\.tropos)$/.test(v) ? v.replace(/-[0-9a-f]{8}@/, "@") : v));
  return JSON.parse(text.split(`@${projectId.toLowerCase()}.annotators.tropos.local`).join("@annotators.tropos.local"));
}

const figureRows = (figures: readonly TAgreementFigure[]) =>
  figures.map((f) => Object.fromEntries(FIGURE_KEYS.filter((k) => (f as unknown as Record<string, unknown>)[k] !== undefined).map((k) => [k, (f as unknown as Record<string, unknown>)[k]])));

/** A built-in project with the given parts switched on in Settings (the preset of those parts stored as version 1). */
async function builtInProject(parts: Record<string, unknown>) {
  const project = await makeProject(db);
  const lead = await makeUser(db, { tag: "lead" });
  await updateSchemeConfig(db, project.id, ZSchemeConfig.parse(parts), lead.id);
  expect((await getProjectRuntime(db, project.id)).kind).toBe("built-in");
  return project;
}

const count = async (table: string, projectId: string, where = "TRUE") => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE "projectId" = $1 AND ${where}`, [projectId])).rows[0].n;

describe.skipIf(!haveMetahopeData())("the MetaHOPE pilot (skipped when data/metahope is absent)", () => {
  it("moves to the scheme runtime when the guidelines are edited, and tables 3–6 stay the built-in snapshot's to the last bit", async () => {
    const project = await builtInProject({ mmteQuality: false, mmteMrw: { equivalence: false, emotion: false, authenticity: false }, alignment: true, metahopeErrors: true });
    await importMetahopePilot(pool, project.id);
    const spans = await count("ErrorSpan", project.id);
    expect(spans).toBeGreaterThan(0);

    const def = await variantOfSchemeInForce(project.id);
    const { version } = await setProjectScheme(db, project.id, def, { actorId: null });
    expect((await getProjectRuntime(db, project.id)).kind).toBe("scheme");
    expect(await count("ErrorSpan", project.id)).toBe(0);
    expect(await count("Annotation", project.id, `field = 'METAHOPE_ERRORS' AND jsonb_typeof(value) = 'array' AND "schemeVersion" = ${version}`)).toBeGreaterThan(0);
    expect(await count("Annotation", project.id, `field = 'METAHOPE_ERRORS' AND jsonb_typeof(value) <> 'array'`)).toBe(0);
    // every span is in a list, once
    const inLists = (await pool.query<{ n: number }>(`SELECT sum(jsonb_array_length(value))::int AS n FROM "Annotation" WHERE "projectId" = $1 AND field = 'METAHOPE_ERRORS'`, [project.id])).rows[0].n;
    expect(inLists).toBe(spans);

    const snapshot = JSON.parse(readFileSync(path.join(__dirname, "__snapshots__/metahope-pilot.report.json"), "utf8"));
    const got = await getSchemePaperTables(db, project.id, def);
    expect(got.analyses.map((a) => [a.name, a.bound])).toContainEqual(["metahope.tables3-6", true]);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(snapshot.agreement.filter((f: { scheme: string }) => f.scheme === "metahope"));
    expect(normalised(got.scores?.metahope, project.id)).toStrictEqual(snapshot.scores.metahope);

    // the generic scheme report reads the converted values too (the workbooks' notes, no field of the scheme, stay out of it)
    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("unreachable");
    const report = await getSchemeReport(pool, project.id, runtime);
    expect(report.figures.some((f) => f.field === "METAHOPE_ERRORS")).toBe(true);
    expect(report.fields.map((f) => f.id)).not.toContain("METAHOPE_COMMENT");
  }, 240_000);
});

describe.skipIf(!haveMetahopeData())("a MetaHOPE project without post-edit fields (skipped when data/metahope is absent)", () => {
  it("takes one more error category: the workbooks' post-edits, outside both schemes, stay as they were; tables 3–6 unchanged", async () => {
    // MetaHOPE only, no post-edit part: the workbooks' "Human Gold Standard" is stored as figurative post-edits no field shows
    const project = await builtInProject({
      mmteQuality: false, mmteMrw: { equivalence: false, emotion: false, authenticity: false }, postEdit: { figurative: false, literal: false },
      alignment: true, metahopeErrors: true, metahopePostEdit: false,
    });
    await importMetahopePilot(pool, project.id);
    const postEdits = await count("PostEdit", project.id);
    expect(postEdits).toBeGreaterThan(0);

    const def = await variantOfSchemeInForce(project.id, (s) => {
      const errors = s.fields.find((f) => f.id === "METAHOPE_ERRORS") as { labels: { value: string; label: string }[] };
      errors.labels.push({ value: "CUL", label: "Cultural" });
    });
    expect(def.fields.some((f) => f.kind === "edit")).toBe(false);
    await setProjectScheme(db, project.id, def, { actorId: null });
    expect((await getProjectRuntime(db, project.id)).kind).toBe("scheme");
    expect(await count("ErrorSpan", project.id)).toBe(0);
    expect(await count("PostEdit", project.id)).toBe(postEdits);
    const audit = await db.auditLog.findFirstOrThrow({ where: { projectId: project.id, action: "scheme.convert-built-in-values" } });
    expect((audit.detail as { postEditsKeptOutsideTheScheme?: number }).postEditsKeptOutsideTheScheme).toBe(postEdits);

    const snapshot = JSON.parse(readFileSync(path.join(__dirname, "__snapshots__/metahope-pilot.report.json"), "utf8"));
    const got = await getSchemePaperTables(db, project.id, def);
    const paperFigures = figureRows(got.metahopeAgreement).filter((f) => !JSON.stringify(f).includes("CUL"));
    expect(normalised(paperFigures, project.id)).toStrictEqual(snapshot.agreement.filter((f: { scheme: string }) => f.scheme === "metahope"));
  }, 240_000);
});

/** Post-edits of two raters, gold references and decisions on the first `n` segments, so that MMTE table 3 has BLEU and ROUGE-L and the tables read decided values. */
function postEditsAndGold(corpus: ImportResult, n: number): ImportResult {
  const out = emptyImportResult();
  const segments = corpus.documents.flatMap((d) => d.segments).slice(0, n);
  out.goldReferences = [];
  out.adjudications = [];
  for (const [i, s] of segments.entries()) {
    const t = corpus.translations.find((x) => x.segmentId === s.externalId)!;
    out.postEdits.push({ annotator: "rater-1", segmentId: s.externalId, system: t.system, text: `${t.text}（比喻${i}）`, kind: "figurative", language: "zh" });
    out.postEdits.push({ annotator: "rater-2", segmentId: s.externalId, system: t.system, text: `${t.text.slice(0, Math.max(1, t.text.length - 2))}。`, kind: "literal", language: "zh" });
    out.goldReferences.push({ segmentId: s.externalId, language: "zh", kind: "figurative", text: `${t.text.slice(1)}（金${i}）` });
    out.goldReferences.push({ segmentId: s.externalId, language: "zh", kind: "literal", text: t.text.slice(0, Math.max(1, t.text.length - 1)) });
    // decisions: a sentence's Fluency, and a decided MetaHOPE penalty on an MRW (the per-category cells the built-in adjudication stores)
    out.adjudications!.push({ segmentId: s.externalId, system: t.system, field: "FLUENCY", value: 1 + (i % 5), rationale: "decided", automatic: true });
    const mrw = s.mrws.find((m) => m.active);
    if (mrw) out.adjudications!.push({ segmentId: s.externalId, system: t.system, mrwId: mrw.externalId, field: "METAHOPE_MIS", value: 6, rationale: "decided", automatic: true });
  }
  return out;
}

async function demoProject(opts: { postEdits?: boolean } = {}) {
  const project = await builtInProject({ alignment: true, metahopeErrors: true, metahopePostEdit: true });
  const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
  await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
  await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
  if (opts.postEdits !== false) await loadImport(pool, { projectId: project.id, fileName: "post-edits.jsonl", result: postEditsAndGold(corpus, 12) });
  return project;
}

describe("the demo corpus with synthetic MMTE and MetaHOPE values, post-edits and gold references", () => {
  it("moves to the scheme runtime: MMTE table 3 (BLEU, ROUGE-L) and figures 3–5, MetaHOPE tables 3–6 unchanged; the workspace shows a converted span", async () => {
    const project = await demoProject();
    const before = await getScoreTables(db, project.id);
    const beforeFigures = await getAgreementFigures(db, project.id, { schemes: ["metahope"] });
    // BLEU and ROUGE-L against the gold references are computed (not "no reference")
    expect(before.mmte?.automatic?.some((r) => r.bleu4.defined && r.rougeL.defined)).toBe(true);
    const postEdits = await count("PostEdit", project.id);
    expect(postEdits).toBe(24);
    // a span to look for in the workspace afterwards
    const { rows: [span] } = await pool.query<{ annotatorId: string; translationId: string; segmentId: string; category: string; severity: string; start: number; end: number }>(
      `SELECT e."annotatorId", e."translationId", t."segmentId", e.category, e.severity, e.start, e."end" FROM "ErrorSpan" e JOIN "Translation" t ON t.id = e."translationId" WHERE e."projectId" = $1 ORDER BY e.id LIMIT 1`,
      [project.id],
    );

    const def = await variantOfSchemeInForce(project.id);
    const { version } = await setProjectScheme(db, project.id, def, { actorId: null });
    const runtime = await getProjectRuntime(db, project.id);
    expect(runtime.kind).toBe("scheme");
    expect(await count("PostEdit", project.id)).toBe(0);
    expect(await count("ErrorSpan", project.id)).toBe(0);
    expect(await count("Annotation", project.id, `field IN ('POSTEDIT_FIGURATIVE', 'POSTEDIT_LITERAL') AND "schemeVersion" = ${version}`)).toBe(postEdits);
    // each converted value starts its history: a review mark's next version, or a new value's first
    expect(await count("History", project.id, `entity = 'ANNOTATION' AND "entityId" IN (SELECT id FROM "Annotation" WHERE field = 'POSTEDIT_FIGURATIVE') AND "oldValue" IS NULL`)).toBe(postEdits / 2);
    expect(await count("History", project.id, `entity = 'ANNOTATION' AND "oldValue" = '{"reviewed": true}'::jsonb`)).toBeGreaterThan(0);
    // what an edit value has no place for, and the gold references' sources, in the conversion's audit row
    const audit = await db.auditLog.findFirstOrThrow({ where: { projectId: project.id, action: "scheme.convert-built-in-values" }, select: { detail: true } });
    const detail = audit.detail as { version: number; errorSpans: number; postEdits: number; postEditBases: Record<string, { language: string; baseTranslationId: string | null }> };
    expect(detail).toMatchObject({ version, postEdits });
    expect(Object.values(detail.postEditBases).filter((b) => b.language === "zh" && b.baseTranslationId !== null)).toHaveLength(postEdits);

    const got = await getSchemePaperTables(db, project.id, def);
    expect(got.analyses.filter((a) => !a.bound)).toEqual([]);
    expect(got.scores?.mmte).toStrictEqual(before.mmte);
    expect(JSON.stringify(got.scores?.mmte)).toBe(JSON.stringify(before.mmte));
    expect(got.scores?.metahope).toStrictEqual(before.metahope);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(normalised(figureRows(beforeFigures), project.id));
    expect(got.scores?.sourceDescription).toBe(before.sourceDescription);
    expect(got.scores?.sourceDescription).toContain("Adjudicated values for");
    // the decided MetaHOPE cells still count as decided, and the decided Fluency values
    expect(before.metahope?.source.adjudicated).toBeGreaterThan(0);
    expect(before.mmte?.source.adjudicated).toBeGreaterThan(0);

    // the scheme workspace's reader shows the converted span with its category and severity
    if (runtime.kind !== "scheme") throw new Error("unreachable");
    const item = await getSchemeWorkspaceItem(db, {
      project: { id: project.id, slug: project.slug, sourceLang: project.sourceLang, targetLang: project.targetLang },
      config: { blindSystemNames: false, shuffleItems: false },
      annotatorId: span.annotatorId,
      segmentKey: span.segmentId,
      runtime,
    });
    const list = item.annotations.find((a) => a.field === "METAHOPE_ERRORS" && a.translationId === span.translationId);
    expect(list?.value).toContainEqual(expect.objectContaining({ start: span.start, end: span.end, label: span.category, attributes: { severity: { MINOR: 2, MEDIUM: 4, MAJOR: 6, SEVERE: 8, CRITICAL: 10 }[span.severity] } }));

    // back to the preset as shipped: refused while span lists and post-edits are stored as values
    const preset = structuredClone(def);
    preset.guidelines = preset.guidelines.replace("translations", "translation");
    const back = await rejection(setProjectScheme(db, project.id, preset, { actorId: null }));
    expect(back.code).toBe("CONFLICT");
    expect(back.message).toMatch(/would not read the \d+ lists of error spans and 24 post-edits/);
    expect((await getProjectRuntime(db, project.id)).kind).toBe("scheme");
  }, 240_000);

  it("as snapshotted (no post-edits, no decisions): after the move the tables are the built-in snapshot's", async () => {
    const project = await demoProject({ postEdits: false });
    const def = await variantOfSchemeInForce(project.id);
    await setProjectScheme(db, project.id, def, { actorId: null });
    expect((await getProjectRuntime(db, project.id)).kind).toBe("scheme");
    const snapshot = JSON.parse(readFileSync(path.join(__dirname, "__snapshots__/demo-synthetic.report.json"), "utf8"));
    const got = await getSchemePaperTables(db, project.id, def);
    expect(normalised(got.scores?.mmte, project.id)).toStrictEqual(snapshot.scores.mmte);
    expect(normalised(got.scores?.metahope, project.id)).toStrictEqual(snapshot.scores.metahope);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(snapshot.agreement.filter((f: { scheme: string }) => f.scheme === "metahope"));
  }, 240_000);

  it("an annotator whose only span was deleted counts in neither runtime: the MetaHOPE figures stay the same", async () => {
    const project = await demoProject({ postEdits: false });
    const gone = await makeUser(db, { tag: "gone" });
    const { rows: [t] } = await pool.query<{ id: string }>(`SELECT t.id FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" WHERE s."projectId" = $1 ORDER BY t.id LIMIT 1`, [project.id]);
    // the built-in runtime lists them among its MetaHOPE annotators (lib/reports/metahope-coverage.ts), reviewing nothing
    await db.errorSpan.create({ data: { projectId: project.id, annotatorId: gone.id, translationId: t.id, category: "MIS", severity: "MAJOR", start: 0, end: 1, deletedAt: new Date() } });
    const before = await getAgreementFigures(db, project.id, { schemes: ["metahope"] });
    const beforeScores = await getScoreTables(db, project.id);
    const def = await variantOfSchemeInForce(project.id);
    await setProjectScheme(db, project.id, def, { actorId: null });
    const got = await getSchemePaperTables(db, project.id, def);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(normalised(figureRows(before), project.id));
    expect(got.scores?.metahope).toStrictEqual(beforeScores.metahope);
  }, 240_000);

  it("a value the new version refuses: a clear error naming item and field, and the project left as it was", async () => {
    const project = await demoProject();
    const versionsBefore = await count("ProjectScheme", project.id);
    const spans = await count("ErrorSpan", project.id);
    const marks = await count("Annotation", project.id, `field = 'METAHOPE_ERRORS'`);
    // the lab shortens the figurative post-edit to 10 characters: the stored ones are longer
    const def = await variantOfSchemeInForce(project.id, (s) => {
      (s.fields.find((f) => f.id === "POSTEDIT_FIGURATIVE") as { maxLength: number }).maxLength = 10;
    });
    const e = await rejection(setProjectScheme(db, project.id, def, { actorId: null }));
    expect(e.code).toBe("CONFLICT");
    expect(e.message).toMatch(/segment \S+, annotator rater-1@\S+: POSTEDIT_FIGURATIVE: is \d+ characters long, more than 10/);
    expect((await getProjectRuntime(db, project.id)).kind).toBe("built-in");
    expect(await count("ProjectScheme", project.id)).toBe(versionsBefore);
    expect(await count("ErrorSpan", project.id)).toBe(spans);
    expect(await count("PostEdit", project.id)).toBe(24);
    expect(await count("Annotation", project.id, `field = 'METAHOPE_ERRORS' AND value = '{"reviewed": true}'::jsonb`)).toBe(marks);
    expect(await count("Annotation", project.id, `field LIKE 'POSTEDIT_%'`)).toBe(0);
    expect(await count("Assignment", project.id, `scheme = 'SCHEME'`)).toBe(0);
  }, 240_000);

  it("draft spans refuse the move, named", async () => {
    const project = await demoProject();
    await pool.query(`UPDATE "ErrorSpan" SET category = NULL WHERE id = (SELECT id FROM "ErrorSpan" WHERE "projectId" = $1 ORDER BY id LIMIT 1)`, [project.id]);
    const def = await variantOfSchemeInForce(project.id);
    const e = await rejection(setProjectScheme(db, project.id, def, { actorId: null }));
    expect(e.message).toMatch(/1 error span is a draft .*segment \S+, translation \S+ \(zh\), annotator rater-\d@/);
    expect((await getProjectRuntime(db, project.id)).kind).toBe("built-in");
  }, 240_000);
});

describe("reviews without spans", () => {
  it("a review mark becomes an empty list (reviewed, nothing marked) with its history, and the preset as shipped can come back", async () => {
    const project = await builtInProject({ metahopeErrors: true });
    const ann = await makeUser(db, { tag: "ann" });
    const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
    const system = await db.mtSystem.create({ data: { projectId: project.id, name: "sys" } });
    const seg = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: "s", index: 0, text: "Time flies.", language: "en" } });
    const tr = await db.translation.create({ data: { segmentId: seg.id, systemId: system.id, language: "zh", text: "时光飞逝" } });
    const mark = await db.annotation.create({ data: { projectId: project.id, annotatorId: ann.id, segmentId: seg.id, translationId: tr.id, itemKey: `${tr.id}:-`, field: "METAHOPE_ERRORS", value: { reviewed: true } } });
    const preset = await getSchemeInForce(db, project.id);

    const { version } = await setProjectScheme(db, project.id, await variantOfSchemeInForce(project.id), { actorId: null });
    expect(await db.annotation.findUnique({ where: { id: mark.id }, select: { value: true, version: true, schemeVersion: true } })).toEqual({ value: [], version: 2, schemeVersion: version });
    expect(await db.history.findMany({ where: { entityId: mark.id }, select: { entity: true, version: true, oldValue: true, newValue: true } })).toEqual([{ entity: "ANNOTATION", version: 2, oldValue: { reviewed: true }, newValue: [] }]);

    // an empty list is a review to the built-in runtime too: nothing to lose, so the way back is open
    await setProjectScheme(db, project.id, preset, { actorId: null });
    expect((await getProjectRuntime(db, project.id)).kind).toBe("built-in");
  }, 60_000);
});
