// MetaHOPE's "read the whole document first" (workflow.readDocumentFirst) on the real database:
// the gate, the read mark, and who may set it (lib/db/workspace/document-reads.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeUser, rejection } from "./fixtures";
import { loadImport } from "@/lib/db/import/load-import";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { createProject } from "@/lib/db/projects/create-project";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { getProjectScheme, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { documentGateOf, markDocumentRead, refuseUnreadDocument } from "@/lib/db/workspace/document-reads";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { describeSchemeChange } from "@/lib/schemes/language/scheme-change";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function studyProject(scheme: "metahope" | "mmte" | "both") {
  const ann = await makeUser(db, { tag: "ann" });
  const other = await makeUser(db, { tag: "other" });
  const slug = `gate-${scheme}-${Math.random().toString(36).slice(2, 8)}`;
  const { project } = await createProject(
    db,
    { slug, name: slug, sourceLang: "en", targetLang: "zh", scheme, members: [{ email: ann.email, role: "ANNOTATOR" }, { email: other.email, role: "ANNOTATOR" }] },
    { actorId: null, via: "cli", inviteMissing: false },
  );
  await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  await createAssignments(db, { projectId: project.id, annotatorIds: [ann.id], perItem: 1, shuffle: false });
  const version = (await getProjectScheme(db, project.id))?.version ?? null;
  const segments = await db.segment.findMany({ where: { projectId: project.id }, orderBy: [{ documentId: "asc" }, { index: "asc" }], select: { id: true, externalId: true, documentId: true } });
  return { project, ann, other, version, segments };
}

describe("read the document first", () => {
  it("the MetaHOPE preset asks for it: writes to a sentence are refused until its document is read, then accepted", async () => {
    expect(METAHOPE_PRESET.workflow.readDocumentFirst).toBe(true);
    const { project, ann, version, segments } = await studyProject("metahope");
    const [s1] = segments;
    const sameDoc = segments.filter((s) => s.documentId === s1.documentId && s.id !== s1.id);
    const otherDoc = segments.find((s) => s.documentId !== s1.documentId)!;
    const gate = { projectId: project.id, schemeVersion: version, userId: ann.id };

    expect(await documentGateOf(db, { ...gate, documentId: s1.documentId })).toEqual({ documentId: s1.documentId, read: false });
    const refused = await rejection(refuseUnreadDocument(db, { ...gate, segmentKey: s1.id }));
    expect(refused.code).toBe("DOCUMENT_NOT_READ");
    expect(refused.status).toBe(423);
    expect(refused.message).toMatch(/^Read the whole document .* first/);
    // by external id too (the API's links use it)
    expect((await rejection(refuseUnreadDocument(db, { ...gate, segmentKey: s1.externalId }))).code).toBe("DOCUMENT_NOT_READ");

    await markDocumentRead(db, { projectId: project.id, userId: ann.id, documentId: s1.documentId });
    // once read, every sentence of that document opens, and only of that one
    await refuseUnreadDocument(db, { ...gate, segmentKey: s1.id });
    for (const s of sameDoc) await refuseUnreadDocument(db, { ...gate, segmentKey: s.id });
    expect((await rejection(refuseUnreadDocument(db, { ...gate, segmentKey: otherDoc.id }))).code).toBe("DOCUMENT_NOT_READ");
    expect(await documentGateOf(db, { ...gate, documentId: s1.documentId })).toEqual({ documentId: s1.documentId, read: true });
    // marking it again keeps the first reading time
    const first = await db.documentRead.findUniqueOrThrow({ where: { userId_documentId: { userId: ann.id, documentId: s1.documentId } } });
    await markDocumentRead(db, { projectId: project.id, userId: ann.id, documentId: s1.documentId });
    expect((await db.documentRead.findUniqueOrThrow({ where: { userId_documentId: { userId: ann.id, documentId: s1.documentId } } })).readAt).toEqual(first.readAt);
  });

  it("only a document with a sentence assigned to the caller can be marked read", async () => {
    const { project, other, segments } = await studyProject("metahope");
    const e = await rejection(markDocumentRead(db, { projectId: project.id, userId: other.id, documentId: segments[0].documentId }));
    expect(e.code).toBe("NOT_FOUND");
    expect(await db.documentRead.count({ where: { userId: other.id } })).toBe(0);
  });

  it("a scheme that does not ask for it (MMTE) stays open", async () => {
    const mmte = await studyProject("mmte");
    const s = mmte.segments[0];
    expect(await documentGateOf(db, { projectId: mmte.project.id, schemeVersion: mmte.version, userId: mmte.ann.id, documentId: s.documentId })).toBeNull();
    await refuseUnreadDocument(db, { projectId: mmte.project.id, schemeVersion: mmte.version, userId: mmte.ann.id, segmentKey: s.id });

    // a lab that switches it off stores a new version without it: the sentences open
    const mh = await studyProject("metahope");
    const before = (await getProjectScheme(db, mh.project.id))!.definition;
    const off = { ...structuredClone(before), workflow: { readDocumentFirst: false } };
    expect(describeSchemeChange(before, off)).toEqual(["Documents no longer have to be read before their sentences open"]);
    await setProjectScheme(db, mh.project.id, off, { actorId: null });
    const version = (await getProjectScheme(db, mh.project.id))!.version;
    await refuseUnreadDocument(db, { projectId: mh.project.id, schemeVersion: version, userId: mh.ann.id, segmentKey: mh.segments[0].id });
    // and a version stored before the setting existed (no `workflow` key) parses as "off"
    const { workflow: _dropped, ...older } = before;
    void _dropped;
    expect(ZSchemeDefinition.parse(older).workflow).toEqual({ readDocumentFirst: false });
  });
});

describe("switching parts keeps the workflow in force", () => {
  it("a project stored without readDocumentFirst does not start asking for it when a part is switched", async () => {
    const { updateSchemeConfig } = await import("@/lib/db/projects/update-scheme-config");
    const { schemeConfigFor } = await import("@/lib/schemes/presets/parts-choice");
    const mh = await studyProject("metahope");
    const manager = await makeUser(db, { tag: "mgr" });
    const stored = (await getProjectScheme(db, mh.project.id))!;
    // as the presets-stored migration stored it, before the language had `workflow`
    const { workflow: _w, ...older } = JSON.parse(JSON.stringify(stored.definition)) as Record<string, unknown>;
    void _w;
    // (a new raw version: this process keeps parsed versions, which are never edited)
    await db.projectScheme.create({ data: { projectId: mh.project.id, version: stored.version + 1, definition: older as object, note: "as migrated" } });
    const both = schemeConfigFor("both");
    const { schemeVersion } = await updateSchemeConfig(db, mh.project.id, both, manager.id);
    expect(schemeVersion).toBe(stored.version + 2);
    const next = (await getProjectScheme(db, mh.project.id))!;
    expect(next.definition.workflow).toEqual({ readDocumentFirst: false });
    await refuseUnreadDocument(db, { projectId: mh.project.id, schemeVersion: next.version, userId: mh.ann.id, segmentKey: mh.segments[0].id });
  });

  it("saving the same parts of a version stored under the combined preset's old name stores nothing (no rename notice)", async () => {
    const { updateSchemeConfig } = await import("@/lib/db/projects/update-scheme-config");
    const { schemeConfigFor } = await import("@/lib/schemes/presets/parts-choice");
    const both = await studyProject("both");
    const manager = await makeUser(db, { tag: "mgr" });
    const stored = (await getProjectScheme(db, both.project.id))!;
    expect(stored.definition.name).toBe("MMTE and MetaHOPE");
    // as a release before the rename stored it
    const older = { ...JSON.parse(JSON.stringify(stored.definition)), name: "Built-in (MMTE and MetaHOPE)" };
    await db.projectScheme.create({ data: { projectId: both.project.id, version: stored.version + 1, definition: older as object, note: "as stored before" } });
    expect((await updateSchemeConfig(db, both.project.id, schemeConfigFor("both"), manager.id)).schemeVersion).toBeNull();
    // a part switched off: a new version, still under the name it had
    const off = schemeConfigFor("both");
    const { schemeVersion } = await updateSchemeConfig(db, both.project.id, { ...off, alignment: false }, manager.id);
    expect(schemeVersion).toBe(stored.version + 2);
    expect((await getProjectScheme(db, both.project.id))!.definition.name).toBe("Built-in (MMTE and MetaHOPE)");
    // every part off: refused, nothing stored
    const none = { ...off, mmteQuality: false, mmteMrw: { equivalence: false, emotion: false, authenticity: false, targetWords: false }, alignment: false, metahopeErrors: false, metahopePostEdit: false, postEdit: { figurative: false, literal: false } };
    await expect(updateSchemeConfig(db, both.project.id, none, manager.id)).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("At least one part") });
    expect((await getProjectScheme(db, both.project.id))!.version).toBe(stored.version + 2);
  });
});
