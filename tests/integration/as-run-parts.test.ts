// Issue 19 points 3 and 4 on the real database: MetaHOPE's post-edit and MMTE's target words, two
// parts of the papers' procedures that a project switches on (off by default, so no existing
// project changes): configuration and stored scheme, the item an annotator gets, saves validated
// and versioned on the server, exports, gold references, adjudication and imports.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeUser, rejection } from "./fixtures";
import { createProject } from "@/lib/db/create-project";
import { importFile } from "@/lib/db/import-file";
import { createAssignments } from "@/lib/db/assignments";
import { getWorkspaceItem } from "@/lib/db/workspace-item";
import { getProjectRuntime, getProjectScheme } from "@/lib/db/project-schemes";
import { updateSchemeConfig } from "@/lib/db/update-scheme-config";
import { saveAnnotation } from "@/lib/db/annotations";
import { savePostEdit } from "@/lib/db/workspace-post-edits";
import { saveGoldReference } from "@/lib/db/gold-references";
import { applyAssignmentAction } from "@/lib/db/workspace-assignment";
import { getAdjudicationQueue, saveAdjudication } from "@/lib/db/adjudication";
import { exportFile } from "@/lib/db/export-stream";
import { projectSchemeConfig } from "@/lib/workspace/project-config";
import { fieldSlots } from "@/lib/workspace/workspace-model";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TWorkspaceScheme } from "@/lib/workspace/scheme-view";
import type { TSchemePreset, TOptionalPart } from "@/lib/schemes/scheme-preset";

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
  for (const s of scheme === "both" ? (["MMTE", "METAHOPE"] as const) : [scheme === "mmte" ? ("MMTE" as const) : ("METAHOPE" as const)]) {
    await createAssignments(db, { projectId: project.id, annotatorIds: anns.map((a) => a.id), perItem: annotators, scheme: s, shuffle: false });
  }
  // the document was read (MetaHOPE's gate is tested on its own)
  const doc = await db.document.findFirstOrThrow({ where: { projectId: project.id } });
  await db.documentRead.createMany({ data: anns.map((a) => ({ userId: a.id, documentId: doc.id })) });
  const segs = await db.segment.findMany({ where: { projectId: project.id }, orderBy: { index: "asc" }, include: { translations: { include: { system: true }, orderBy: { system: { name: "asc" } } }, mrws: { orderBy: { start: "asc" } } } });
  return { project, p, anns, ann: anns[0], s1: segs[0], s2: segs[1] };
}

async function configOf(projectId: string) {
  return projectSchemeConfig((await db.project.findUniqueOrThrow({ where: { id: projectId } })).schemeConfig);
}

async function itemOf(projectId: string, annotatorId: string, segmentKey: string, scheme: TWorkspaceScheme) {
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId } });
  return getWorkspaceItem(db, { project: { id: project.id, slug: project.slug, sourceLang: "en", targetLang: "zh" }, config: await configOf(projectId), annotatorId, segmentKey, scheme });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of several exports, read by their keys
async function exported(projectId: string, what: "post-edits" | "target-words" | "gold" | "project"): Promise<any[]> {
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId } });
  const f = exportFile(pool, db, { id: project.id, slug: project.slug }, what, what === "project" ? "jsonl" : "json");
  let text = "";
  for await (const line of f.lines) text += line;
  return what === "project" ? text.trim().split("\n").map((l) => JSON.parse(l)) : JSON.parse(text);
}

