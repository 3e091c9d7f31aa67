// The scheme runtime's item payload and submit (lib/db/workspace/item.ts,
// lib/db/workspace/assignment.ts) on PostgreSQL: only the caller's own values (a document value
// saved from another segment included), no item gold, blind labels, the SCHEME queue's navigation,
// and submit refused with every missing value named until the shown required ones are filled
// (a `when` that hides a field drops it from the rule).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { applyAssignmentAction } from "@/lib/db/workspace/assignment";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";

const definition = ZSchemeDefinition.parse({
  ...JSON.parse(readFileSync("lib/schemes/language/fixtures/every-kind.json", "utf8")),
  // a gold answer the item carries: never sent to annotators
  fields: [
    ...JSON.parse(readFileSync("lib/schemes/language/fixtures/every-kind.json", "utf8")).fields,
    { id: "cloze", scope: "segment", kind: "choice", label: "Missing word", optionsFrom: "candidates", gold: { from: "item", key: "answer" } },
  ],
});

let db: Db;
let pool: Pool;
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let annotator: string;
let other: string;
let runtime: Extract<TSchemeRuntime, { kind: "scheme" }>;
const segs: { id: string; translations: string[]; mrw: string }[] = [];
const config = { ...DEFAULT_SCHEME_CONFIG, blindSystemNames: true, shuffleItems: false };


beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  annotator = (await makeUser(db, { tag: "ann" })).id;
  other = (await makeUser(db, { tag: "other" })).id;
  project = await makeProject(db, [
    { userId: annotator, roles: ["ANNOTATOR"] },
    { userId: other, roles: ["ANNOTATOR"] },
  ]);
  const systems = [await db.mtSystem.create({ data: { projectId: project.id, name: "sys-b" } }), await db.mtSystem.create({ data: { projectId: project.id, name: "sys-a" } })];
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en", title: "Idioms" } });
  for (const i of [0, 1]) {
    const s = await db.segment.create({
      data: { projectId: project.id, documentId: doc.id, externalId: `sw${i}`, index: i, text: "Time is a thief.", language: "en", texts: { premise: `Premise ${i}.` }, lists: { candidates: ["a", "b"], answer: "gold-answer-b" } },
    });
    const translations = [];
    for (const sys of systems) translations.push((await db.translation.create({ data: { segmentId: s.id, systemId: sys.id, text: `时间是小偷 ${translations.length}`, language: "zh" } })).id);
    const m = await db.mrw.create({ data: { projectId: project.id, segmentId: s.id, externalId: `m${i}`, token: "thief", start: 10, end: 15, spans: [{ start: 10, end: 15 }], metaphorical: true, pos: "NOUN" } });
    await db.mrw.create({ data: { projectId: project.id, segmentId: s.id, externalId: `x${i}`, token: "a", start: 8, end: 9, spans: [{ start: 8, end: 9 }], metaphorical: false, active: false, pos: "OTHER" } });
    segs.push({ id: s.id, translations, mrw: m.id });
  }
  await setProjectScheme(db, project.id, definition, { actorId: null });
  const r = await getProjectRuntime(db, project.id);
  if (r.kind !== "scheme") throw new Error("expected the scheme runtime");
  runtime = r;
  await createAssignments(db, { projectId: project.id, annotatorIds: [annotator, other], perItem: 2, shuffle: false });
});
afterAll(closeTestDatabase);

const save = async (input: Partial<TSaveAnnotationInput>, annotatorId = annotator) =>
  saveAnnotation(pool, {
    projectId: project.id,
    annotatorId,
    config,
    runtime,
    input: { segmentId: segs[1].id, translationId: null, mrwId: null, value: null, baseVersion: 0, field: "transparency", ...input } as TSaveAnnotationInput,
  });
const load = (segmentKey: string, annotatorId = annotator) => getSchemeWorkspaceItem(db, { project, config, annotatorId, segmentKey, runtime });
const submit = (segmentId: string) => applyAssignmentAction(db, { project, config, annotatorId: annotator, segmentId, action: { action: "submit", activeMs: 0 }, runtime });

