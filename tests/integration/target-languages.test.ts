// Several target languages in one project and annotator groups (issue 19 point 1) on the real
// database: the demo corpus's EN→ZH and EN→IT output in one project, a ZH and an IT group, and
// what each annotator sees and may write; imports and exports that name a translation's language.
// On the one runtime: the project runs its stored scheme (MMTE and MetaHOPE), one SCHEME assignment
// per annotator and item; error spans are values of METAHOPE_ERRORS (per translation), post-edits
// values of the edit fields (per segment, in the language the annotator works in).
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
import { addAnnotatorGroupMembers, createAnnotatorGroup, findAnnotatorGroup, listAnnotatorGroups, removeAnnotatorGroupMember } from "@/lib/db/projects/annotator-groups";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { exportProjectJsonl } from "@/lib/db/export/project-jsonl";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { updateTargetLanguages } from "@/lib/db/projects/languages";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import { emptyImportResult } from "@/lib/import/types";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const config = { ...DEFAULT_SCHEME_CONFIG, shuffleItems: false };

async function studyProject() {
  const [zh, it, it2] = [await makeUser(db, { tag: "zh" }), await makeUser(db, { tag: "it" }), await makeUser(db, { tag: "it2" })];
  const slug = `langs-${Math.random().toString(36).slice(2, 8)}`;
  const { project } = await createProject(db, { slug, name: slug, sourceLang: "en", targetLang: "zh,it", scheme: "both" }, { actorId: null, via: "cli", inviteMissing: false });
  const corpus = readDemoCorpus();
  await loadImport(pool, { projectId: project.id, fileName: "demo-zh.json", result: demoCorpusToImport(corpus, "zh") });
  await loadImport(pool, { projectId: project.id, fileName: "demo-it.json", result: demoCorpusToImport(corpus, "it") });
  await createAnnotatorGroup(db, { projectId: project.id, name: "zh-1", language: "zh" });
  await createAnnotatorGroup(db, { projectId: project.id, name: "it-1", language: "it" });
  await addAnnotatorGroupMembers(db, { projectId: project.id, group: "zh-1", emails: [zh.email] });
  await addAnnotatorGroupMembers(db, { projectId: project.id, group: "it-1", emails: [it.email, it2.email] });
  for (const g of ["zh-1", "it-1"]) {
    const group = await findAnnotatorGroup(db, project.id, g);
    const members = (await db.annotatorGroupMember.findMany({ where: { groupId: group.id }, select: { userId: true } })).map((m) => m.userId);
    await createAssignments(db, { projectId: project.id, annotatorIds: members, perItem: 1, perItemWithinListed: true, shuffle: false });
  }
  const segment = await db.segment.findFirstOrThrow({ where: { projectId: project.id, metaphorical: true, mrws: { some: { active: true } } }, orderBy: [{ document: { position: "asc" } }, { index: "asc" }], select: { id: true, externalId: true } });
  const translations = await db.translation.findMany({ where: { segmentId: segment.id }, select: { id: true, language: true } });
  const projectRow = { id: project.id, slug, sourceLang: "en", targetLang: "zh" };
  const runtime: TSchemeRuntime = await getProjectRuntime(db, project.id);
  return { project: projectRow, runtime, zh, it, it2, segment, translations };
}

