// Versioned project schemes on the real database (lib/db/projects/project-schemes.ts): version numbering,
// a change that would orphan stored values refused with counts and nothing stored, a mapping that
// rewrites the values with History rows, and another project's values never counted or touched.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { ZSchemeDefinition, type TSchemeDefinition, type TSchemeDefinitionInput } from "@/lib/schemes/language/scheme-definition";
import { getProjectScheme, getProjectSchemeVersion, listProjectSchemeVersions, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

const EXAMPLE_INPUT: TSchemeDefinitionInput = JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8"));
const EXAMPLE = ZSchemeDefinition.parse(EXAMPLE_INPUT);

function edited(edit: (s: { fields: Record<string, unknown>[] } & Record<string, unknown>) => void): TSchemeDefinition {
  const s = structuredClone(EXAMPLE_INPUT) as unknown as { fields: Record<string, unknown>[] } & Record<string, unknown>;
  edit(s);
  return ZSchemeDefinition.parse(s);
}
const field = (s: { fields: Record<string, unknown>[] }, id: string) => s.fields.find((f) => f.id === id)!;

/** "meaning" without "lost", "transparency" on 1–5. */
const NARROWER = edited((s) => {
  field(s, "meaning").options = [{ value: "kept", key: "1" }, { value: "literal", label: "literalised", key: "2" }];
  Object.assign(field(s, "transparency"), { max: 5, labels: { "1": "opaque", "5": "transparent" } });
});

let db: Db;
beforeAll(async () => ({ db } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** A project with `perValue` annotations (annotators × segments) of each given field value. */
async function projectWithAnnotations(values: { field: string; value: unknown; n: number }[]) {
  const annotators = await Promise.all([1, 2, 3].map(() => makeUser(db, { tag: "ann" })));
  const project = await makeProject(db, annotators.map((a) => ({ userId: a.id, roles: ["ANNOTATOR"] })));
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en" } });
  const segments = await Promise.all(
    [0, 1, 2, 3, 4, 5].map((i) => db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Sentence ${i}.`, language: "en" } })),
  );
  // each (annotator, segment) pair holds at most one value per field: spread the values over the pairs
  const pairs = segments.flatMap((s) => annotators.map((a) => ({ segmentId: s.id, annotatorId: a.id })));
  const used = new Map<string, number>();
  for (const v of values) {
    for (let k = 0; k < v.n; k++) {
      const i = used.get(v.field) ?? 0;
      used.set(v.field, i + 1);
      const p = pairs[i];
      await db.annotation.create({ data: { projectId: project.id, annotatorId: p.annotatorId, segmentId: p.segmentId, itemKey: "seg", field: v.field, value: v.value as object } });
    }
  }
  return project;
}

/** `n` adjudicated values of a field on the project's first segment (one item key each). */
async function adjudicate(projectId: string, field: string, value: unknown, n: number) {
  const seg = await db.segment.findFirstOrThrow({ where: { projectId }, orderBy: { index: "asc" } });
  for (let k = 0; k < n; k++) {
    await db.adjudication.create({ data: { projectId, segmentId: seg.id, itemKey: `adj-${field}-${JSON.stringify(value)}-${k}`, field, value: value as object, rationale: "majority" } });
  }
}

/** The AppError a call is refused with; fails the test when it succeeds. */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => new Error("expected a refusal"),
    (x: unknown) => x,
  );
  if (!(e instanceof AppError)) throw e;
  return e;
}

async function valuesOf(projectId: string, fieldName: string) {
  const rows = await db.annotation.findMany({ where: { projectId, field: fieldName }, select: { value: true } });
  return rows.map((r) => JSON.stringify(r.value)).sort();
}

describe("project schemes", () => {
  it("numbers versions from 1 per project; the latest is in force; versions list newest first", async () => {
    const lead = await makeUser(db, { tag: "lead" });
    const project = await makeProject(db);
    expect(await getProjectScheme(db, project.id)).toBeNull();
    expect(await listProjectSchemeVersions(db, project.id)).toEqual([]);

    const v1 = await setProjectScheme(db, project.id, EXAMPLE, { actorId: null });
    expect(v1.version).toBe(1);
    expect(v1.remapped).toBe(0);
    // compared with the built-in preset of the project's configuration (MMTE by default)
    expect(v1.changes).toContain('New field "transparency" (Transparency of the idiom)');
    expect(v1.changes).toContain('Field "FLUENCY" (Fluency) removed');

    const v2 = await setProjectScheme(db, project.id, edited((s) => (s.guidelines = "## Task\nRead twice.")), { actorId: lead.id, note: "after the pilot" });
    expect(v2).toEqual({ version: 2, changes: ["Task guidelines changed"], remapped: 0, remappedAdjudications: 0 });

    const current = await getProjectScheme(db, project.id);
    expect(current?.version).toBe(2);
    expect(current?.definition.guidelines).toBe("## Task\nRead twice.");
    expect((await getProjectSchemeVersion(db, project.id, 1))?.definition).toEqual(EXAMPLE);
    // versions never change: parsed once, shared, and frozen so no caller edits another's copy
    const again = await getProjectScheme(db, project.id);
    expect(again?.definition).toBe(current?.definition);
    expect(Object.isFrozen(again!.definition.fields[0])).toBe(true);
    expect(await getProjectSchemeVersion(db, project.id, 3)).toBeNull();
    const versions = await listProjectSchemeVersions(db, project.id);
    expect(versions.map((v) => [v.version, v.createdBy, v.note])).toEqual([
      [2, lead.email, "after the pilot"],
      [1, null, null],
    ]);

    // another project starts at 1 again
    const other = await makeProject(db);
    expect((await setProjectScheme(db, other.id, EXAMPLE, { actorId: null })).version).toBe(1);
  });

  it("refuses a change that orphans stored values, naming field, values and counts, and stores nothing", async () => {
    const project = await projectWithAnnotations([
      { field: "meaning", value: "kept", n: 3 },
      { field: "meaning", value: "lost", n: 12 },
      { field: "transparency", value: 7, n: 2 },
      { field: "transparency", value: 6, n: 1 },
      { field: "transparency", value: 2, n: 5 },
    ]);
    const otherProject = await projectWithAnnotations([{ field: "meaning", value: "lost", n: 4 }]);
    await adjudicate(project.id, "meaning", "lost", 2);
    await adjudicate(project.id, "meaning", "kept", 1);
    await setProjectScheme(db, project.id, EXAMPLE, { actorId: null });
    const historyBefore = await db.history.count({ where: { projectId: project.id } });

    const err = await setProjectScheme(db, project.id, NARROWER, { actorId: null, note: "narrower" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.code).toBe("CONFLICT");
    expect(e.message).toBe(
      [
        "The new scheme would orphan 17 stored values:",
        "transparency: 6 (1), 7 (2) are held by 3 annotations but the new field refuses them (6 is outside the scale 1–5); map them to new values or keep them valid",
        'meaning: option "lost" is held by 12 annotations; map it to another option or keep it',
        'meaning: option "lost" is held by 2 adjudications; map it to another option or keep it',
      ].join("\n"),
    );
    expect((e.detail as { orphans: { field: string; values: unknown[]; count: number }[] }).orphans.map((o) => [o.field, o.values, o.count])).toEqual([
      ["transparency", [6, 7], 3],
      ["meaning", ["lost"], 12],
      ["meaning", ["lost"], 2],
    ]);

    // a mapping that resolves only part of it is refused the same way, and rewrites nothing
    const partial = await refusal(setProjectScheme(db, project.id, NARROWER, { actorId: null, mapping: { meaning: { '"lost"': "literal" } } }));
    expect(partial.message).toBe(
      "The new scheme would orphan 3 stored values:\ntransparency: 6 (1), 7 (2) are held by 3 annotations but the new field refuses them (6 is outside the scale 1–5); map them to new values or keep them valid",
    );

    expect((await listProjectSchemeVersions(db, project.id)).map((v) => v.version)).toEqual([1]);
    expect(await valuesOf(project.id, "meaning")).toEqual([...Array(3).fill('"kept"'), ...Array(12).fill('"lost"')]);
    expect(await db.history.count({ where: { projectId: project.id } })).toBe(historyBefore);
    expect(await db.annotation.count({ where: { projectId: project.id, version: { gt: 1 } } })).toBe(0);
    expect(await db.adjudication.count({ where: { projectId: project.id, value: { equals: "lost" } } })).toBe(2);
    expect(await valuesOf(otherProject.id, "meaning")).toEqual(Array(4).fill('"lost"'));
  });

  it("a mapping stores the version and rewrites the values with a version bump and History, in this project only", async () => {
    const lead = await makeUser(db, { tag: "lead" });
    const project = await projectWithAnnotations([
      { field: "meaning", value: "kept", n: 3 },
      { field: "meaning", value: "lost", n: 12 },
      { field: "transparency", value: 7, n: 2 },
      { field: "transparency", value: 6, n: 1 },
    ]);
    const otherProject = await projectWithAnnotations([{ field: "meaning", value: "lost", n: 4 }]);
    await adjudicate(project.id, "meaning", "lost", 2);
    await adjudicate(otherProject.id, "meaning", "lost", 1);
    await setProjectScheme(db, project.id, EXAMPLE, { actorId: null });

    const r = await setProjectScheme(db, project.id, NARROWER, {
      actorId: lead.id,
      note: "lost merged into literal",
      mapping: { meaning: { '"lost"': "literal" }, transparency: { "6": 5, "7": 5 } },
    });
    expect(r).toEqual({
      version: 2,
      remapped: 15,
      remappedAdjudications: 2,
      changes: ["transparency: max 7 → 5", "transparency: labels changed", 'meaning: option "lost" removed'],
    });
    expect(await valuesOf(project.id, "meaning")).toEqual([...Array(3).fill('"kept"'), ...Array(12).fill('"literal"')]);
    expect(await valuesOf(project.id, "transparency")).toEqual(['5', '5', '5']);

    const rewritten = await db.annotation.findMany({ where: { projectId: project.id, value: { equals: "literal" } }, select: { id: true, version: true, schemeVersion: true } });
    expect(rewritten).toHaveLength(12);
    for (const a of rewritten) expect([a.version, a.schemeVersion]).toEqual([2, 2]);
    const untouched = await db.annotation.findMany({ where: { projectId: project.id, value: { equals: "kept" } }, select: { version: true, schemeVersion: true } });
    for (const a of untouched) expect([a.version, a.schemeVersion]).toEqual([1, null]);

    const history = await db.history.findMany({ where: { projectId: project.id, entity: "ANNOTATION" }, select: { entityId: true, version: true, oldValue: true, newValue: true, userId: true } });
    expect(history).toHaveLength(15);
    const one = history.find((h) => h.entityId === rewritten[0].id);
    expect(one).toMatchObject({ version: 2, oldValue: "lost", newValue: "literal", userId: lead.id });

    expect(await valuesOf(otherProject.id, "meaning")).toEqual(Array(4).fill('"lost"'));

    const decided = await db.adjudication.findMany({ where: { projectId: project.id }, select: { id: true, value: true, version: true } });
    expect(decided.map((d) => [d.value, d.version])).toEqual([["literal", 2], ["literal", 2]]);
    const decidedHistory = await db.history.findMany({ where: { projectId: project.id, entity: "ADJUDICATION" }, select: { entityId: true, version: true, oldValue: true, newValue: true, userId: true } });
    // the same snapshot an adjudicator's edit writes (lib/db/adjudication/adjudication.ts)
    const decision = (value: string) => ({ value, rationale: "majority", automatic: false, adjudicatorId: null });
    expect(decidedHistory.map((h) => [h.version, h.oldValue, h.newValue, h.userId])).toEqual([
      [2, decision("lost"), decision("literal"), lead.id],
      [2, decision("lost"), decision("literal"), lead.id],
    ]);
    expect(await db.adjudication.findFirstOrThrow({ where: { projectId: otherProject.id }, select: { value: true } })).toEqual({ value: "lost" });
    expect(await db.auditLog.count({ where: { projectId: project.id, action: "scheme.set" } })).toBe(2);
  });

  it("a project on its built-in preset: values of a field the new scheme drops block it; unchanged fields are not read", async () => {
    const project = await projectWithAnnotations([
      { field: "FLUENCY", value: 4, n: 2 },
      { field: "METAHOPE_ERRORS", value: { reviewed: true }, n: 1 },
    ]);
    const err = await refusal(setProjectScheme(db, project.id, EXAMPLE, { actorId: null }));
    expect(err.message).toBe(
      [
        "The new scheme would orphan 3 stored values:",
        "FLUENCY: the field is removed, but 1 value is held by 2 annotations; keep the field",
        "METAHOPE_ERRORS: the field is removed, but 1 value is held by 1 annotation; keep the field",
      ].join("\n"),
    );
    // MetaHOPE's review mark is not a spans value, but keeping the preset's field keeps it valid
    const mmteAndMetahope = ZSchemeDefinition.parse({
      ...EXAMPLE_INPUT,
      fields: [
        ...(EXAMPLE_INPUT.fields as object[]),
        { id: "FLUENCY", scope: "translation", kind: "scale", label: "Fluency", min: 1, max: 5 },
        { id: "METAHOPE_ERRORS", scope: "translation", kind: "spans", label: "Errors", labels: [{ value: "MIS" }] },
      ],
    });
    expect((await setProjectScheme(db, project.id, mmteAndMetahope, { actorId: null })).version).toBe(1);
  });

  it("two leads storing at once get consecutive versions, neither fails", async () => {
    const project = await makeProject(db);
    const results = await Promise.all([
      setProjectScheme(db, project.id, EXAMPLE, { actorId: null, note: "one" }),
      setProjectScheme(db, project.id, edited((s) => (s.name = "Idioms")), { actorId: null, note: "two" }),
    ]);
    expect(results.map((r) => r.version).sort()).toEqual([1, 2]);
    expect((await listProjectSchemeVersions(db, project.id)).map((v) => v.version)).toEqual([2, 1]);
  });

  it("refuses an invalid definition and an unknown project", async () => {
    const project = await makeProject(db);
    const bad = { ...EXAMPLE, fields: [] } as unknown as TSchemeDefinition;
    await expect(setProjectScheme(db, project.id, bad, { actorId: null })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "The scheme is not valid: fields: at least one field" });
    await expect(setProjectScheme(db, "no-such-project", EXAMPLE, { actorId: null })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await listProjectSchemeVersions(db, project.id)).toEqual([]);
  });
});