describe("MetaHOPE post-edit (issue 19 point 3)", () => {
  it("is off by default: no field in the stored scheme, none in the item, a save is refused", async () => {
    const { project, ann, s1 } = await study("metahope");
    const config = await configOf(project.id);
    expect(config.metahopePostEdit).toBe(false);
    expect((await getProjectScheme(db, project.id))!.definition.fields.map((f) => f.id)).toEqual(["ALIGNMENT", "METAHOPE_ERRORS"]);
    expect(fieldSlots(await itemOf(project.id, ann.id, "s1", "METAHOPE")).some((s) => s.field === "METAHOPE_POSTEDIT")).toBe(false);
    const e = await rejection(savePostEdit(db, { projectId: project.id, annotatorId: ann.id, segmentId: s1.id, config, input: { kind: "REFERENCE", text: "市场挺过了风暴。", baseTranslationId: s1.translations[0].id, baseVersion: 0 } }));
    expect([e.code, e.message]).toEqual(["BAD_REQUEST", "The MetaHOPE post-edit is switched off in this project."]);
  });

  it("switched on: a new scheme version, still the built-in runtime; the item offers it; saves are versioned, exported, usable as gold", async () => {
    const { project, ann, s1 } = await study("metahope");
    const manager = await makeUser(db, { tag: "mgr" });
    const before = (await getProjectScheme(db, project.id))!.version;
    const config = ZSchemeConfig.parse({ ...(await configOf(project.id)), metahopePostEdit: true });
    expect(await updateSchemeConfig(db, project.id, config, manager.id)).toEqual({ schemeVersion: before + 1 });
    expect(await getProjectRuntime(db, project.id)).toEqual({ kind: "built-in", version: before + 1 });

    const item = await itemOf(project.id, ann.id, "s1", "METAHOPE");
    const edit = fieldSlots(item).filter((s) => s.field === "METAHOPE_POSTEDIT");
    expect(edit.map((s) => [s.translationId, s.choices])).toEqual([[null, item.translations.map((t) => t.id)]]);
    expect(item.definition.fields.find((f) => f.id === "METAHOPE_POSTEDIT")).toMatchObject({ kind: "edit", variant: "reference", required: false });

    const [tA] = s1.translations;
    const base = { projectId: project.id, annotatorId: ann.id, segmentId: s1.id, config };
    expect(await savePostEdit(db, { ...base, input: { kind: "REFERENCE", text: tA.text, baseTranslationId: tA.id, baseVersion: 0 } })).toMatchObject({ version: 1 });
    const v2 = await savePostEdit(db, { ...base, input: { kind: "REFERENCE", text: "市场挺过了这场风暴。", baseTranslationId: tA.id, baseVersion: 1 } });
    expect(v2.version).toBe(2);
    expect((await rejection(savePostEdit(db, { ...base, input: { kind: "REFERENCE", text: "x", baseTranslationId: tA.id, baseVersion: 1 } }))).code).toBe("CONFLICT");
    const history = await db.history.findMany({ where: { entity: "POST_EDIT", entityId: v2.id }, orderBy: { version: "asc" } });
    expect(history.map((h) => [h.version, (h.newValue as { kind: string; text: string }).kind])).toEqual([[1, "REFERENCE"], [2, "REFERENCE"]]);
    // the item loads it back; not required, so the item submits without it too
    expect((await itemOf(project.id, ann.id, "s1", "METAHOPE")).postEdits).toEqual([{ kind: "REFERENCE", text: "市场挺过了这场风暴。", baseTranslationId: tA.id, version: 2 }]);

    // exported with its scheme, kind, base and edit rate (characters for Chinese: 2 of 10 changed)
    const rows = await exported(project.id, "post-edits");
    expect(rows).toEqual([expect.objectContaining({ segment: "s1", annotator: ann.email, scheme: "MetaHOPE", kind: "reference", text: "市场挺过了这场风暴。", base_system: "A", base_translation: tA.text, version: 2 })]);
    // 市场经受住了风暴。→ 市场挺过了这场风暴。: 2 substitutions, 1 deletion, 2 insertions over the 10 characters of the post-edit
    // (a character-level Levenshtein distance in Python gives 5 too)
    expect(rows[0].edit_rate).toBe(0.5);

    // an adjudicator picks it as the gold reference: provenance kept, the post-edit then locked
    const adj = await makeUser(db, { tag: "adj" });
    await saveGoldReference(db, { projectId: project.id, language: "zh", approvedById: adj.id, segmentId: s1.id, kind: "REFERENCE", text: "市场挺过了这场风暴。", sourcePostEditId: v2.id, baseVersion: 0 });
    expect(await exported(project.id, "gold")).toEqual([expect.objectContaining({ segment: "s1", kind: "reference", provenance: `post-edit:${ann.email}:reference` })]);
    expect((await rejection(savePostEdit(db, { ...base, input: { kind: "REFERENCE", text: "改了", baseTranslationId: tA.id, baseVersion: 2 } }))).code).toBe("VALUE_DECIDED");

    // the project dump carries it, and re-imports it as the same kind
    const lines = await exported(project.id, "project");
    expect(lines.filter((l) => l.type === "postEdit")).toEqual([expect.objectContaining({ segmentId: "s1", kind: "reference", text: "市场挺过了这场风暴。", system: "A" })]);
    expect(lines.filter((l) => l.type === "goldReference")).toEqual([expect.objectContaining({ kind: "reference", sourcePostEditKind: "reference" })]);
  });

  it("is MetaHOPE's: saved under a MetaHOPE assignment only, and kept apart from the same annotator's MMTE post-edits", async () => {
    const { project, ann, s1 } = await study("both", ["metahope-post-edit"]);
    const config = await configOf(project.id);
    const [tA, tB] = s1.translations;
    const base = { projectId: project.id, annotatorId: ann.id, segmentId: s1.id, config };
    await savePostEdit(db, { ...base, input: { kind: "FIGURATIVE", text: "市场经受住了风暴的考验。", baseTranslationId: tA.id, baseVersion: 0 } });
    await savePostEdit(db, { ...base, input: { kind: "REFERENCE", text: "市场挺过了风暴。", baseTranslationId: tB.id, baseVersion: 0 } });
    expect((await db.postEdit.findMany({ where: { segmentId: s1.id }, orderBy: { kind: "asc" } })).map((p) => [p.kind, p.text])).toEqual([
      ["FIGURATIVE", "市场经受住了风暴的考验。"],
      ["REFERENCE", "市场挺过了风暴。"],
    ]);
    // each study's item shows its own
    const mh = await itemOf(project.id, ann.id, "s1", "METAHOPE");
    expect(fieldSlots(mh).filter((s) => s.translationId === null).map((s) => s.field)).toEqual(["METAHOPE_POSTEDIT"]);
    const mm = await itemOf(project.id, ann.id, "s1", "MMTE");
    expect(fieldSlots(mm).filter((s) => s.translationId === null).map((s) => s.field)).toEqual(["POSTEDIT_FIGURATIVE", "POSTEDIT_LITERAL"]);
    // submitting the MetaHOPE item closes it to its post-edit, not to the MMTE ones
    await db.assignment.updateMany({ where: { annotatorId: ann.id, segmentId: s1.id, scheme: "METAHOPE" }, data: { status: "DONE" } });
    expect((await rejection(savePostEdit(db, { ...base, input: { kind: "REFERENCE", text: "再改", baseTranslationId: tB.id, baseVersion: 1 } }))).code).toBe("ITEM_SUBMITTED");
    expect((await savePostEdit(db, { ...base, input: { kind: "FIGURATIVE", text: "再改", baseTranslationId: tA.id, baseVersion: 1 } })).version).toBe(2);
    // in an MMTE-only project an annotator has no MetaHOPE assignment to save it under
    const m = await study("mmte");
    const cfg = ZSchemeConfig.parse({ ...(await configOf(m.project.id)), metahopePostEdit: true });
    const e = await rejection(savePostEdit(db, { projectId: m.project.id, annotatorId: m.ann.id, segmentId: m.s1.id, config: cfg, input: { kind: "REFERENCE", text: "x", baseTranslationId: null, baseVersion: 0 } }));
    expect(e.message).toMatch(/MetaHOPE/);
  });

  it("the workbooks' Human Gold Standard is imported as MetaHOPE's post-edit where the project has it on, as before elsewhere", async () => {
    const file = "data/metahope/VUAMC_pilot20__translation_aligned_annotator-A.xlsx";
    const kinds = async (parts: TOptionalPart[]) => {
      const { p, project } = await study("metahope", parts);
      const out = await importFile(pool, { project: p, fileName: "VUAMC_pilot20__translation_aligned_annotator-A.xlsx", content: readFileSync(file), options: { format: "auto" }, dryRun: false });
      expect(out.errors).toEqual([]);
      return (await db.postEdit.groupBy({ by: ["kind"], where: { projectId: project.id }, _count: { _all: true } })).map((g) => [g.kind, g._count._all]);
    };
    // A's 20 post-edit cells hold 19 sentences' post-edits ("资格" on a second row of a post-edited sentence is a note)
    expect(await kinds([])).toEqual([["FIGURATIVE", 19]]);
    expect(await kinds(["metahope-post-edit"])).toEqual([["REFERENCE", 19]]);
  });
});

