// A scheme version stored on a project of an earlier release (setProjectScheme,
// lib/db/projects/project-schemes.ts) moves the project onto the one runtime first, in the same transaction
// (lib/db/upgrade/move-onto-scheme-runtime.ts): values keep their rows and can be edited under the variant,
// and the assignments (one per annotator × item since migration 20261129000000_assignment_per_item
// merged the per-part ones) stay as they are through every later version, the preset as shipped
// included. Error spans with no field to hold them refuse the whole change, storing nothing.
//
// Before the one runtime this file switched runtimes both ways; "the preset as shipped moves the
// assignments back" to MMTE/METAHOPE no longer exists: the preset runs as a scheme like any version.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** MMTE with one more Emotion option: a variant that keeps every field name. */
function variant() {
  const s = structuredClone(MMTE_PRESET) as unknown as { fields: Record<string, unknown>[] };
  const emotion = s.fields.find((f) => f.id === "EMOTION") as { options: Record<string, unknown>[] };
  emotion.options = [...emotion.options, { value: "MIXED", label: "mixed" }];
  return ZSchemeDefinition.parse(s);
}

/** A project as an earlier release left it (after the migrations): no stored version, its assignment (the per-part ones merged), a value. */
async function builtInProject() {
  const ann = await makeUser(db, { tag: "ann" });
  const project = await makeProject(db, [{ userId: ann.id, roles: ["ANNOTATOR"] }]);
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
  const system = await db.mtSystem.create({ data: { projectId: project.id, name: "sys" } });
  const seg = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: "s", index: 0, text: "Time flies.", language: "en" } });
  const tr = await db.translation.create({ data: { segmentId: seg.id, systemId: system.id, language: "zh", text: "时光飞逝" } });
  await db.assignment.create({ data: { projectId: project.id, annotatorId: ann.id, segmentId: seg.id, status: "IN_PROGRESS", timeSpentMs: 5000 } });
  await db.annotation.create({ data: { projectId: project.id, annotatorId: ann.id, segmentId: seg.id, translationId: tr.id, itemKey: `${tr.id}:-`, field: "FLUENCY", value: 4 } });
  return { ann, project, seg, tr };
}

describe("a scheme version stored on a project of an earlier release", () => {
  it("a variant of MMTE moves the project, its assignment as it was; the preset as shipped, stored later, keeps it", async () => {
    const { ann, project, seg, tr } = await builtInProject();
    // its work of the earlier release: a post-edit in the built-in runtime's table
    await db.postEdit.create({ data: { projectId: project.id, segmentId: seg.id, annotatorId: ann.id, kind: "FIGURATIVE", language: "zh", text: "光阴似箭" } });
    // no stored version (reading its runtime would move it: the move is setProjectScheme's here)
    expect(await db.projectScheme.count({ where: { projectId: project.id } })).toBe(0);
    // the move stores the preset of the project's parts as version 1 (the post-edit a value of it), the variant is version 2
    expect((await setProjectScheme(db, project.id, variant(), { actorId: null })).version).toBe(2);
    const runtime = await getProjectRuntime(db, project.id);
    expect(runtime).toMatchObject({ kind: "scheme", version: 2 });
    const moved = await db.assignment.findMany({ where: { projectId: project.id }, select: { status: true, timeSpentMs: true } });
    expect(moved).toEqual([{ status: "IN_PROGRESS", timeSpentMs: 5000 }]);
    expect(await db.postEdit.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.annotation.findFirstOrThrow({ where: { projectId: project.id, field: "POSTEDIT_FIGURATIVE" }, select: { value: true, schemeVersion: true } })).toEqual({ value: "光阴似箭", schemeVersion: 1 });
    // the stored value is still there and is edited under the variant
    const r = await saveAnnotation(pool, {
      projectId: project.id,
      annotatorId: ann.id,
      config: DEFAULT_SCHEME_CONFIG,
      runtime,
      input: { segmentId: seg.id, translationId: tr.id, mrwId: null, field: "FLUENCY", value: 5, baseVersion: 1 } as TSaveAnnotationInput,
    });
    expect(r.version).toBe(2);

    // the preset as shipped is a version like any other: the project keeps running it as a scheme, its assignments stay
    expect((await setProjectScheme(db, project.id, MMTE_PRESET, { actorId: null })).version).toBe(3);
    const preset = await getProjectRuntime(db, project.id);
    expect(preset).toMatchObject({ kind: "scheme", version: 3 });
    expect(await db.assignment.findMany({ where: { projectId: project.id }, select: { status: true, timeSpentMs: true } })).toEqual([{ status: "IN_PROGRESS", timeSpentMs: 5000 }]);
    const again = await saveAnnotation(pool, {
      projectId: project.id,
      annotatorId: ann.id,
      config: DEFAULT_SCHEME_CONFIG,
      runtime: preset,
      input: { segmentId: seg.id, translationId: tr.id, mrwId: null, field: "FLUENCY", value: 3, baseVersion: 2 } as TSaveAnnotationInput,
    });
    expect(again.version).toBe(3);
    expect(await db.annotation.findFirstOrThrow({ where: { projectId: project.id, field: "FLUENCY" }, select: { value: true, schemeVersion: true } })).toEqual({ value: 3, schemeVersion: 3 });
  });

  it("refuses the version when the project's error spans have no field to go to, naming it, and stores nothing", async () => {
    // its parts are MMTE's only (set in Settings: a configuration never set, '{}', moves with every
    // built-in field, MetaHOPE's errors included): the move into that preset finds no field for the span
    const { ann, project, tr } = await builtInProject();
    await db.project.update({ where: { id: project.id }, data: { schemeConfig: DEFAULT_SCHEME_CONFIG } });
    await db.errorSpan.create({ data: { projectId: project.id, annotatorId: ann.id, translationId: tr.id, category: "MIS", severity: "MAJOR", start: 0, end: 2 } });
    const e = await setProjectScheme(db, project.id, variant(), { actorId: null }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).message).toContain("has no METAHOPE_ERRORS field (spans per translation) to hold the 1 error span");
    expect(await db.errorSpan.count({ where: { projectId: project.id } })).toBe(1);
    expect(await db.projectScheme.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.assignment.findMany({ where: { projectId: project.id }, select: { status: true, timeSpentMs: true } })).toEqual([{ status: "IN_PROGRESS", timeSpentMs: 5000 }]);
  });

  it("with MetaHOPE on, the spans move into values, and a variant without their field is refused as orphaning them; nothing is stored, the move included", async () => {
    const { ann, project, tr } = await builtInProject();
    await db.project.update({ where: { id: project.id }, data: { schemeConfig: { metahopeErrors: true } } });
    await db.errorSpan.create({ data: { projectId: project.id, annotatorId: ann.id, translationId: tr.id, category: "MIS", severity: "MAJOR", start: 0, end: 2 } });
    const e = await setProjectScheme(db, project.id, variant(), { actorId: null }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).message).toMatch(/would orphan 1 stored value[\s\S]*METAHOPE_ERRORS/);
    expect(await db.errorSpan.count({ where: { projectId: project.id } })).toBe(1);
    expect(await db.projectScheme.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.assignment.findMany({ where: { projectId: project.id }, select: { status: true, timeSpentMs: true } })).toEqual([{ status: "IN_PROGRESS", timeSpentMs: 5000 }]);
    expect(await db.annotation.count({ where: { projectId: project.id, field: "METAHOPE_ERRORS" } })).toBe(0);
  });
});
