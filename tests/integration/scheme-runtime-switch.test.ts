// A new scheme version that changes the project's runtime moves the assignments with it
// (lib/db/project-schemes.ts): a variant of MMTE stored on a built-in project turns each
// annotator's MMTE and METAHOPE assignments of an item into one SCHEME assignment (status merged,
// time added), values keep their rows and can be edited under the variant; the preset as shipped
// turns them back; error spans and post-edits move with it as the scheme's values
// (tests/integration/built-in-to-scheme.test.ts), and a variant without a field to hold them is
// refused, storing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/project-schemes";
import { saveAnnotation } from "@/lib/db/annotations";
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

async function builtInProject() {
  const ann = await makeUser(db, { tag: "ann" });
  const project = await makeProject(db, [{ userId: ann.id, roles: ["ANNOTATOR"] }]);
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d", language: "en" } });
  const system = await db.mtSystem.create({ data: { projectId: project.id, name: "sys" } });
  const seg = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: "s", index: 0, text: "Time flies.", language: "en" } });
  const tr = await db.translation.create({ data: { segmentId: seg.id, systemId: system.id, language: "zh", text: "时光飞逝" } });
  await db.assignment.create({ data: { projectId: project.id, annotatorId: ann.id, segmentId: seg.id, scheme: "MMTE", status: "DONE", timeSpentMs: 4000 } });
  await db.assignment.create({ data: { projectId: project.id, annotatorId: ann.id, segmentId: seg.id, scheme: "METAHOPE", status: "IN_PROGRESS", timeSpentMs: 1000 } });
  await db.annotation.create({ data: { projectId: project.id, annotatorId: ann.id, segmentId: seg.id, translationId: tr.id, itemKey: `${tr.id}:-`, field: "FLUENCY", value: 4 } });
  return { ann, project, seg, tr };
}

describe("switching runtimes", () => {
  it("a variant of MMTE moves the assignments to one SCHEME assignment per item, and the preset moves them back", async () => {
    const { ann, project, seg, tr } = await builtInProject();
    await setProjectScheme(db, project.id, variant(), { actorId: null });
    const runtime = await getProjectRuntime(db, project.id);
    expect(runtime.kind).toBe("scheme");
    const moved = await db.assignment.findMany({ where: { projectId: project.id }, select: { scheme: true, status: true, timeSpentMs: true } });
    expect(moved).toEqual([{ scheme: "SCHEME", status: "IN_PROGRESS", timeSpentMs: 5000 }]);
    // the stored value is still there and is edited under the variant
    const r = await saveAnnotation(pool, {
      projectId: project.id,
      annotatorId: ann.id,
      config: DEFAULT_SCHEME_CONFIG,
      runtime,
      input: { segmentId: seg.id, translationId: tr.id, mrwId: null, field: "FLUENCY", value: 5, baseVersion: 1 } as TSaveAnnotationInput,
    });
    expect(r.version).toBe(2);

    await setProjectScheme(db, project.id, MMTE_PRESET, { actorId: null });
    expect((await getProjectRuntime(db, project.id)).kind).toBe("built-in");
    const back = await db.assignment.findMany({ where: { projectId: project.id }, select: { scheme: true, status: true, timeSpentMs: true } });
    expect(back).toEqual([{ scheme: "MMTE", status: "IN_PROGRESS", timeSpentMs: 5000 }]);
  });

  it("refuses the switch when the variant has no field for the project's error spans, naming it, and stores nothing", async () => {
    const { ann, project, tr } = await builtInProject();
    await db.errorSpan.create({ data: { projectId: project.id, annotatorId: ann.id, translationId: tr.id, category: "MIS", severity: "MAJOR", start: 0, end: 2 } });
    const e = await setProjectScheme(db, project.id, variant(), { actorId: null }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).message).toContain("has no METAHOPE_ERRORS field (spans per translation) to hold the 1 error span");
    expect(await db.errorSpan.count({ where: { projectId: project.id } })).toBe(1);
    expect(await db.projectScheme.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.assignment.count({ where: { projectId: project.id, scheme: { in: ["MMTE", "METAHOPE"] } } })).toBe(2);
  });
});
