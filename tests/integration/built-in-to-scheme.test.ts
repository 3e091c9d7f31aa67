// An MMTE/MetaHOPE project as the previous release wrote it (error spans, review marks and post-edits
// in the built-in runtime's tables, its preset stored as version 1; its per-part assignments as
// migration 20261129000000_assignment_per_item leaves them, one per annotator × item and a review
// mark for each DONE MetaHOPE one: tests/integration/migration-assignment-parts.test.ts) is
// moved onto the one runtime (issue 28; lib/db/upgrade/move-onto-scheme-runtime.ts moveOntoSchemeRuntime,
// run by `npm run db:migrate`, the server's start and the demo), its spans, reviews and post-edits
// converted to the scheme's values (lib/db/upgrade/built-in-to-scheme-values.ts): the paper tables
// computed afterwards from the scheme runtime's storage are the built-in ones to the last bit, the
// scheme workspace shows a converted span with its category and severity, and a value the stored
// version refuses refuses the whole move, named, leaving the project as it was. A draft span (no
// category or severity yet) does not: it has no value to become, so it is set aside, recorded in
// full in the conversion's audit row, and no figure changes (drafts never entered one).
//
// What these tests checked before the one runtime and no longer can: that editing the preset (one
// word of its guidelines) is what moved a project, and that "the preset as shipped can come back"
// to the built-in runtime. Every stored version runs as a scheme now and there is no built-in
// runtime to go back to; a variant stored after the move is still tested (one more error category).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { readFileSync } from "node:fs";
import path from "node:path";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import { FIGURE_KEYS } from "./report-outputs";
import { syntheticAnnotations } from "./synthetic-annotations";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { emptyImportResult, type ImportResult } from "@/lib/import/types";
import { getProjectRuntime, getSchemeInForce, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { moveOntoSchemeRuntime } from "@/lib/db/upgrade/move-onto-scheme-runtime";
import { updateSchemeConfig } from "@/lib/db/projects/update-scheme-config";
import { presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { getSchemePaperTables } from "@/lib/db/reports/paper-input";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { getAgreementFigures, getScoreTables } from "@/lib/reports";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TAgreementFigure } from "@/lib/reports/agreement-figure";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";
import { haveMetahopeData, importMetahopePilot } from "@/scripts/e2e-metahope-fixture";
import { loadAsEarlierRelease } from "./earlier-release";

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

/**
 * A project as the previous release left it, with the given parts switched on: `load` writes its
 * work the way that release did (./earlier-release.ts: the current import writes scheme values
 * only, and reading the runtime of a project that stores no version moves it), then, as the
 * presets-stored migration did, its preset is stored as version 1 and every annotation records it
 * (`storePreset: false`: a project made before presets were stored, which the move gives one).
 */
async function previousReleaseProject(parts: Record<string, unknown>, load: (projectId: string) => Promise<unknown>, opts: { storePreset?: boolean } = {}) {
  const project = await makeProject(db);
  const config = ZSchemeConfig.parse(parts);
  await db.project.update({ where: { id: project.id }, data: { schemeConfig: config } });
  expect(await db.projectScheme.count({ where: { projectId: project.id } })).toBe(0);
  await load(project.id);
  if (opts.storePreset !== false) {
    // the first import stored its parts' preset already; the migration stored presetOfParts's
    await db.projectScheme.deleteMany({ where: { projectId: project.id } });
    await db.projectScheme.create({ data: { projectId: project.id, version: 1, definition: presetOfParts(config) as object, note: "preset" } });
    await db.annotation.updateMany({ where: { projectId: project.id }, data: { schemeVersion: 1 } });
  }
  return project;
}

/** The scheme the project runs after the move. */
async function schemeRuntime(projectId: string) {
  const runtime = await getProjectRuntime(db, projectId);
  if (runtime.kind !== "scheme") throw new Error(`project ${projectId} does not run a scheme`);
  return runtime;
}

const count = async (table: string, projectId: string, where = "TRUE") => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE "projectId" = $1 AND ${where}`, [projectId])).rows[0].n;

describe.skipIf(!haveMetahopeData())("the MetaHOPE pilot (skipped when data/metahope is absent)", () => {
  it("moves onto the scheme runtime, and tables 3–6 stay the built-in snapshot's to the last bit", async () => {
    const project = await previousReleaseProject({ mmteQuality: false, mmteMrw: { equivalence: false, emotion: false, authenticity: false }, alignment: true, metahopeErrors: true }, (id) => importMetahopePilot(pool, id, undefined, (file, result) => loadAsEarlierRelease(pool, id, file, result)));
    const spans = await count("ErrorSpan", project.id);
    expect(spans).toBeGreaterThan(0);

    const moved = await moveOntoSchemeRuntime(db, project.id);
    expect(moved).toMatchObject({ storedVersion: null, converted: { errorSpans: spans } });
    const { version, definition: def } = await schemeRuntime(project.id);
    expect(version).toBe(1);
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
    const runtime = await schemeRuntime(project.id);
    const report = await getSchemeReport(pool, project.id, runtime);
    expect(report.figures.some((f) => f.field === "METAHOPE_ERRORS")).toBe(true);
    expect(report.fields.map((f) => f.id)).not.toContain("METAHOPE_COMMENT");
  }, 240_000);
});

describe.skipIf(!haveMetahopeData())("a MetaHOPE project without post-edit fields (skipped when data/metahope is absent)", () => {
  it("moves: the workbooks' post-edits, outside the scheme, stay as they were (a second move finds nothing); then takes one more error category; tables 3–6 unchanged", async () => {
    // MetaHOPE only, no post-edit part: the workbooks' "Human Gold Standard" is stored as figurative post-edits no field shows
    const project = await previousReleaseProject(
      {
        mmteQuality: false, mmteMrw: { equivalence: false, emotion: false, authenticity: false }, postEdit: { figurative: false, literal: false },
        alignment: true, metahopeErrors: true, metahopePostEdit: false,
      },
      (id) => importMetahopePilot(pool, id, undefined, (file, result) => loadAsEarlierRelease(pool, id, file, result)),
    );
    const postEdits = await count("PostEdit", project.id);
    expect(postEdits).toBeGreaterThan(0);

    expect(await moveOntoSchemeRuntime(db, project.id)).not.toBeNull();
    expect(await count("ErrorSpan", project.id)).toBe(0);
    expect(await count("PostEdit", project.id)).toBe(postEdits);
    const audit = await db.auditLog.findFirstOrThrow({ where: { projectId: project.id, action: "scheme.convert-built-in-values" } });
    expect((audit.detail as { postEditsKeptOutsideTheScheme?: number }).postEditsKeptOutsideTheScheme).toBe(postEdits);
    // those post-edits are not work left to move: the project counts as moved
    expect(await moveOntoSchemeRuntime(db, project.id)).toBeNull();

    // a lab's variant with one more error category, stored over the moved project
    const def = await variantOfSchemeInForce(project.id, (s) => {
      const errors = s.fields.find((f) => f.id === "METAHOPE_ERRORS") as { labels: { value: string; label: string }[] };
      errors.labels.push({ value: "CUL", label: "Cultural" });
    });
    expect(def.fields.some((f) => f.kind === "edit")).toBe(false);
    await setProjectScheme(db, project.id, def, { actorId: null });
    expect((await schemeRuntime(project.id)).version).toBe(2);
    expect(await count("PostEdit", project.id)).toBe(postEdits);

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

const DEMO_PARTS = { alignment: true, metahopeErrors: true, metahopePostEdit: true };

/** The demo corpus with the synthetic work (and post-edits, gold references and decisions), written as the previous release stored it. */
async function demoProject(opts: { postEdits?: boolean } = {}) {
  return previousReleaseProject(DEMO_PARTS, async (projectId) => {
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    await loadImport(pool, { projectId, fileName: "demo.json", result: corpus });
    await loadAsEarlierRelease(pool, projectId, "synthetic.jsonl", syntheticAnnotations(corpus));
    if (opts.postEdits !== false) await loadAsEarlierRelease(pool, projectId, "post-edits.jsonl", postEditsAndGold(corpus, 12));
  });
}

/**
 * The same files imported by the current code into a project of the same parts: the one runtime's
 * own values. A moved project's tables must be this project's, to the last bit (what the built-in
 * runtime's "before" tables were compared with until it was deleted; the snapshot test below
 * holds both to the built-in snapshot).
 */
async function demoTwin(opts: { postEdits?: boolean } = {}) {
  const project = await makeProject(db);
  await db.project.update({ where: { id: project.id }, data: { schemeConfig: ZSchemeConfig.parse(DEMO_PARTS) } });
  const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
  await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
  await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
  if (opts.postEdits !== false) await loadImport(pool, { projectId: project.id, fileName: "post-edits.jsonl", result: postEditsAndGold(corpus, 12) });
  return project;
}

describe("the demo corpus with synthetic MMTE and MetaHOPE values, post-edits and gold references", () => {
  it("moves onto the scheme runtime: MMTE table 3 (BLEU, ROUGE-L) and figures 3–5, MetaHOPE tables 3–6 unchanged; the workspace shows a converted span", async () => {
    const project = await demoProject();
    const twin = await demoTwin();
    const before = normalised(await getScoreTables(db, twin.id), twin.id) as Awaited<ReturnType<typeof getScoreTables>>;
    const beforeFigures = normalised(figureRows(await getAgreementFigures(db, twin.id, { schemes: ["metahope"] })), twin.id);
    // BLEU and ROUGE-L against the gold references are computed (not "no reference")
    expect(before.mmte?.automatic?.some((r) => r.bleu4.defined && r.rougeL.defined)).toBe(true);
    const postEdits = await count("PostEdit", project.id);
    expect(postEdits).toBe(24);
    // a span to look for in the workspace afterwards
    const { rows: [span] } = await pool.query<{ annotatorId: string; translationId: string; segmentId: string; category: string; severity: string; start: number; end: number }>(
      `SELECT e."annotatorId", e."translationId", t."segmentId", e.category, e.severity, e.start, e."end" FROM "ErrorSpan" e JOIN "Translation" t ON t.id = e."translationId" WHERE e."projectId" = $1 ORDER BY e.id LIMIT 1`,
      [project.id],
    );

    await moveOntoSchemeRuntime(db, project.id);
    const runtime = await schemeRuntime(project.id);
    const { version, definition: def } = runtime;
    expect(version).toBe(1);
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
    expect(normalised(got.scores?.mmte, project.id)).toStrictEqual(before.mmte);
    expect(JSON.stringify(normalised(got.scores?.mmte, project.id))).toBe(JSON.stringify(before.mmte));
    expect(normalised(got.scores?.metahope, project.id)).toStrictEqual(before.metahope);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(beforeFigures);
    expect(got.scores?.sourceDescription).toBe(before.sourceDescription);
    expect(got.scores?.sourceDescription).toContain("Adjudicated values for");
    // the decided MetaHOPE cells still count as decided, and the decided Fluency values
    expect(before.metahope?.source.adjudicated).toBeGreaterThan(0);
    expect(before.mmte?.source.adjudicated).toBeGreaterThan(0);

    // the scheme workspace's reader shows the converted span with its category and severity
    const item = await getSchemeWorkspaceItem(db, {
      project: { id: project.id, slug: project.slug, sourceLang: project.sourceLang, targetLang: project.targetLang },
      config: { blindSystemNames: false, shuffleItems: false },
      annotatorId: span.annotatorId,
      segmentKey: span.segmentId,
      runtime,
    });
    const list = item.annotations.find((a) => a.field === "METAHOPE_ERRORS" && a.translationId === span.translationId);
    expect(list?.value).toContainEqual(expect.objectContaining({ start: span.start, end: span.end, label: span.category, attributes: { severity: { MINOR: 2, MEDIUM: 4, MAJOR: 6, SEVERE: 8, CRITICAL: 10 }[span.severity] } }));
  }, 240_000);

  it("as snapshotted (no post-edits, no decisions): after the move the tables are the built-in snapshot's", async () => {
    const project = await demoProject({ postEdits: false });
    await moveOntoSchemeRuntime(db, project.id);
    const { definition: def } = await schemeRuntime(project.id);
    const snapshot = JSON.parse(readFileSync(path.join(__dirname, "__snapshots__/demo-synthetic.report.json"), "utf8"));
    const got = await getSchemePaperTables(db, project.id, def);
    expect(normalised(got.scores?.mmte, project.id)).toStrictEqual(snapshot.scores.mmte);
    expect(normalised(got.scores?.metahope, project.id)).toStrictEqual(snapshot.scores.metahope);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(snapshot.agreement.filter((f: { scheme: string }) => f.scheme === "metahope"));
  }, 240_000);

  it("an annotator whose only span was deleted counts neither before nor after the move: the MetaHOPE figures stay the same", async () => {
    const project = await demoProject({ postEdits: false });
    const gone = await makeUser(db, { tag: "gone" });
    const { rows: [t] } = await pool.query<{ id: string }>(`SELECT t.id FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" WHERE s."projectId" = $1 ORDER BY t.id LIMIT 1`, [project.id]);
    // the built-in runtime lists them among its MetaHOPE annotators (lib/reports/analyses/paper/metahope-coverage.ts), reviewing nothing
    await db.errorSpan.create({ data: { projectId: project.id, annotatorId: gone.id, translationId: t.id, category: "MIS", severity: "MAJOR", start: 0, end: 1, deletedAt: new Date() } });
    const twin = await demoTwin({ postEdits: false });
    const before = await getAgreementFigures(db, twin.id, { schemes: ["metahope"] });
    const beforeScores = await getScoreTables(db, twin.id);
    await moveOntoSchemeRuntime(db, project.id);
    const { definition: def } = await schemeRuntime(project.id);
    const got = await getSchemePaperTables(db, project.id, def);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(normalised(figureRows(before), twin.id));
    expect(normalised(got.scores?.metahope, project.id)).toStrictEqual(normalised(beforeScores.metahope, twin.id));
  }, 240_000);

  /** What a refused move must leave as it was. */
  const untouched = async (projectId: string) => ({
    versions: await count("ProjectScheme", projectId),
    spans: await count("ErrorSpan", projectId),
    postEdits: await count("PostEdit", projectId),
    marks: await count("Annotation", projectId, `field = 'METAHOPE_ERRORS' AND value = '{"reviewed": true}'::jsonb`),
    lists: await count("Annotation", projectId, `field = 'METAHOPE_ERRORS' AND jsonb_typeof(value) = 'array'`),
    editValues: await count("Annotation", projectId, `field LIKE 'POSTEDIT_%'`),
    assignments: await count("Assignment", projectId),
    moves: await count("AuditLog", projectId, `action IN ('scheme.moved-onto-runtime', 'scheme.convert-built-in-values')`),
  });

  it("a value the stored version refuses: a clear error naming item and field, and the project left as it was", async () => {
    const project = await demoProject();
    // a severity code the preset does not know (written by hand, or by a release with other codes)
    const { rows: [bad] } = await pool.query<{ segment: string; system: string }>(
      `UPDATE "ErrorSpan" e SET severity = 'HUGE' FROM "Translation" t
       WHERE e.id = (SELECT id FROM "ErrorSpan" WHERE "projectId" = $1 ORDER BY id LIMIT 1) AND t.id = e."translationId"
       RETURNING (SELECT "externalId" FROM "Segment" WHERE id = t."segmentId") AS segment, (SELECT name FROM "MtSystem" WHERE id = t."systemId") AS system`,
      [project.id],
    );
    const before = await untouched(project.id);
    expect(before).toMatchObject({ postEdits: 24, editValues: 0, moves: 0 });
    const e = await rejection(moveOntoSchemeRuntime(db, project.id));
    expect(e.code).toBe("CONFLICT");
    expect(e.message).toContain(`segment ${bad.segment}, translation ${bad.system} (zh), annotator rater-`);
    expect(e.message).toMatch(/METAHOPE_ERRORS: .*HUGE/);
    expect(await untouched(project.id)).toEqual(before);
  }, 240_000);

  it("spans of a part switched off in Settings (no field in the version in force to hold them) refuse the move, counted; switched on again, the project moves", async () => {
    const project = await demoProject({ postEdits: false });
    // the previous release's Settings: MetaHOPE's errors switched off stored version 2 without them, the spans staying stored
    const off = ZSchemeConfig.parse({ alignment: true, metahopeErrors: false, metahopePostEdit: true });
    await db.project.update({ where: { id: project.id }, data: { schemeConfig: off } });
    await db.projectScheme.create({ data: { projectId: project.id, version: 2, definition: presetOfParts(off) as object, note: "parts changed in Settings" } });
    const spans = await count("ErrorSpan", project.id);
    const before = await untouched(project.id);
    const e = await rejection(moveOntoSchemeRuntime(db, project.id));
    expect(e.code).toBe("CONFLICT");
    expect(e.message).toContain(`no METAHOPE_ERRORS field (spans per translation) to hold the ${spans} error spans the project stores`);
    expect(await untouched(project.id)).toEqual(before);
    // the lead switches the part on again (the parts form stores version 3 with the field): the move goes through
    const lead = await makeUser(db, { tag: "lead" });
    expect(await updateSchemeConfig(db, project.id, ZSchemeConfig.parse({ alignment: true, metahopeErrors: true, metahopePostEdit: true }), lead.id)).toEqual({ schemeVersion: 3 });
    expect(await moveOntoSchemeRuntime(db, project.id)).toMatchObject({ converted: { errorSpans: spans } });
    expect(await count("ErrorSpan", project.id)).toBe(0);
  }, 240_000);

  it("draft spans do not refuse the move: set aside, each recorded in full in the conversion's audit row and counted; no value holds them; figures unchanged", async () => {
    const project = await demoProject();
    // a rater's span whose category is not chosen yet (a draft beside their complete spans) …
    const { rows: [first] } = await pool.query<{ id: string }>(
      `INSERT INTO "ErrorSpan" (id, "projectId", "annotatorId", "translationId", "mrwId", category, severity, start, "end", comment)
       SELECT gen_random_uuid()::text, "projectId", "annotatorId", "translationId", "mrwId", NULL, severity, start, "end", 'which one?'
       FROM "ErrorSpan" WHERE id = (SELECT id FROM "ErrorSpan" WHERE "projectId" = $1 ORDER BY id LIMIT 1) RETURNING id`,
      [project.id],
    );
    // … and an annotator whose only work is a draft on an MRW (severity not chosen): no review of anything
    const drafter = await makeUser(db, { tag: "drafter" });
    const { rows: [at] } = await pool.query<{ translationId: string; mrwId: string }>(
      `SELECT t.id AS "translationId", m.id AS "mrwId" FROM "Translation" t JOIN "Mrw" m ON m."segmentId" = t."segmentId" WHERE m."projectId" = $1 ORDER BY t.id, m.id LIMIT 1`,
      [project.id],
    );
    const second = await db.errorSpan.create({ data: { projectId: project.id, annotatorId: drafter.id, translationId: at.translationId, mrwId: at.mrwId, category: "MIS", severity: null, start: 1, end: 3, comment: "unsure" } });
    const drafts = (
      await db.errorSpan.findMany({
        where: { projectId: project.id, OR: [{ category: null }, { severity: null }] },
        select: { id: true, annotatorId: true, translationId: true, translation: { select: { segmentId: true } }, mrwId: true, start: true, end: true, category: true, severity: true, comment: true, createdAt: true, updatedAt: true },
      })
    )
      .map(({ translation, createdAt, updatedAt, ...d }) => ({ ...d, segmentId: translation.segmentId, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() }))
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(drafts.map((d) => d.id).sort()).toEqual([first.id, second.id].sort());
    const complete = await count("ErrorSpan", project.id, `category IS NOT NULL AND severity IS NOT NULL`);
    // the same work without the drafts, imported by the current code
    const twin = await demoTwin();
    const before = normalised(await getScoreTables(db, twin.id), twin.id) as Awaited<ReturnType<typeof getScoreTables>>;
    const beforeFigures = normalised(figureRows(await getAgreementFigures(db, twin.id, { schemes: ["metahope"] })), twin.id);

    const moved = await moveOntoSchemeRuntime(db, project.id);
    expect(moved?.converted).toMatchObject({ errorSpans: complete, draftSpans: 2 });
    const { definition: def } = await schemeRuntime(project.id);
    expect(await count("ErrorSpan", project.id)).toBe(0);
    // every one of them in the conversion's audit row, as it was (timestamps as ISO strings)
    const audit = await db.auditLog.findFirstOrThrow({ where: { projectId: project.id, action: "scheme.convert-built-in-values" }, select: { detail: true } });
    const detail = audit.detail as { errorSpans: number; draftSpans: number; draftSpansSetAside: Record<string, unknown>[] };
    expect(detail).toMatchObject({ errorSpans: complete, draftSpans: 2 });
    expect([...detail.draftSpansSetAside].sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(drafts);
    expect(detail.draftSpansSetAside.find((d) => d.id === second.id)).toEqual(expect.objectContaining({ annotatorId: drafter.id, mrwId: at.mrwId, category: "MIS", severity: null, start: 1, end: 3, comment: "unsure" }));
    expect(detail.draftSpansSetAside.find((d) => d.id === first.id)).toEqual(expect.objectContaining({ category: null, comment: "which one?" }));
    const move = await db.auditLog.findFirstOrThrow({ where: { projectId: project.id, action: "scheme.moved-onto-runtime" }, select: { detail: true } });
    expect(move.detail).toMatchObject({ errorSpans: complete, draftSpans: 2 });
    // no value holds a draft: the lists hold the complete spans, once; the drafter has no value at all (not a reviewer)
    const inLists = (await pool.query<{ n: number }>(`SELECT coalesce(sum(jsonb_array_length(value)), 0)::int AS n FROM "Annotation" WHERE "projectId" = $1 AND field = 'METAHOPE_ERRORS'`, [project.id])).rows[0].n;
    expect(inLists).toBe(complete);
    expect(await count("Annotation", project.id, `"annotatorId" = '${drafter.id}'`)).toBe(0);
    expect(await count("Annotation", project.id, `field = 'METAHOPE_ERRORS' AND value::text LIKE '%which one?%'`)).toBe(0);

    // drafts never entered a figure: the tables are the same before and after
    const got = await getSchemePaperTables(db, project.id, def);
    expect(normalised(got.scores?.metahope, project.id)).toStrictEqual(before.metahope);
    expect(normalised(got.scores?.mmte, project.id)).toStrictEqual(before.mmte);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(beforeFigures);
    // moved: nothing left for a second run
    expect(await moveOntoSchemeRuntime(db, project.id)).toBeNull();
  }, 240_000);
});

