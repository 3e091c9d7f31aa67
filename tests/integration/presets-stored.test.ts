// Presets stored as data (issue 14): a project made from a built-in preset (the browser's wizard
// and `tropos project create --scheme mmte|metahope|both` share createProject) stores the preset
// of its parts as scheme version 1 and runs it as its scheme (issue 28: one runtime, the presets
// included); switching parts in Settings (updateSchemeConfig) stores the next version, in the same
// transaction, while the values of a part switched off stay stored; saves record the version in
// force; the paper tables computed from such a project are the snapshot's to the last bit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { FIGURE_KEYS } from "./report-outputs";
import { syntheticAnnotations } from "./synthetic-annotations";
import { loadImport } from "@/lib/db/import/load-import";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { storePresetOfPartsVersion } from "@/lib/db/projects/project-schemes";
import { createProject } from "@/lib/db/projects/create-project";
import { getProjectRuntime, getProjectScheme, listProjectSchemeVersions } from "@/lib/db/projects/project-schemes";
import { updateSchemeConfig } from "@/lib/db/projects/update-scheme-config";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { sortedJson } from "@/lib/schemes/canonical-value";
import { presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { schemeConfigFor, SCHEME_PRESETS } from "@/lib/schemes/presets/parts-choice";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";
import { readFileSync } from "node:fs";
import path from "node:path";
import { getSchemePaperTables } from "@/lib/db/reports/paper-input";
import { getAgreementFigures } from "@/lib/reports";
import type { TAgreementFigure } from "@/lib/reports/agreement-figure";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** Emails as the report snapshots write them (report-outputs.ts): without the run's random part and the project's id. */
function normalised(x: unknown, projectId: string): unknown {
  const text = JSON.stringify(x, (_k, v) => (typeof v === "string" && /@(annotators\.tropos\.local|test\.tropos)$/.test(v) ? v.replace(/-[0-9a-f]{8}@/, "@") : v));
  return JSON.parse(text.split(`@${projectId.toLowerCase()}.annotators.tropos.local`).join("@annotators.tropos.local"));
}

const figureRows = (figures: readonly TAgreementFigure[]) =>
  figures.map((f) => Object.fromEntries(FIGURE_KEYS.filter((k) => (f as unknown as Record<string, unknown>)[k] !== undefined).map((k) => [k, (f as unknown as Record<string, unknown>)[k]])));

const slug = (p: string) => `${p}-${process.pid}-${Math.random().toString(36).slice(2, 7)}`;

describe("built-in presets stored as data", () => {
  it("a project made from each preset stores it as version 1 and runs it as its scheme", async () => {
    for (const preset of SCHEME_PRESETS) {
      const { project } = await createProject(db, { slug: slug(preset), name: preset, sourceLang: "en", targetLang: "zh", scheme: preset, members: [] }, { actorId: null, via: "web", inviteMissing: true });
      const stored = await getProjectScheme(db, project.id);
      expect(stored?.version).toBe(1);
      expect(sortedJson(stored?.definition)).toBe(sortedJson(presetOfParts(schemeConfigFor(preset))));
      expect(await getProjectRuntime(db, project.id)).toEqual({ kind: "scheme", version: 1, definition: stored?.definition });
      expect((await listProjectSchemeVersions(db, project.id))[0].note).toBe(`preset ${preset}`);
    }
  });

  it("switching parts in Settings stores the next version; the same parts again store nothing; values stay", async () => {
    const manager = await makeUser(db, { tag: "mgr" });
    const annotator = await makeUser(db, { tag: "ann" });
    const { project } = await createProject(db, { slug: slug("parts"), name: "Parts", sourceLang: "en", targetLang: "zh", scheme: "mmte", members: [] }, { actorId: null, via: "cli", inviteMissing: false });
    await db.projectMember.create({ data: { projectId: project.id, userId: annotator.id, role: "ANNOTATOR" } });
    const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
    const seg = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: "s", index: 0, text: "Time is a thief.", language: "en" } });
    const sys = await db.mtSystem.create({ data: { projectId: project.id, name: "GPT" } });
    const tr = await db.translation.create({ data: { segmentId: seg.id, systemId: sys.id, language: "zh", text: "时间是小偷。" } });
    await db.assignment.create({ data: { projectId: project.id, annotatorId: annotator.id, segmentId: seg.id } });
    const save = async (config: ReturnType<typeof ZSchemeConfig.parse>, value: number, baseVersion: number) =>
      saveAnnotation(pool, {
        projectId: project.id,
        annotatorId: annotator.id,
        config,
        runtime: await getProjectRuntime(db, project.id),
        input: { segmentId: seg.id, translationId: tr.id, mrwId: null, field: "FLUENCY", value, baseVersion },
      });
    const mmte = schemeConfigFor("mmte");
    await save(mmte, 4, 0);

    const withAlignment = ZSchemeConfig.parse({ ...mmte, alignment: true });
    expect(await updateSchemeConfig(db, project.id, withAlignment, manager.id)).toEqual({ schemeVersion: 2 });
    const v2 = await getProjectScheme(db, project.id);
    expect(v2?.definition.id).toBe("built-in");
    expect(v2?.definition.fields.map((f) => f.id)).toContain("ALIGNMENT");
    expect(await getProjectRuntime(db, project.id)).toMatchObject({ kind: "scheme", version: 2 });
    // presentation switches only: no new version
    expect(await updateSchemeConfig(db, project.id, { ...withAlignment, shuffleItems: false }, manager.id)).toEqual({ schemeVersion: null });
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).schemeConfig).toMatchObject({ shuffleItems: false });

    // MMTE quality off: FLUENCY leaves the definition, its value stays stored
    const noQuality = ZSchemeConfig.parse({ ...withAlignment, mmteQuality: false });
    expect(await updateSchemeConfig(db, project.id, noQuality, manager.id)).toEqual({ schemeVersion: 3 });
    expect((await getProjectScheme(db, project.id))?.definition.fields.map((f) => f.id)).not.toContain("FLUENCY");
    expect(await db.annotation.findMany({ where: { projectId: project.id }, select: { field: true, value: true, schemeVersion: true } })).toEqual([{ field: "FLUENCY", value: 4, schemeVersion: 1 }]);

    // back to MMTE as shipped: version 4 is the MMTE preset itself (but for its target words, a part
    // off by default, issue 19), and a save records it
    expect(await updateSchemeConfig(db, project.id, mmte, manager.id)).toEqual({ schemeVersion: 4 });
    expect(sortedJson((await getProjectScheme(db, project.id))?.definition)).toBe(sortedJson({ ...MMTE_PRESET, fields: MMTE_PRESET.fields.filter((f) => f.id !== "TARGET_WORDS") }));
    await save(mmte, 5, 1);
    expect(await db.annotation.findFirstOrThrow({ where: { projectId: project.id }, select: { value: true, schemeVersion: true } })).toEqual({ value: 5, schemeVersion: 4 });
    const audit = await db.auditLog.findMany({ where: { projectId: project.id, action: "scheme-config" }, orderBy: { createdAt: "asc" }, select: { detail: true } });
    expect(audit.map((a) => (a.detail as { schemeVersion: number | null }).schemeVersion)).toEqual([2, null, 3, 4]);
  });

  it("a project that runs its own scheme gets no version from the parts form", async () => {
    const manager = await makeUser(db, { tag: "mgr" });
    const own = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
    const { project } = await createProject(db, { slug: slug("own"), name: "Own", sourceLang: "en", targetLang: "zh", scheme: "mmte", members: [] }, { actorId: null, via: "cli", inviteMissing: false, definition: { scheme: own } });
    expect(await updateSchemeConfig(db, project.id, schemeConfigFor("metahope"), manager.id)).toEqual({ schemeVersion: null });
    expect((await listProjectSchemeVersions(db, project.id)).map((v) => v.version)).toEqual([1]);
    expect((await getProjectScheme(db, project.id))?.definition.id).toBe("idiom-judgement");
    // and a MetaHOPE project stores the MetaHOPE preset itself, but for its post-edit (a part off by
    // default, issue 19); one created with it stores the whole preset
    const { project: mh } = await createProject(db, { slug: slug("mh"), name: "MH", sourceLang: "en", targetLang: "zh", scheme: "metahope", members: [] }, { actorId: null, via: "cli", inviteMissing: false });
    expect(sortedJson((await getProjectScheme(db, mh.id))?.definition)).toBe(sortedJson({ ...METAHOPE_PRESET, fields: METAHOPE_PRESET.fields.filter((f) => f.id !== "METAHOPE_POSTEDIT") }));
    const { project: mhPe } = await createProject(db, { slug: slug("mhpe"), name: "MH", sourceLang: "en", targetLang: "zh", scheme: "metahope", parts: ["metahope-post-edit"], members: [] }, { actorId: null, via: "cli", inviteMissing: false });
    expect(sortedJson((await getProjectScheme(db, mhPe.id))?.definition)).toBe(sortedJson(METAHOPE_PRESET));
  });

  it("a project with its preset stored gives every paper figure of the snapshot, to the last bit", async () => {
    // MMTE and MetaHOPE, the parts the synthetic annotators fill in
    const project = await makeProject(db);
    const config = schemeConfigFor("both");
    await db.project.update({ where: { id: project.id }, data: { schemeConfig: config } });
    expect(await db.$transaction((tx) => storePresetOfPartsVersion(tx, project.id, config, { actorId: null, note: "test" }))).toBe(1);
    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("a stored preset runs as a scheme");
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
    // imports record the version in force, as saves do, and store the error spans as values of the scheme
    const versions = await db.annotation.groupBy({ by: ["schemeVersion"], where: { projectId: project.id }, _count: { _all: true } });
    expect(versions.map((v) => v.schemeVersion)).toEqual([1]);
    expect(await db.errorSpan.count({ where: { projectId: project.id } })).toBe(0);
    // the same file tests/integration/reports-snapshots.test.ts compares a project without a stored scheme with:
    // the named analyses (MMTE table 3 and figures 3–5, MetaHOPE tables 3–6) give its figures
    const snapshot = JSON.parse(readFileSync(path.join(__dirname, "__snapshots__/demo-synthetic.report.json"), "utf8"));
    const got = await getSchemePaperTables(db, project.id, runtime.definition);
    expect(got.analyses.filter((a) => !a.bound)).toEqual([]);
    expect(normalised(got.scores, project.id)).toStrictEqual(snapshot.scores);
    expect(normalised(figureRows(got.metahopeAgreement), project.id)).toStrictEqual(snapshot.agreement.filter((f: { scheme: string }) => f.scheme === "metahope"));
    // MMTE's agreement figures read the same values
    expect(normalised(figureRows(await getAgreementFigures(db, project.id, { schemes: ["mmte"] })), project.id)).toStrictEqual(snapshot.agreement.filter((f: { scheme: string }) => f.scheme === "mmte"));
  }, 120_000);
});
