// Imports the released MetaHOPE EN→ZH pilot workbooks (annotators A and B, and A's separate
// sentence-level pass, the "Copy_…" workbook) into a project, the way the paper combined them:
// - A's and B's MRW-level sheets → their MRW-tied error spans;
// - the sentence-level sheet → annotator A's sentence-level errors only (its documents, MRWs and
//   comments are the same content and are not re-imported; its post-edits are an earlier pass);
// - a METAHOPE_ERRORS `{ reviewed: true }` marker for every translation and both annotators,
//   because each sheet has a row for every MRW and every system and leaves "no error" blank.
// Used by tests/integration/reports-metahope-reproduction.test.ts and, run as a script, by the
// dashboard e2e spec: `tsx scripts/e2e-metahope-fixture.ts [slug]` with DATABASE_URL set.
// `tsx scripts/e2e-metahope-fixture.ts --adjudication <slug>` instead seeds the small project of
// the adjudication e2e spec (two demo annotators who disagree on known values).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Pool } from "pg";
import { loadImport } from "@/lib/db/import/load-import";
import { metahopeWorkbookForProject } from "@/lib/db/import/import-file";
import { importedRaterEmail } from "@/lib/import/imported-annotator";
import { parseMetahopeXlsx } from "@/lib/import/parse-metahope-xlsx";
import { emptyImportResult, type ImportResult } from "@/lib/import/types";

// shipped in the repository (data/metahope/README.md: source, licence, citation)
export const METAHOPE_DIR = path.resolve(process.cwd(), "data/metahope");
export const METAHOPE_FILES = {
  A: "VUAMC_pilot20__translation_aligned_annotator-A.xlsx",
  B: "VUAMC_pilot20__translation_aligned_annotated_annotator-B.xlsx",
  S: "Copy_VUAMC_pilot20__translation_aligned_with_full_sentence-level_error.xlsx",
} as const;

export function haveMetahopeData(dir = METAHOPE_DIR): boolean {
  return Object.values(METAHOPE_FILES).every((f) => existsSync(path.join(dir, f)));
}

function reviewedMarkers(r: ImportResult, annotator: string): ImportResult["annotations"] {
  return r.translations.map((t) => ({ annotator, segmentId: t.segmentId, system: t.system, field: "METAHOPE_ERRORS",
    // loadImport stores `JSON.stringify(value)` as jsonb, so an object lands as the `{ reviewed: true }` the convention asks for
    value: { reviewed: true } as unknown as string,
  }));
}

/**
 * Imports A, B and A's sentence-level pass; returns the annotator name → email map. `load` stores
 * each file instead of loadImport (the tests of the move write the earlier release's rows with it);
 * no email is returned then.
 */
export async function importMetahopePilot(pool: Pool, projectId: string, dir = METAHOPE_DIR, load?: (fileName: string, result: ImportResult) => Promise<void>) {
  // fitted to the project as an upload is (a variant of the MetaHOPE preset: its post-edit field, no note columns)
  const read = async (f: string, annotator: string) => metahopeWorkbookForProject(pool, projectId, f, await parseMetahopeXlsx(f, readFileSync(path.join(dir, f)), { annotator }));
  const a = await read(METAHOPE_FILES.A, "A");
  const b = await read(METAHOPE_FILES.B, "B");
  const s = await read(METAHOPE_FILES.S, "A");
  const emails: Record<string, string> = {};
  for (const [file, r] of [
    [METAHOPE_FILES.A, a],
    [METAHOPE_FILES.B, b],
  ] as const) {
    const name = file === METAHOPE_FILES.A ? "A" : "B";
    const markers = reviewedMarkers(r, name);
    if (load) {
      await load(file, { ...r, annotations: [...r.annotations, ...markers] });
      continue;
    }
    const summary = await loadImport(pool, { projectId, fileName: file, result: { ...r, annotations: [...r.annotations, ...markers] } });
    // "A" and "B" are the project's placeholder raters (issue 27, point 7): the answer shows them by name
    for (const x of summary.annotators) emails[x.name] = x.email ?? importedRaterEmail(projectId, x.name);
  }
  const sentenceLevel = emptyImportResult();
  sentenceLevel.errorSpans = s.errorSpans.map((e) => ({ ...e, mrwId: undefined }));
  if (load) await load(METAHOPE_FILES.S, sentenceLevel);
  else await loadImport(pool, { projectId, fileName: METAHOPE_FILES.S, result: sentenceLevel });
  return emails;
}

/**
 * Two segments × two systems; demo annotators 1 and 2 disagree on segment 0 / sysA only. Its error
 * spans and post-edits are lines of the import format: loadImport stores them as values of the
 * scheme's METAHOPE_ERRORS and POSTEDIT_FIGURATIVE / POSTEDIT_LITERAL fields (no ErrorSpan or PostEdit rows).
 */