describe("getSchemeWorkspaceItem", () => {
  it("gives the scheme version, the item's texts and lists without item gold, active MRWs and blind labels", async () => {
    const item = await load("sw1");
    expect(item.runtime).toBe("scheme");
    expect(item.scheme.version).toBe(1);
    expect(item.scheme.definition.id).toBe("every-kind");
    expect(item.texts).toEqual({ premise: "Premise 1." });
    expect(item.lists).toEqual({ candidates: ["a", "b"] });
    expect(JSON.stringify(item)).not.toContain("gold-answer");
    expect(item.mrws.map((m) => m.token)).toEqual(["thief"]);
    expect(item.translations.map((t) => [t.label, t.systemName])).toEqual([
      ["Translation A", null],
      ["Translation B", null],
    ]);
    expect(JSON.stringify(item)).not.toContain("sys-");
    expect(item.document.segments.map((s) => s.index)).toEqual([0, 1]);
    expect(item.nav).toMatchObject({ position: 2, total: 2, done: 0, prevSegmentId: segs[0].id, nextSegmentId: segs[0].id });
  });

  it("holds only the caller's values, the document's included however it was saved", async () => {
    await save({ field: "register", value: "news" });
    await save({ field: "premise-ok", role: "premise", value: true });
    await save({ field: "transparency", segmentId: segs[0].id, value: 2 });
    await save({ field: "transparency", value: 6 }, other);
    const item = await load(segs[1].id);
    expect(item.annotations.map((a) => [a.field, a.itemKey, a.value])).toEqual([
      ["premise-ok", "role:premise", true],
      ["register", "document", "news"],
    ]);
    // the first segment sees the same document value, and its own transparency
    expect((await load("sw0")).annotations.map((a) => [a.field, a.itemKey, a.value])).toEqual([
      ["register", "document", "news"],
      ["transparency", "-:-", 2],
    ]);
  });

  it("sends the project's imported alignments of its shown MRWs by item key (the alignment fields' pre-fill), none of inactive MRWs", async () => {
    const inactive = await db.mrw.findFirstOrThrow({ where: { projectId: project.id, externalId: "x0" } });
    await db.alignment.create({ data: { mrwId: segs[0].mrw, translationId: segs[0].translations[0], pattern: "DIRECT", spans: [{ start: 3, end: 5 }] } });
    await db.alignment.create({ data: { mrwId: inactive.id, translationId: segs[0].translations[1], pattern: "OMISSION", spans: [] } });
    const item = await load("sw0");
    expect(item.prefill).toEqual({ [`${segs[0].translations[0]}:${segs[0].mrw}`]: { pattern: "DIRECT", spans: [{ start: 3, end: 5 }] } });
    expect((await load("sw1")).prefill).toEqual({});
  });

  it("is not found without a SCHEME assignment", async () => {
    const outsider = (await makeUser(db, { tag: "out" })).id;
    expect((await rejection(load("sw0", outsider))).code).toBe("NOT_FOUND");
  });
});

describe("submitting a SCHEME assignment", () => {
  it("is refused with every missing value named, then accepted once the shown required values are there", async () => {
    const [tA, tB] = (await load("sw1")).translations.map((t) => t.id);
    const e = await rejection(submit(segs[1].id));
    expect(e.code).toBe("UNPROCESSABLE");
    expect(e.message).toBe("3 required values are missing or invalid: Transparency (segment) is required.");
    expect((e.detail as { missing: { message: string }[] }).missing.map((m) => m.message)).toEqual([
      "Transparency (segment) is required",
      "Figurative meaning (Translation A) is required",
      "Figurative meaning (Translation B) is required",
    ]);
    await save({ field: "transparency", value: 5 });
    await save({ field: "meaning", translationId: tA, value: "kept" });
    await save({ field: "meaning", translationId: tB, value: "lost" });
    // "lost" shows why-lost, which is not required: still complete
    expect(await submit(segs[1].id)).toMatchObject({ status: "DONE" });
    expect((await rejection(submit(segs[1].id))).code).toBe("ITEM_SUBMITTED");
  });

  it("needs the project's runtime", async () => {
    const e = await rejection(applyAssignmentAction(db, { project, config, annotatorId: annotator, segmentId: segs[0].id, action: { action: "submit", activeMs: 0 } }));
    expect(e.code).toBe("UNPROCESSABLE");
  });
});