describe("several target languages in one project", () => {
  it("stores both languages' translations and lists the languages, the primary first", async () => {
    const { project, translations } = await studyProject();
    const row = await db.project.findUniqueOrThrow({ where: { id: project.id }, select: { targetLang: true, targetLangs: true } });
    expect(row).toEqual({ targetLang: "zh", targetLangs: ["zh", "it"] });
    expect(new Set(translations.map((t) => t.language))).toEqual(new Set(["zh", "it"]));
  });

  it("refuses a translation in a language the project does not have, naming file, line and field", async () => {
    const { project } = await studyProject();
    const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id }, select: { externalId: true } });
    const result = emptyImportResult();
    result.translations.push({ segmentId: seg.externalId, system: "mt-alpha", language: "fr", text: "Une traduction.", line: 7 });
    const e = await rejection(loadImport(pool, { projectId: project.id, fileName: "fr.jsonl", result }));
    expect(e.message).toMatch(/^fr\.jsonl:7 \(language\): the translation is in "fr", which is not a target language of this project \(zh, it\)/);
    expect(await db.translation.count({ where: { language: "fr", segment: { projectId: project.id } } })).toBe(0);
  });

  it("an annotator sees only their group's language, and writes to another language's translation are not found", async () => {
    const { project, runtime, zh, it, segment, translations } = await studyProject();
    const zhItem = await getSchemeWorkspaceItem(db, { project, config, runtime, annotatorId: zh.id, segmentKey: segment.id });
    const itItem = await getSchemeWorkspaceItem(db, { project, config, runtime, annotatorId: it.id, segmentKey: segment.id });
    const zhIds = translations.filter((t) => t.language === "zh").map((t) => t.id).sort();
    const itIds = translations.filter((t) => t.language === "it").map((t) => t.id).sort();
    expect(zhItem.translations.map((t) => t.id).sort()).toEqual(zhIds);
    expect(itItem.translations.map((t) => t.id).sort()).toEqual(itIds);
    expect([zhItem.project.targetLang, itItem.project.targetLang]).toEqual(["zh", "it"]);

    const save = (annotatorId: string, translationId: string, field = "FLUENCY", value: unknown = 4) =>
      saveAnnotation(pool, { projectId: project.id, annotatorId, config, runtime, input: { segmentId: segment.id, translationId, field, value, baseVersion: 0 } as TSaveAnnotationInput });
    expect((await rejection(save(zh.id, itIds[0]))).code).toBe("NOT_FOUND");
    expect((await rejection(save(it.id, zhIds[0]))).code).toBe("NOT_FOUND");
    await save(zh.id, zhIds[0]);
    await save(it.id, itIds[0]);
    // error spans (MetaHOPE, the translation's METAHOPE_ERRORS list) are bound the same way
    const spans = [{ start: 0, end: 1, label: "MIS", attributes: { severity: 4 } }];
    expect((await rejection(save(zh.id, itIds[0], "METAHOPE_ERRORS", spans))).code).toBe("NOT_FOUND");
    await save(zh.id, zhIds[0], "METAHOPE_ERRORS", spans);
    expect(await db.annotation.count({ where: { annotatorId: zh.id, field: "METAHOPE_ERRORS", translation: { language: "it" } } })).toBe(0);
  });

  it("post-edits are the annotator's language's: they start from that language's output only and keep the annotator in it", async () => {
    const { project, runtime, it, segment, translations } = await studyProject();
    const zhT = translations.find((t) => t.language === "zh")!;
    const itT = translations.find((t) => t.language === "it")!;
    // the outputs an edit can start from are the item's translations: the annotator's language only
    const item = await getSchemeWorkspaceItem(db, { project, config, runtime, annotatorId: it.id, segmentKey: segment.id });
    expect(item.translations.map((t) => t.language)).toEqual(item.translations.map(() => "it"));
    expect(item.translations.map((t) => t.id)).toContain(itT.id);
    const edit = (translationId: string | null) =>
      saveAnnotation(pool, { projectId: project.id, annotatorId: it.id, config, runtime, input: { segmentId: segment.id, translationId, field: "POSTEDIT_FIGURATIVE", value: "Una revisione.", baseVersion: 0 } });
    // a post-edit is the segment's, never anchored to a translation (of either language)
    for (const t of [zhT.id, itT.id]) expect((await rejection(edit(t))).detail).toEqual({ field: "translationId" });
    await edit(null);
    expect(await db.annotation.findFirstOrThrow({ where: { annotatorId: it.id, field: "POSTEDIT_FIGURATIVE" }, select: { translationId: true, value: true } })).toEqual({ translationId: null, value: "Una revisione." });
    // it is Italian because the annotator works in Italian: leaving the IT group (back to zh) would
    // show it as a Chinese post-edit, so it is refused as hiding work
    const hidden = await rejection(removeAnnotatorGroupMember(db, { projectId: project.id, group: "it-1", email: it.email }));
    expect(hidden.message).toMatch(/has 1 value on translations in another language than zh/);
  });

  it("group changes never hide work: a second language and a move away from one's work are refused", async () => {
    const { project, runtime, zh, it, it2, segment, translations } = await studyProject();
    const itT = translations.find((t) => t.language === "it")!;
    await saveAnnotation(pool, { projectId: project.id, annotatorId: it.id, config, runtime, input: { segmentId: segment.id, translationId: itT.id, field: "FLUENCY", value: 3, baseVersion: 0 } as TSaveAnnotationInput });
    // zh is in a ZH group: an IT group is a second language
    const second = await rejection(addAnnotatorGroupMembers(db, { projectId: project.id, group: "it-1", emails: [zh.email] }));
    expect(second.message).toMatch(/is in group "zh-1" \(zh\); an annotator works in one language per project/);
    // it has a value in Italian: leaving the IT group (back to the primary language, zh) would hide it
    const hidden = await rejection(removeAnnotatorGroupMember(db, { projectId: project.id, group: "it-1", email: it.email }));
    expect(hidden.message).toMatch(/has 1 value on translations in another language than zh/);
    expect((await listAnnotatorGroups(db, project.id)).find((g) => g.name === "it-1")!.members.map((m) => m.email)).toContain(it.email);
    // it2 has done nothing: may leave
    await removeAnnotatorGroupMember(db, { projectId: project.id, group: "it-1", email: it2.email });
    // a group in a language the project lacks
    expect((await rejection(createAnnotatorGroup(db, { projectId: project.id, name: "fr-1", language: "fr" }))).message).toMatch(/"fr" is not a target language of this project \(zh, it\)/);
    // a language in use cannot be removed from the project
    expect((await rejection(updateTargetLanguages(db, { projectId: project.id, targetLangs: ["zh"], actorId: null }))).message).toMatch(/translations and 1 annotator group in "it"/);
    expect(await updateTargetLanguages(db, { projectId: project.id, targetLangs: ["zh", "it", "es"], actorId: null })).toEqual(["zh", "it", "es"]);
  });

  it("a group assignment gives K annotators per item within the group, on the group's slice", async () => {
    const { project, it, it2 } = await studyProject();
    const docs = await db.document.findMany({ where: { projectId: project.id }, orderBy: { position: "asc" }, select: { id: true, externalId: true, _count: { select: { segments: true } } } });
    await createAnnotatorGroup(db, { projectId: project.id, name: "it-2", language: "it", documents: [docs[0].externalId] });
    await addAnnotatorGroupMembers(db, { projectId: project.id, group: "it-2", emails: [it.email, it2.email] });
    const held = () => db.assignment.groupBy({ by: ["segmentId"], where: { projectId: project.id, annotatorId: { in: [it.id, it2.id] } }, _count: { _all: true } });
    const before = await held();
    // it-1 gave each item one of the two: K = 2 within the group adds the other on the slice's items only
    const n = await createAssignments(db, { projectId: project.id, annotatorIds: [it.id, it2.id], perItem: 2, documents: [docs[0].externalId], perItemWithinListed: true, shuffle: false });
    expect(n).toBe(docs[0]._count.segments);
    const slice = new Set((await db.segment.findMany({ where: { documentId: docs[0].id }, select: { id: true } })).map((s) => s.id));
    const after = await held();
    expect(after.filter((h) => slice.has(h.segmentId)).map((h) => h._count._all)).toEqual(Array(slice.size).fill(2));
    expect(after.filter((h) => !slice.has(h.segmentId))).toEqual(before.filter((h) => !slice.has(h.segmentId)));
  });

  it("imports refer to a translation by language where a segment has the system's output in several; the project JSONL round-trips", async () => {
    const { project, zh, it, segment, translations } = await studyProject();
    const itT = translations.find((t) => t.language === "it")!;
    const system = (await db.translation.findUniqueOrThrow({ where: { id: itT.id }, select: { system: { select: { name: true } } } })).system.name;
    const line = (o: object) => JSON.stringify({ type: "annotation", annotator: it.email, segmentId: segment.externalId, system, field: "FLUENCY", value: 2, ...o });
    const ambiguous = parseJsonl("values.jsonl", line({}));
    const e = await rejection(loadImport(pool, { projectId: project.id, fileName: "values.jsonl", result: ambiguous }));
    expect(e.message).toMatch(/^values\.jsonl:1 \(language\): Annotation refers to the .* translation of segment .*, which exists in several languages \(it, zh\): give the line a "language"/);
    await loadImport(pool, { projectId: project.id, fileName: "values.jsonl", result: parseJsonl("values.jsonl", line({ language: "it" })) });
    const stored = await db.annotation.findFirstOrThrow({ where: { annotatorId: it.id, field: "FLUENCY" }, select: { translationId: true, value: true } });
    expect(stored).toEqual({ translationId: itT.id, value: 2 });
    void zh;

    // the export names the language on every line that refers to a translation; importing it into a
    // new two-language project stores the same values on the same-language translations
    let text = "";
    for await (const l of exportProjectJsonl(pool, project.id)) text += l;
    const lines = text.trim().split("\n").map((l) => JSON.parse(l) as { type: string; language?: string });
    expect(lines.filter((l) => l.type === "annotation").every((l) => l.language === "it")).toBe(true);
    expect(lines.filter((l) => l.type === "alignment").every((l) => l.language === "zh" || l.language === "it")).toBe(true);
    const slug = `langs-copy-${Math.random().toString(36).slice(2, 8)}`;
    const { project: copy } = await createProject(db, { slug, name: slug, sourceLang: "en", targetLang: "zh,it", scheme: "both" }, { actorId: null, via: "cli", inviteMissing: false });
    await loadImport(pool, { projectId: copy.id, fileName: "copy.jsonl", result: parseJsonl("copy.jsonl", text) });
    const copied = await db.annotation.findFirstOrThrow({ where: { projectId: copy.id, field: "FLUENCY" }, select: { value: true, translation: { select: { language: true } } } });
    expect(copied).toEqual({ value: 2, translation: { language: "it" } });
    expect(await db.alignment.count({ where: { translation: { segment: { projectId: copy.id } } } })).toBe(await db.alignment.count({ where: { translation: { segment: { projectId: project.id } } } }));
  });
});