export function adjudicationScenario(): ImportResult {
  const ir = emptyImportResult();
  const texts = ["The economy ran out of steam last year.", "Prices skyrocketed after the storm."];
  const mrw = [
    { token: "ran out of steam", start: 12, end: 28 },
    { token: "skyrocketed", start: 7, end: 18 },
  ];
  ir.documents.push({
    externalId: "adj-doc",
    title: "Adjudication e2e",
    language: "en",
    split: "pilot",
    segments: texts.map((text, i) => ({
      externalId: `adj-s${i}`,
      index: i,
      text,
      language: "en",
      metaphorical: true,
      mrws: [{ externalId: "m", spans: [{ start: mrw[i].start, end: mrw[i].end }], token: mrw[i].token, pos: "VERB" as const, active: true, metaphorical: true }],
    })),
  });
  const out: Record<string, string[]> = { sysA: ["去年经济失去了动力。", "暴风雨过后价格飞涨。"], sysB: ["去年经济没有蒸汽了。", "暴风雨后价格上涨。"] };
  for (const system of ["sysA", "sysB"]) for (const i of [0, 1]) ir.translations.push({ segmentId: `adj-s${i}`, system, language: "zh", text: out[system][i] });
  const a1 = "annotator1@demo.tropos";
  const a2 = "annotator2@demo.tropos";
  for (const system of ["sysA", "sysB"]) {
    for (const i of [0, 1]) {
      const disagree = system === "sysA" && i === 0;
      ir.annotations.push({ annotator: a1, segmentId: `adj-s${i}`, system, field: "FLUENCY", value: disagree ? 5 : 4 });
      ir.annotations.push({ annotator: a2, segmentId: `adj-s${i}`, system, field: "FLUENCY", value: disagree ? 2 : 4 });
      ir.annotations.push({ annotator: a1, segmentId: `adj-s${i}`, system, mrwId: "m", field: "EQUIVALENCE", value: "FULL" });
      ir.annotations.push({ annotator: a2, segmentId: `adj-s${i}`, system, mrwId: "m", field: "EQUIVALENCE", value: disagree ? "NON" : "FULL" });
      for (const a of [a1, a2]) ir.annotations.push({ annotator: a, segmentId: `adj-s${i}`, system, field: "METAHOPE_ERRORS", value: { reviewed: true } as unknown as string });
    }
  }
  ir.errorSpans.push({ annotator: a1, segmentId: "adj-s0", system: "sysA", mrwId: "m", category: "MIS", severity: 6, span: { start: 4, end: 8 } });
  ir.errorSpans.push({ annotator: a2, segmentId: "adj-s0", system: "sysA", category: "PRF", severity: 2, span: { start: 0, end: 2 } });
  ir.postEdits.push({ annotator: a1, segmentId: "adj-s0", system: "sysA", text: "去年经济失去了动力。", kind: "figurative", language: "zh" });
  ir.postEdits.push({ annotator: a2, segmentId: "adj-s0", system: "sysB", text: "去年经济增长乏力。", kind: "literal", language: "zh" });
  return ir;
}

async function seedAdjudicationScenario(slug: string) {
  const { getDb } = await import("@/lib/db/client");
  const { getPgPool, closePgPool } = await import("@/lib/db/pg-pool");
  const db = getDb();
  const existing = await db.project.findUnique({ where: { slug } });
  if (existing) await db.project.delete({ where: { id: existing.id } });
  const project = await db.project.create({ data: { slug, name: "Adjudication e2e (EN→ZH)", sourceLang: "en", targetLang: "zh", schemeConfig: { metahopeErrors: true } } });
  const users = await db.user.findMany({ where: { email: { in: ["manager@demo.tropos", "adjudicator@demo.tropos", "annotator1@demo.tropos", "annotator2@demo.tropos"] } } });
  const role = (email: string) => (email.startsWith("manager") ? "MANAGER" : email.startsWith("adjudicator") ? "ADJUDICATOR" : "ANNOTATOR") as "MANAGER" | "ADJUDICATOR" | "ANNOTATOR";
  await db.projectMember.createMany({ data: users.map((u) => ({ projectId: project.id, userId: u.id, role: role(u.email) })), skipDuplicates: true });
  await loadImport(getPgPool(), { projectId: project.id, fileName: "adjudication-e2e.jsonl", result: adjudicationScenario() });
  const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: "adj-s0" }, include: { translations: { include: { system: true } } } });
  const translationId = seg.translations.find((t) => t.system.name === "sysA")!.id;
  console.log(JSON.stringify({ slug, projectId: project.id, segmentId: seg.id, translationId }));
  await db.$disconnect();
  await closePgPool();
}

async function main() {
  if (process.argv[2] === "--adjudication") return seedAdjudicationScenario(process.argv[3] ?? "adj-e2e");
  const slug = process.argv[2] ?? "metahope-pilot";
  if (!haveMetahopeData()) {
    console.log(`skipped: the MetaHOPE workbooks are not in ${METAHOPE_DIR}`);
    return;
  }
  const { getDb } = await import("@/lib/db/client");
  const { getPgPool, closePgPool } = await import("@/lib/db/pg-pool");
  const db = getDb();
  let project = await db.project.findUnique({ where: { slug } });
  if (!project) {
    project = await db.project.create({ data: { slug, name: "MetaHOPE pilot (EN→ZH, annotators A and B)", sourceLang: "en", targetLang: "zh", schemeConfig: { metahopeErrors: true } } });
    // the demo staff can read and adjudicate it
    const staff = await db.user.findMany({ where: { email: { in: ["manager@demo.tropos", "adjudicator@demo.tropos"] } } });
    await db.projectMember.createMany({
      data: staff.map((u) => ({ projectId: project!.id, userId: u.id, role: u.email.startsWith("manager") ? ("MANAGER" as const) : ("ADJUDICATOR" as const) })),
      skipDuplicates: true,
    });
  }
  const emails = await importMetahopePilot(getPgPool(), project.id);
  console.log(JSON.stringify({ slug, projectId: project.id, annotators: emails }));
  await db.$disconnect();
  await closePgPool();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