describe("reviews without spans", () => {
  // made before presets were stored: the move stores its preset as version 1 too
  it("a review mark becomes an empty list (reviewed, nothing marked) with its history; the assignment stays as it is", async () => {
    const ann = await makeUser(db, { tag: "ann" });
    let markId = "";
    const project = await previousReleaseProject(
      { metahopeErrors: true },
      async (projectId) => {
        const doc = await db.document.create({ data: { projectId, externalId: "d", language: "en" } });
        const system = await db.mtSystem.create({ data: { projectId, name: "sys" } });
        const seg = await db.segment.create({ data: { projectId, documentId: doc.id, externalId: "s", index: 0, text: "Time flies.", language: "en" } });
        const tr = await db.translation.create({ data: { segmentId: seg.id, systemId: system.id, language: "zh", text: "时光飞逝" } });
        await db.assignment.create({ data: { projectId, annotatorId: ann.id, segmentId: seg.id, status: "IN_PROGRESS" } });
        markId = (await db.annotation.create({ data: { projectId, annotatorId: ann.id, segmentId: seg.id, translationId: tr.id, itemKey: `${tr.id}:-`, field: "METAHOPE_ERRORS", value: { reviewed: true } } })).id;
      },
      { storePreset: false },
    );

    const moved = await moveOntoSchemeRuntime(db, project.id);
    expect(moved).toMatchObject({ storedVersion: 1, converted: { spanLists: 1, errorSpans: 0 } });
    const { version, definition } = await schemeRuntime(project.id);
    expect(version).toBe(1);
    expect(definition.fields.map((f) => f.id)).toContain("METAHOPE_ERRORS");
    expect(await db.annotation.findUnique({ where: { id: markId }, select: { value: true, version: true, schemeVersion: true } })).toEqual({ value: [], version: 2, schemeVersion: 1 });
    expect(await db.history.findMany({ where: { entityId: markId }, select: { entity: true, version: true, oldValue: true, newValue: true } })).toEqual([{ entity: "ANNOTATION", version: 2, oldValue: { reviewed: true }, newValue: [] }]);
    expect(await db.assignment.findMany({ where: { projectId: project.id }, select: { status: true } })).toEqual([{ status: "IN_PROGRESS" }]);
    expect(await moveOntoSchemeRuntime(db, project.id)).toBeNull();
  }, 60_000);
});
