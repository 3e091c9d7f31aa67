// Presets stored as data (issue 14): a project made from a built-in preset (the browser's wizard
// and `tropos project create --scheme mmte|metahope|both` share createProject) stores the preset
// of its parts as scheme version 1 and runs under the built-in runtime; switching parts in
// Settings (updateSchemeConfig) stores the next version, in the same transaction, while the values
// of a part switched off stay stored; saves record the version in force.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { reportOutputs } from "./report-outputs";
import { syntheticAnnotations } from "./synthetic-annotations";
import { loadImport } from "@/lib/db/load-import";
import { readDemoCorpus } from "@/lib/db/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { storeBuiltInSchemeVersion } from "@/lib/db/project-schemes";
import { createProject } from "@/lib/db/create-project";
import { getProjectRuntime, getProjectScheme, listProjectSchemeVersions } from "@/lib/db/project-schemes";
import { parseSchemeConfig } from "@/lib/schemes/scheme-config";
import { updateSchemeConfig } from "@/lib/db/update-scheme-config";
import { saveAnnotation } from "@/lib/db/annotations";
import { sortedJson } from "@/lib/schemes/canonical-value";
import { builtInSchemeFor } from "@/lib/schemes/presets/built-in-scheme-for-config";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { schemeConfigFor, SCHEME_PRESETS } from "@/lib/schemes/scheme-preset";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";
import { readFileSync } from "node:fs";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const slug = (p: string) => `${p}-${process.pid}-${Math.random().toString(36).slice(2, 7)}`;

describe("built-in presets stored as data", () => {
  it("a project made from each preset stores it as version 1 and runs the built-in runtime", async () => {
    for (const preset of SCHEME_PRESETS) {
      const { project } = await createProject(db, { slug: slug(preset), name: preset, sourceLang: "en", targetLang: "zh", scheme: preset, members: [] }, { actorId: null, via: "web", inviteMissing: true });
      const stored = await getProjectScheme(db, project.id);
      expect(stored?.version).toBe(1);
      expect(sortedJson(stored?.definition)).toBe(sortedJson(builtInSchemeFor(schemeConfigFor(preset))));
      expect(await getProjectRuntime(db, project.id)).toEqual({ kind: "built-in", version: 1 });
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
    await db.assignment.create({ data: { projectId: project.id, annotatorId: annotator.id, segmentId: seg.id, scheme: "MMTE" } });
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
    expect(await getProjectRuntime(db, project.id)).toEqual({ kind: "built-in", version: 2 });
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

  it("a project with its preset stored gives every report figure of the snapshot, to the last bit", async () => {
    const project = await makeProject(db);
    const config = parseSchemeConfig(project.schemeConfig);
    if (!config.ok) throw new Error("fixture configuration");
    expect(await db.$transaction((tx) => storeBuiltInSchemeVersion(tx, project.id, config.config, { actorId: null, note: "test" }))).toBe(1);
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
    // imports record the version in force, as saves do
    const versions = await db.annotation.groupBy({ by: ["schemeVersion"], where: { projectId: project.id }, _count: { _all: true } });
    expect(versions.map((v) => v.schemeVersion)).toEqual([1]);
    // the same file tests/integration/reports-snapshots.test.ts compares a project without a stored scheme with
    await expect(await reportOutputs(db, project.id)).toMatchFileSnapshot("./__snapshots__/demo-synthetic.report.json");
  }, 120_000);
});
