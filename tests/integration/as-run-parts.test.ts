// Issue 19 points 3 and 4 on the real database: MetaHOPE's post-edit and MMTE's target words, two
// parts of the papers' procedures that a project switches on (off by default, so no existing
// project changes): configuration and stored scheme, the item an annotator gets, saves validated
// and versioned on the server, exports, gold references, adjudication and imports.
//
// Since the one runtime (issue 28) an MMTE/MetaHOPE project runs its stored preset as a scheme:
// one SCHEME assignment per annotator × item, items from lib/db/workspace/item.ts, every
// value (the post-edits included: edit fields at segment scope) through the scheme save path
// (lib/db/workspace/save-value.ts), the gold reference an adjudicator's decision on the edit field. What the
// built-in runtime had and the scheme runtime has not, and so is no longer tested here: a post-edit's
// starting translation and edit rate (an edit value is its text), and one assignment per study
// (submitting the item closes both studies' values at once).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeUser, rejection } from "./fixtures";
import { createProject } from "@/lib/db/projects/create-project";
import { importFile } from "@/lib/db/import/import-file";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { getProjectRuntime, getProjectScheme } from "@/lib/db/projects/project-schemes";
import { updateSchemeConfig } from "@/lib/db/projects/update-scheme-config";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { applyAssignmentAction } from "@/lib/db/workspace/assignment";
import { getAdjudicationQueue, saveAdjudication } from "@/lib/db/adjudication/adjudication";
import { exportFile } from "@/lib/db/export/stream";
import { projectSchemeConfig } from "@/lib/workspace/project-config";
import { plainValues, schemeCompletenessItem, schemeItemValues } from "@/lib/workspace/scheme-item-values";
import { alignmentPrefills } from "@/lib/workspace/alignment-prefill";
import { shownSlots } from "@/lib/schemes/language/scheme-completeness";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TSchemePreset, TOptionalPart } from "@/lib/schemes/presets/parts-choice";
import type { TSchemeWorkspaceItem } from "@/lib/workspace/scheme-item-types";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const J = (o: unknown) => JSON.stringify(o);
// one document, two sentences; s1 has a metaphorical MRW ("weathered") and a literal one ("markets"),
// two systems, and a project alignment (prefill) of the metaphorical MRW in system A
const CORPUS = [
  J({ type: "document", externalId: "d1", language: "en", title: "Markets" }),
  J({ type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "The markets weathered the storm.", language: "en", metaphorical: true }),
  J({ type: "segment", documentId: "d1", externalId: "s2", index: 1, text: "Prices fell.", language: "en", metaphorical: false }),
  J({ type: "mrw", segmentId: "s1", externalId: "m1", spans: [{ start: 12, end: 21 }], token: "weathered", pos: "VERB", active: true, metaphorical: true }),
  J({ type: "mrw", segmentId: "s1", externalId: "m2", spans: [{ start: 4, end: 11 }], token: "markets", pos: "NOUN", active: true, metaphorical: false }),
  J({ type: "translation", segmentId: "s1", system: "A", language: "zh", text: "市场经受住了风暴。" }),
  J({ type: "translation", segmentId: "s1", system: "B", language: "zh", text: "市场挺过了这场风暴。" }),
  J({ type: "translation", segmentId: "s2", system: "A", language: "zh", text: "价格下跌了。" }),
  J({ type: "translation", segmentId: "s2", system: "B", language: "zh", text: "价格跌了。" }),
  J({ type: "alignment", segmentId: "s1", mrwId: "m1", system: "A", spans: [{ start: 2, end: 5 }], pattern: "DIRECT" }),
].join("\n");