describe("MMTE target words (issue 19 point 4)", () => {
  it("is off by default: not in the stored scheme or the item, a save is refused naming the switch", async () => {
    const { project, ann, s1 } = await study("mmte");
    const config = await configOf(project.id);
    expect(config.mmteMrw.targetWords).toBe(false);
    expect((await getProjectScheme(db, project.id))!.definition.fields.map((f) => f.id)).not.toContain("TARGET_WORDS");
    expect(fieldSlots(await itemOf(project.id, ann.id, "s1", "MMTE")).some((s) => s.field === "TARGET_WORDS")).toBe(false);
    const e = await rejection(
      saveAnnotation(pool, { projectId: project.id, annotatorId: ann.id, config, runtime: await getProjectRuntime(db, project.id), input: { segmentId: s1.id, translationId: s1.translations[0].id, mrwId: s1.mrws[0].id, field: "TARGET_WORDS", value: { spans: [{ start: 2, end: 5 }] }, baseVersion: 0 } }),
    );
    expect(e.message).toBe("Target words is switched off in this project's scheme configuration.");
  });

  it("switched on (project create --with target-words): the whole MMTE preset, one slot per MRW and translation before its labels, prefilled from the project's alignment", async () => {
    const { project, ann } = await study("mmte", ["target-words"]);
    expect((await getProjectScheme(db, project.id))!.definition.fields.map((f) => f.id)).toContain("TARGET_WORDS");
    expect(await getProjectRuntime(db, project.id)).toMatchObject({ kind: "built-in" });
    const item = await itemOf(project.id, ann.id, "s1", "MMTE");
    const mrwSlots = fieldSlots(item).filter((s) => s.mrwId !== null && s.translationId === item.translations[0].id);
    const tok = (id: string | null) => item.mrws.find((m) => m.id === id)!.token;
    expect(mrwSlots.map((s) => `${tok(s.mrwId)}:${s.field}`)).toEqual([
      "markets:TARGET_WORDS", "markets:EQUIVALENCE", "markets:EMOTION", "markets:AUTHENTICITY",
      "weathered:TARGET_WORDS", "weathered:EQUIVALENCE", "weathered:EMOTION", "weathered:AUTHENTICITY",
    ]);
    expect(mrwSlots[0].choices).toEqual(["MARKED", "NONE"]);
    const tA = item.translations.find((t) => t.text === "市场经受住了风暴。")!;
    const m1 = item.mrws.find((m) => m.token === "weathered")!;
    expect(item.prefill[`${tA.id}:${m1.id}`]).toEqual({ pattern: "DIRECT", spans: [{ start: 2, end: 5 }] });
  });

  it("saves spans (several allowed) or not rendered, validated against the translation; submit needs every one", async () => {
    const { project, ann, s1, s2 } = await study("mmte", ["target-words"]);
    const config = await configOf(project.id);
    const runtime = await getProjectRuntime(db, project.id);
    const [tA, tB] = s1.translations;
    const [m2, m1] = s1.mrws; // by start: markets, weathered
    const save = (translationId: string, mrwId: string, value: unknown, baseVersion = 0) =>
      saveAnnotation(pool, { projectId: project.id, annotatorId: ann.id, config, runtime, input: { segmentId: s1.id, translationId, mrwId, field: "TARGET_WORDS", value, baseVersion } });
    expect(await save(tA.id, m1.id, { spans: [{ start: 2, end: 5 }] })).toMatchObject({ version: 1 });
    expect(await save(tB.id, m1.id, { spans: [{ start: 2, end: 4 }, { start: 5, end: 7 }] })).toMatchObject({ version: 1 });
    expect(await save(tA.id, m2.id, { spans: [] })).toMatchObject({ version: 1 }); // not rendered
    const past = await rejection(save(tB.id, m2.id, { spans: [{ start: 0, end: 40 }] }));
    expect(past.message).toBe("Target words: span 1 [0, 40) runs past the end of the translation (length 10)");
    expect((await rejection(save(tB.id, m2.id, { pattern: "DIRECT", spans: [{ start: 0, end: 2 }] }))).message).toMatch(/^Target words: expected \{ spans/);
    expect((await rejection(save(tB.id, m2.id, { spans: [{ start: 1, end: 1 }] }))).message).toBe("Target words: span 1 is empty; mark the target characters");
    expect(await db.annotation.count({ where: { projectId: project.id, field: "TARGET_WORDS" } })).toBe(3);

    // submit is refused while one is missing, and names it (the other MMTE fields given)
    const fill = async (segmentId: string, translations: { id: string }[], mrws: { id: string; metaphorical: boolean }[]) => {
      for (const t of translations) {
        for (const f of ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"]) await saveAnnotation(pool, { projectId: project.id, annotatorId: ann.id, config, runtime, input: { segmentId, translationId: t.id, mrwId: null, field: f, value: 4, baseVersion: 0 } });
        for (const m of mrws) {
          for (const [f, v] of [["EQUIVALENCE", m.metaphorical ? "FULL" : "LITERAL"], ["EMOTION", "SAME"], ["AUTHENTICITY", 4]] as const) {
            await saveAnnotation(pool, { projectId: project.id, annotatorId: ann.id, config, runtime, input: { segmentId, translationId: t.id, mrwId: m.id, field: f, value: v, baseVersion: 0 } });
          }
        }
      }
      for (const kind of ["FIGURATIVE", "LITERAL"] as const) await savePostEdit(db, { projectId: project.id, annotatorId: ann.id, segmentId, config, input: { kind, text: "市场挺过了风暴。", baseTranslationId: translations[0].id, baseVersion: 0 } });
    };
    await fill(s1.id, s1.translations, s1.mrws);
    const submit = () => applyAssignmentAction(db, { project: { id: project.id, slug: project.slug, sourceLang: "en", targetLang: "zh" }, annotatorId: ann.id, segmentId: s1.id, config, action: { action: "submit", scheme: "MMTE", activeMs: 0 } });
    const refused = await rejection(submit());
    expect(refused.message).toMatch(/Target words/);
    await save(tB.id, m2.id, { spans: [{ start: 0, end: 2 }] });
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
    const config = await configOf(project.id);
    const runtime = await getProjectRuntime(db, project.id);
    const [tA] = s1.translations;
    const m1 = s1.mrws.find((m) => m.token === "weathered")!;
    const save = (annotatorId: string, value: unknown) =>
      saveAnnotation(pool, { projectId: project.id, annotatorId, config, runtime, input: { segmentId: s1.id, translationId: tA.id, mrwId: m1.id, field: "TARGET_WORDS", value, baseVersion: 0 } });
    await save(anns[0].id, { spans: [{ start: 2, end: 5 }] });
    await save(anns[1].id, { spans: [{ start: 2, end: 4 }] });
    const q = await getAdjudicationQueue(db, project.id);
    expect(q.rows.map((r) => [r.field, r.system, r.values.length, r.strength])).toEqual([["TARGET_WORDS", "A", 2, 0.5]]);
    const adj = await makeUser(db, { tag: "adj" });
    const base = { projectId: project.id, adjudicatorId: adj.id, segmentId: s1.id, translationId: tA.id, mrwId: m1.id, field: "TARGET_WORDS", rationale: "经受住 renders weathered", baseVersion: 0 };
    expect((await rejection(saveAdjudication(db, { ...base, value: { spans: [{ start: 2, end: 50 }] } }))).message).toMatch(/TARGET_WORDS: span 1 \[2, 50\) runs past the end of the translation/);
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
    expect(await db.annotation.findMany({ where: { projectId: project.id }, select: { field: true, value: true, segmentId: true } })).toEqual([{ field: "TARGET_WORDS", value: { spans: [{ start: 2, end: 5 }] }, segmentId: s1.id }]);
  });
});
