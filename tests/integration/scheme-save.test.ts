// Saving under a project's own scheme (lib/schemes/scheme-runtime.ts, lib/db/workspace/save-value.ts):
// every value is checked against the stored definition (field, anchor, value) and refused with a
// 400 naming the field; role and document scopes get their item keys; the version in force is
// written on the annotation; the assignment is the SCHEME one.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";

const EVERY_KIND = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/every-kind.json", "utf8")));

let db: Db;
let pool: Pool;
let projectId: string;
let annotator: string;
let outsider: string;
let segs: { id: string; translationId: string; mrwId: string }[];


beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  annotator = (await makeUser(db, { tag: "ann" })).id;
  outsider = (await makeUser(db, { tag: "out" })).id;
  const project = await makeProject(db, [{ userId: annotator, roles: ["ANNOTATOR"] }, { userId: outsider, roles: ["ANNOTATOR"] }], { targetLang: "fr" });
  projectId = project.id;
  const system = await db.mtSystem.create({ data: { projectId, name: "sys-a" } });
  const doc = await db.document.create({ data: { projectId, externalId: "d1", language: "en" } });
  segs = [];
  for (const i of [0, 1]) {
    const text = i === 0 ? "Time is a thief." : "He broke the ice.";
    const s = await db.segment.create({
      data: { projectId, documentId: doc.id, externalId: `s${i}`, index: i, text, language: "en", texts: { premise: `Premise ${i}.` }, lists: { candidates: ["a", "b"] } },
    });
    const t = await db.translation.create({ data: { segmentId: s.id, systemId: system.id, text: "Le temps est un voleur.", language: "fr" } });
    const m = await db.mrw.create({ data: { projectId, segmentId: s.id, externalId: `m${i}`, token: "thief", start: 10, end: 15, spans: [{ start: 10, end: 15 }], metaphorical: true, pos: "NOUN" } });
    segs.push({ id: s.id, translationId: t.id, mrwId: m.id });
  }
  await setProjectScheme(db, projectId, EVERY_KIND, { actorId: null });
  await createAssignments(db, { projectId, annotatorIds: [annotator], perItem: 1, shuffle: false });
});
afterAll(closeTestDatabase);

const save = async (input: Partial<TSaveAnnotationInput>, annotatorId = annotator) =>
  saveAnnotation(pool, {
    projectId,
    annotatorId,
    config: DEFAULT_SCHEME_CONFIG,
    runtime: await getProjectRuntime(db, projectId),
    input: { segmentId: segs[0].id, translationId: null, mrwId: null, value: null, baseVersion: 0, field: "transparency", ...input } as TSaveAnnotationInput,
  });

describe("saving under a project's own scheme", () => {
  it("the project runs the scheme runtime at version 1", async () => {
    const r = await getProjectRuntime(db, projectId);
    expect(r.kind).toBe("scheme");
    expect(r.version).toBe(1);
  });

  it("stores a valid value of every scope with its item key and the scheme version", async () => {
    const s = segs[0];
    await save({ field: "transparency", value: 5 });
    await save({ field: "meaning", translationId: s.translationId, value: "lost" });
    await save({ field: "conventional", mrwId: s.mrwId, value: true });
    await save({ field: "emotion", translationId: s.translationId, mrwId: s.mrwId, value: { joy: 0.2, anger: 0, fear: 0.9 } });
    await save({ field: "premise-ok", role: "premise", value: false });
    // a document value saved from the second segment is stored once, on the document's first segment
    await save({ field: "register", segmentId: segs[1].id, value: "fiction" });
    const rows = await db.annotation.findMany({ where: { projectId }, select: { field: true, itemKey: true, segmentId: true, schemeVersion: true }, orderBy: { field: "asc" } });
    const keyOf = Object.fromEntries(rows.map((r) => [r.field, r.itemKey]));
    expect(keyOf).toEqual({
      transparency: "-:-",
      meaning: `${s.translationId}:-`,
      conventional: `-:${s.mrwId}`,
      emotion: `${s.translationId}:${s.mrwId}`,
      "premise-ok": "role:premise",
      register: "document",
    });
    expect(rows.find((r) => r.field === "register")!.segmentId).toBe(segs[0].id);
    expect(new Set(rows.map((r) => r.schemeVersion))).toEqual(new Set([1]));
  });

  it("refuses a value the field does not accept, naming the field and the value", async () => {
    const e = await rejection(save({ field: "meaning", translationId: segs[0].translationId, value: "maybe", baseVersion: 1 }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.message).toBe("meaning: \"maybe\" is not one of kept, literal, lost");
    expect((e.detail as { field: string }).field).toBe("value");
    const v = await rejection(save({ field: "emotion", translationId: segs[0].translationId, mrwId: segs[0].mrwId, value: { joy: 2 }, baseVersion: 1 }));
    expect(v.message).toMatch(/^emotion: /);
  });

  it("refuses a field the scheme does not have, a built-in field included", async () => {
    for (const field of ["nonsense", "FLUENCY"]) {
      const e = await rejection(save({ field, value: 3 }));
      expect(e.code).toBe("BAD_REQUEST");
      expect(e.message).toContain(`Unknown field "${field}"`);
    }
  });

  it("refuses an anchor the field's scope does not have", async () => {
    const e = await rejection(save({ field: "meaning", value: "kept" }));
    expect(e.message).toBe("meaning is per translation: the save needs translationId.");
    const r = await rejection(save({ field: "transparency", role: "premise", value: 3, baseVersion: 1 }));
    expect((r.detail as { field: string }).field).toBe("role");
    const h = await rejection(save({ field: "premise-ok", role: "hypothesis", value: true }));
    expect(h.message).toContain("premise");
  });

  it("refuses a caller without the SCHEME assignment", async () => {
    const e = await rejection(save({ field: "transparency", value: 2 }, outsider));
    expect(e.code).toBe("NOT_FOUND");
  });
});