async function study(scheme: TSchemePreset, parts: TOptionalPart[] = [], annotators = 1) {
  const anns = await Promise.all(Array.from({ length: annotators }, (_, i) => makeUser(db, { tag: `ann${i}` })));
  const slug = `asrun-${Math.random().toString(36).slice(2, 8)}`;
  const { project } = await createProject(
    db,
    { slug, name: slug, sourceLang: "en", targetLang: "zh", scheme, parts, members: anns.map((a) => ({ email: a.email, role: "ANNOTATOR" as const })) },
    { actorId: null, via: "cli", inviteMissing: false },
  );
  const p = { id: project.id, sourceLang: "en", targetLang: "zh" };
  expect((await importFile(pool, { project: p, fileName: "corpus.jsonl", content: Buffer.from(CORPUS), options: { format: "jsonl" }, dryRun: false })).errors).toEqual([]);
  // one assignment per annotator × item, for the whole scheme
  await createAssignments(db, { projectId: project.id, annotatorIds: anns.map((a) => a.id), perItem: annotators, shuffle: false });
  // the document was read (MetaHOPE's gate is tested on its own)
  const doc = await db.document.findFirstOrThrow({ where: { projectId: project.id } });
  await db.documentRead.createMany({ data: anns.map((a) => ({ userId: a.id, documentId: doc.id })) });
  const segs = await db.segment.findMany({ where: { projectId: project.id }, orderBy: { index: "asc" }, include: { translations: { include: { system: true }, orderBy: { system: { name: "asc" } } }, mrws: { orderBy: { start: "asc" } } } });
  return { project, p, anns, ann: anns[0], s1: segs[0], s2: segs[1] };
}

async function configOf(projectId: string) {
  return projectSchemeConfig((await db.project.findUniqueOrThrow({ where: { id: projectId } })).schemeConfig);
}

async function runtimeOf(projectId: string) {
  const runtime = await getProjectRuntime(db, projectId);
  if (runtime.kind !== "scheme") throw new Error("a project made from a preset runs it as its scheme");
  return runtime;
}

const projectRef = (project: { id: string; slug: string }) => ({ id: project.id, slug: project.slug, sourceLang: "en", targetLang: "zh" });

async function itemOf(projectId: string, annotatorId: string, segmentKey: string) {
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId } });
  return getSchemeWorkspaceItem(db, { project: projectRef(project), config: await configOf(projectId), annotatorId, segmentKey, runtime: await runtimeOf(projectId) });
}

/** The slots the scheme workspace shows on the item, in display order. */
const slotsOf = (item: TSchemeWorkspaceItem) => shownSlots(item.scheme.definition, schemeCompletenessItem(item), plainValues(schemeItemValues(item)));

/** One value saved through the scheme save path (lib/db/workspace/save-value.ts), as the workspace's queue sends it. */
async function save(projectId: string, annotatorId: string, input: { segmentId: string; translationId: string | null; mrwId: string | null; field: string; value: unknown; baseVersion: number }) {
  return saveAnnotation(pool, { projectId, annotatorId, config: await configOf(projectId), runtime: await runtimeOf(projectId), input });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of several exports, read by their keys
async function exported(projectId: string, what: "annotations" | "target-words" | "gold" | "project"): Promise<any[]> {
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId } });
  const f = exportFile(pool, db, { id: project.id, slug: project.slug }, what, what === "project" ? "jsonl" : "json");
  let text = "";
  for await (const line of f.lines) text += line;
  return what === "project" ? text.trim().split("\n").map((l) => JSON.parse(l)) : JSON.parse(text);
}

describe("MetaHOPE post-edit (issue 19 point 3)", () => {
  it("is off by default: no field in the stored scheme, none in the item, a save is refused naming the field", async () => {
    const { project, ann, s1 } = await study("metahope");
    // the parts are not stored with the project: the stored version says which fields are on
    expect(Object.keys((await db.project.findUniqueOrThrow({ where: { id: project.id } })).schemeConfig as object).sort()).toEqual(["blindSystemNames", "showSuggestions", "shuffleItems"]);
    expect((await getProjectScheme(db, project.id))!.definition.fields.map((f) => f.id)).toEqual(["ALIGNMENT", "METAHOPE_ERRORS"]);
    expect(slotsOf(await itemOf(project.id, ann.id, "s1")).some((s) => s.field.id === "METAHOPE_POSTEDIT")).toBe(false);
    const e = await rejection(save(project.id, ann.id, { segmentId: s1.id, translationId: null, mrwId: null, field: "METAHOPE_POSTEDIT", value: "市场挺过了风暴。", baseVersion: 0 }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.message).toMatch(/^Unknown field "METAHOPE_POSTEDIT"/);
    expect(await db.annotation.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("switched on: a new scheme version, run as the scheme; the item offers it; saves are versioned, exported, usable as gold", async () => {
    const { project, ann, s1 } = await study("metahope");
    const manager = await makeUser(db, { tag: "mgr" });
    const before = (await getProjectScheme(db, project.id))!.version;
    const config = ZSchemeConfig.parse({ ...(await configOf(project.id)), metahopePostEdit: true });
    expect(await updateSchemeConfig(db, project.id, config, manager.id)).toEqual({ schemeVersion: before + 1 });
    expect(await getProjectRuntime(db, project.id)).toMatchObject({ kind: "scheme", version: before + 1 });

    const item = await itemOf(project.id, ann.id, "s1");
    expect(slotsOf(item).filter((s) => s.field.id === "METAHOPE_POSTEDIT").map((s) => [s.unit.translationId, s.unit.mrwId])).toEqual([[null, null]]);
    expect(item.scheme.definition.fields.find((f) => f.id === "METAHOPE_POSTEDIT")).toMatchObject({ kind: "edit", variant: "reference", required: false, base: "any-translation" });

    const [tA] = s1.translations;
    const edit = (value: string, baseVersion: number) => save(project.id, ann.id, { segmentId: s1.id, translationId: null, mrwId: null, field: "METAHOPE_POSTEDIT", value, baseVersion });
    expect(await edit(tA.text, 0)).toMatchObject({ version: 1 });
    const v2 = await edit("市场挺过了这场风暴。", 1);
    expect(v2.version).toBe(2);
    expect((await rejection(edit("x", 1))).code).toBe("CONFLICT");
    const stored = await db.annotation.findFirstOrThrow({ where: { projectId: project.id, field: "METAHOPE_POSTEDIT" } });
    expect(stored).toMatchObject({ annotatorId: ann.id, segmentId: s1.id, translationId: null, itemKey: "-:-", value: "市场挺过了这场风暴。", schemeVersion: before + 1 });
    const history = await db.history.findMany({ where: { entity: "ANNOTATION", entityId: stored.id }, orderBy: { version: "asc" } });
    expect(history.map((h) => [h.version, h.newValue])).toEqual([[1, tA.text], [2, "市场挺过了这场风暴。"]]);
    // the item loads it back
    expect((await itemOf(project.id, ann.id, "s1")).annotations.filter((a) => a.field === "METAHOPE_POSTEDIT").map((a) => [a.value, a.version])).toEqual([["市场挺过了这场风暴。", 2]]);

    // exported with the annotations, and in the project dump
    expect((await exported(project.id, "annotations")).filter((r) => r.METAHOPE_POSTEDIT !== null)).toEqual([expect.objectContaining({ segment: "s1", unit: "segment", annotator: ann.email, METAHOPE_POSTEDIT: "市场挺过了这场风暴。" })]);
    expect((await exported(project.id, "project")).filter((l) => l.field === "METAHOPE_POSTEDIT")).toEqual([expect.objectContaining({ type: "annotation", segmentId: "s1", value: "市场挺过了这场风暴。" })]);

    // an adjudicator decides it as the gold reference: provenance the annotator's post-edit, the value then locked
    const adj = await makeUser(db, { tag: "adj" });
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adj.id, segmentId: s1.id, translationId: null, mrwId: null, field: "METAHOPE_POSTEDIT", value: "市场挺过了这场风暴。", rationale: "fluent", baseVersion: 0 });
    expect(await exported(project.id, "gold")).toEqual([expect.objectContaining({ segment: "s1", kind: "reference", text: "市场挺过了这场风暴。", provenance: `post-edit:${ann.email}:reference` })]);
    expect((await rejection(edit("改了", 2))).code).toBe("VALUE_DECIDED");
  });

  it("is MetaHOPE's: its own field beside the same annotator's MMTE post-edits, under the one assignment of the item", async () => {
    const { project, ann, s1 } = await study("both", ["metahope-post-edit"]);
    const edit = (field: string, value: string, baseVersion = 0) => save(project.id, ann.id, { segmentId: s1.id, translationId: null, mrwId: null, field, value, baseVersion });
    await edit("POSTEDIT_FIGURATIVE", "市场经受住了风暴的考验。");
    await edit("METAHOPE_POSTEDIT", "市场挺过了风暴。");
    expect((await db.annotation.findMany({ where: { segmentId: s1.id }, orderBy: { field: "asc" } })).map((p) => [p.field, p.value])).toEqual([
      ["METAHOPE_POSTEDIT", "市场挺过了风暴。"],
      ["POSTEDIT_FIGURATIVE", "市场经受住了风暴的考验。"],
    ]);
    // the item shows the three post-edits at segment scope, each its own field
    const item = await itemOf(project.id, ann.id, "s1");
    expect(slotsOf(item).filter((s) => s.unit.translationId === null).map((s) => s.field.id)).toEqual(["POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL", "METAHOPE_POSTEDIT"]);
    // one assignment per item: once it is submitted, neither study's post-edit is saved
    await db.assignment.updateMany({ where: { annotatorId: ann.id, segmentId: s1.id }, data: { status: "DONE" } });
    expect((await rejection(edit("METAHOPE_POSTEDIT", "再改", 1))).code).toBe("ITEM_SUBMITTED");
    expect((await rejection(edit("POSTEDIT_FIGURATIVE", "再改", 1))).code).toBe("ITEM_SUBMITTED");
    // an MMTE-only project has no field to hold it, whatever its configuration says
    const m = await study("mmte");
    const e = await rejection(save(m.project.id, m.ann.id, { segmentId: m.s1.id, translationId: null, mrwId: null, field: "METAHOPE_POSTEDIT", value: "x", baseVersion: 0 }));
    expect(e.message).toMatch(/^Unknown field "METAHOPE_POSTEDIT"/);
  });

  it("the workbooks' Human Gold Standard is imported as MetaHOPE's post-edit where the project has it on, and left out with a warning where no field holds it", async () => {
    const file = "data/metahope/VUAMC_pilot20__translation_aligned_annotator-A.xlsx";
    const imported = async (parts: TOptionalPart[]) => {
      const { p, project } = await study("metahope", parts);
      const out = await importFile(pool, { project: p, fileName: "VUAMC_pilot20__translation_aligned_annotator-A.xlsx", content: readFileSync(file), options: { format: "auto" }, dryRun: false });
      expect(out.errors).toEqual([]);
      const fields = (await db.annotation.groupBy({ by: ["field"], where: { projectId: project.id, field: { in: ["METAHOPE_POSTEDIT", "POSTEDIT_FIGURATIVE"] } }, _count: { _all: true } })).map((g) => [g.field, g._count._all]);
      return { fields, postEditRows: await db.postEdit.count({ where: { projectId: project.id } }), warnings: out.warnings.map((w) => w.message) };
    };
    // A's 20 post-edit cells hold 19 sentences' post-edits ("资格" on a second row of a post-edited sentence is a note)
    const on = await imported(["metahope-post-edit"]);
    expect(on).toMatchObject({ fields: [["METAHOPE_POSTEDIT", 19]], postEditRows: 0 });
    const off = await imported([]);
    expect(off).toMatchObject({ fields: [], postEditRows: 0 });
    expect(off.warnings.join("\n")).toMatch(/Human Gold Standard/);
  });
});

describe("MMTE target words (issue 19 point 4)", () => {
  it("is off by default: not in the stored scheme or the item, a save is refused naming the field", async () => {
    const { project, ann, s1 } = await study("mmte");
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).schemeConfig).not.toHaveProperty("mmteMrw");
    expect((await getProjectScheme(db, project.id))!.definition.fields.map((f) => f.id)).not.toContain("TARGET_WORDS");
    expect(slotsOf(await itemOf(project.id, ann.id, "s1")).some((s) => s.field.id === "TARGET_WORDS")).toBe(false);
    const e = await rejection(save(project.id, ann.id, { segmentId: s1.id, translationId: s1.translations[0].id, mrwId: s1.mrws[0].id, field: "TARGET_WORDS", value: { spans: [{ start: 2, end: 5 }] }, baseVersion: 0 }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.message).toMatch(/^Unknown field "TARGET_WORDS"/);
  });

  it("switched on (project create --with target-words): the whole MMTE preset, one slot per MRW and translation before its labels, prefilled from the project's alignment", async () => {
    const { project, ann } = await study("mmte", ["target-words"]);
    expect((await getProjectScheme(db, project.id))!.definition.fields.map((f) => f.id)).toContain("TARGET_WORDS");
    expect(await getProjectRuntime(db, project.id)).toMatchObject({ kind: "scheme", version: 1 });
    const item = await itemOf(project.id, ann.id, "s1");
    const slots = slotsOf(item);
    const mrwSlots = slots.filter((s) => s.unit.mrwId !== null && s.unit.translationId === item.translations[0].id);
    const tok = (id: string | null) => item.mrws.find((m) => m.id === id)!.token;
    expect(mrwSlots.map((s) => `${tok(s.unit.mrwId)}:${s.field.id}`)).toEqual([
      "markets:TARGET_WORDS", "markets:EQUIVALENCE", "markets:EMOTION", "markets:AUTHENTICITY",
      "weathered:TARGET_WORDS", "weathered:EQUIVALENCE", "weathered:EMOTION", "weathered:AUTHENTICITY",
    ]);
    // a marking of words, or "Not rendered"
    expect(mrwSlots[0].field).toMatchObject({ kind: "alignment", required: true, none: { label: "Not rendered" } });
    const tA = item.translations.find((t) => t.text === "市场经受住了风暴。")!;
    const m1 = item.mrws.find((m) => m.token === "weathered")!;
    expect(item.prefill?.[`${tA.id}:${m1.id}`]).toEqual({ pattern: "DIRECT", spans: [{ start: 2, end: 5 }] });
    // the workspace starts the target words from it (the words, without the pattern the field does not have); nothing saved
    const prefills = alignmentPrefills(slots, item.prefill ?? {});
    expect(Object.entries(prefills)).toEqual([[`TARGET_WORDS@${tA.id}:${m1.id}`, { spans: [{ start: 2, end: 5 }] }]]);
    expect(await db.annotation.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("saves spans (several allowed) or not rendered, validated against the translation; submit needs every one", async () => {
    const { project, ann, s1, s2 } = await study("mmte", ["target-words"]);
    const config = await configOf(project.id);
    const runtime = await runtimeOf(project.id);
    const [tA, tB] = s1.translations;
    const [m2, m1] = s1.mrws; // by start: markets, weathered
    const value = (segmentId: string, translationId: string | null, mrwId: string | null, field: string, v: unknown, baseVersion = 0) => save(project.id, ann.id, { segmentId, translationId, mrwId, field, value: v, baseVersion });
    const mark = (translationId: string, mrwId: string, v: unknown, baseVersion = 0) => value(s1.id, translationId, mrwId, "TARGET_WORDS", v, baseVersion);
    expect(await mark(tA.id, m1.id, { spans: [{ start: 2, end: 5 }] })).toMatchObject({ version: 1 });
    expect(await mark(tB.id, m1.id, { spans: [{ start: 2, end: 4 }, { start: 5, end: 7 }] })).toMatchObject({ version: 1 });
    expect(await mark(tA.id, m2.id, { spans: [] })).toMatchObject({ version: 1 }); // not rendered
    const past = await rejection(mark(tB.id, m2.id, { spans: [{ start: 0, end: 40 }] }));
    expect([past.code, past.message]).toEqual(["BAD_REQUEST", "Target words: span 1 [0, 40) runs past the end of the translation (length 10)"]);
    expect((await rejection(mark(tB.id, m2.id, { pattern: "DIRECT", spans: [{ start: 0, end: 2 }] }))).message).toMatch(/^TARGET_WORDS: unknown key "pattern"/);
    expect((await rejection(mark(tB.id, m2.id, { spans: [{ start: 1, end: 1 }] }))).message).toBe("TARGET_WORDS: span 1 is empty; mark the target characters");
    expect(await db.annotation.count({ where: { projectId: project.id, field: "TARGET_WORDS" } })).toBe(3);

    // submit is refused while one is missing, and names it (every other MMTE value given)
    for (const t of s1.translations) {
      for (const f of ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"]) await value(s1.id, t.id, null, f, 4);
      for (const m of s1.mrws) {
        for (const [f, v] of [["EQUIVALENCE", m.metaphorical ? "FULL" : "LITERAL"], ["EMOTION", "SAME"], ["AUTHENTICITY", 4]] as const) await value(s1.id, t.id, m.id, f, v);
      }
    }
    for (const f of ["POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL"]) await value(s1.id, null, null, f, "市场挺过了风暴。");
    const submit = () => applyAssignmentAction(db, { project: projectRef(project), annotatorId: ann.id, segmentId: s1.id, config, runtime, action: { action: "submit", activeMs: 0 } });
    const refused = await rejection(submit());
    expect(refused.code).toBe("UNPROCESSABLE");
    expect(refused.message).toMatch(/^1 required value is missing or invalid: Target words \(MRW “markets”, /);
    await mark(tB.id, m2.id, { spans: [{ start: 0, end: 2 }] });
    await submit();
    expect((await db.assignment.findFirstOrThrow({ where: { annotatorId: ann.id, segmentId: s1.id } })).status).toBe("DONE");
    void s2;

    // exported in MMTE's notation: the source with @MRW@, the translation with @target words@
    const rows = await exported(project.id, "target-words");
    expect(rows.map((r: Record<string, unknown>) => [r.system, r.mrw_token, r.rendered, r.target, r.source_marked, r.translation_marked])).toEqual([
      ["A", "markets", false, "", "The @markets@ weathered the storm.", "市场经受住了风暴。"],
      ["A", "weathered", true, "经受住", "The markets @weathered@ the storm.", "市场@经受住@了风暴。"],
      ["B", "markets", true, "市场", "The @markets@ weathered the storm.", "@市场@挺过了这场风暴。"],
      ["B", "weathered", true, "挺过 / 这场", "The markets @weathered@ the storm.", "市场@挺过@了@这场@风暴。"],
    ]);
  });

  it("two annotators who mark different words are a disagreement to adjudicate; a decision is checked like a save", async () => {
    const { project, anns, s1 } = await study("mmte", ["target-words"], 2);
    const [tA] = s1.translations;
    const m1 = s1.mrws.find((m) => m.token === "weathered")!;
    const mark = (annotatorId: string, value: unknown) => save(project.id, annotatorId, { segmentId: s1.id, translationId: tA.id, mrwId: m1.id, field: "TARGET_WORDS", value, baseVersion: 0 });
    await mark(anns[0].id, { spans: [{ start: 2, end: 5 }] });
    await mark(anns[1].id, { spans: [{ start: 2, end: 4 }] });
    const q = await getAdjudicationQueue(db, project.id);
    expect(q.rows.map((r) => [r.field, r.translationId, r.mrwId, r.values.length])).toEqual([["TARGET_WORDS", tA.id, m1.id, 2]]);
    const adj = await makeUser(db, { tag: "adj" });
    const base = { projectId: project.id, adjudicatorId: adj.id, segmentId: s1.id, translationId: tA.id, mrwId: m1.id, field: "TARGET_WORDS", rationale: "经受住 renders weathered", baseVersion: 0 };
    const bad = await rejection(saveAdjudication(db, { ...base, value: { spans: [{ start: 2, end: 50 }] } }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toMatch(/Target words: span 1 \[2, 50\) runs past the end of the translation/);
    expect((await saveAdjudication(db, { ...base, value: { spans: [{ start: 2, end: 5 }] } })).version).toBe(1);
    expect((await getAdjudicationQueue(db, project.id)).rows).toEqual([]);
  });

  it("imported values are checked like saves: a good line is stored, a bad one refuses the file naming its line and field", async () => {
    const { project, p, s1 } = await study("mmte", ["target-words"]);
    const line = (value: unknown) => J({ type: "annotation", annotator: "imported@test.tropos", segmentId: "s1", system: "A", mrwId: "m1", field: "TARGET_WORDS", value });
    const bad = await importFile(pool, { project: p, fileName: "tw.jsonl", content: Buffer.from([line({ spans: [{ start: 2, end: 5 }] }), line({ spans: [{ start: 3, end: 3 }] }), line({ spans: [{ start: 2, end: 30 }] })].join("\n")), options: { format: "jsonl" }, dryRun: false });
    expect(bad.errors.map((e) => [e.line, e.field])).toEqual([[2, "TARGET_WORDS"], [3, "TARGET_WORDS"]]);
    expect(bad.errors[0].message).toMatch(/span 1 is empty/);
    // the spans lie within the translation, as a save checks them (A's text has 9 characters)
    expect(bad.errors[1].message).toMatch(/span 1 \[2, 30\) runs past the end of the translation \(length 9\)/);
    expect(await db.annotation.count({ where: { projectId: project.id } })).toBe(0);
    const good = await importFile(pool, { project: p, fileName: "tw.jsonl", content: Buffer.from(line({ spans: [{ start: 2, end: 5 }] })), options: { format: "jsonl" }, dryRun: false });
    expect(good.errors).toEqual([]);
    expect(await db.annotation.findMany({ where: { projectId: project.id }, select: { field: true, value: true, segmentId: true, schemeVersion: true } })).toEqual([{ field: "TARGET_WORDS", value: { spans: [{ start: 2, end: 5 }] }, segmentId: s1.id, schemeVersion: 1 }]);
  });
});

// the built-in runtime checked EQUIVALENCE by the word's metaphoricity in saves, decisions and
// imports alike; under the scheme runtime a save did (scheme-save-variant.test.ts), a decision and
// an import took either alternative
describe("MMTE's EQUIVALENCE by the MRW's metaphoricity, in a decision and an import as in a save", () => {
  it("refuses a literal word's label on a metaphorical word and the other way round, naming the field", async () => {
    const { project, p, anns, s1 } = await study("mmte", [], 1);
    const [tA] = s1.translations;
    const [m2, m1] = s1.mrws; // markets (literal), weathered (metaphorical)
    expect((await rejection(save(project.id, anns[0].id, { segmentId: s1.id, translationId: tA.id, mrwId: m1.id, field: "EQUIVALENCE", value: "LITERAL", baseVersion: 0 }))).code).toBe("BAD_REQUEST");
    const adj = await makeUser(db, { tag: "adj" });
    const decide = (mrwId: string, value: string) => saveAdjudication(db, { projectId: project.id, adjudicatorId: adj.id, segmentId: s1.id, translationId: tA.id, mrwId, field: "EQUIVALENCE", value, rationale: "r", baseVersion: 0 });
    for (const [mrwId, value] of [[m1.id, "LITERAL"], [m2.id, "FULL"]] as const) {
      const e = await rejection(decide(mrwId, value));
      expect([e.code, e.detail], value).toEqual(["BAD_REQUEST", { field: "value" }]);
    }
    expect((await decide(m1.id, "FULL")).version).toBe(1);
    const line = (mrwId: string, value: string) => J({ type: "annotation", annotator: "imported@test.tropos", segmentId: "s1", system: "A", mrwId, field: "EQUIVALENCE", value });
    const bad = await importFile(pool, { project: p, fileName: "eq.jsonl", content: Buffer.from([line("m1", "FULL"), line("m1", "LITERAL"), line("m2", "FULL"), line("m2", "LITERAL")].join("\n")), options: { format: "jsonl" }, dryRun: false });
    expect(bad.errors.map((e) => [e.line, e.field])).toEqual([[2, "EQUIVALENCE"], [3, "EQUIVALENCE"]]);
    expect(await db.annotation.count({ where: { projectId: project.id } })).toBe(0);
  });
});
