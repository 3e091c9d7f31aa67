// Seeds the demo: two projects (EN→ZH with MMTE + MetaHOPE, EN→IT with MMTE) from the corpus
// written for Tropos, the demo accounts, and assignments giving every segment three annotators.
// Two further annotators have already finished (submitted) two of the EN→ZH documents, with real
// disagreements (lib/demo/demo-finished-work.ts), so adjudication and the dashboard have something
// to show on a first visit; the three everyday annotators' items stay untouched.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { loadImport } from "@/lib/db/import/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { DEFAULT_SCHEME_CONFIG, projectSettingsOf, ZSchemeConfig } from "@/lib/schemes/scheme-config";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { storePresetOfPartsVersion } from "@/lib/db/projects/project-schemes";
import { moveOntoSchemeRuntime } from "@/lib/db/upgrade/move-onto-scheme-runtime";
import { demoFinishedWork, type TDemoWork } from "@/lib/demo/demo-finished-work";
import { ZDemoCorpus } from "@/lib/import/parse-demo-corpus";
import { annotationItemKey } from "@/lib/workspace/api-types";
import { severityCodeOf } from "@/lib/schemes/presets/built-in-codes";

export const DEMO_PASSWORD = "tropos-demo";

export const DEMO_USERS = [
  { email: "admin@demo.tropos", name: "Site admin", isAdmin: true, roles: [] },
  { email: "manager@demo.tropos", name: "Mara Manager", isAdmin: false, roles: ["MANAGER"] },
  { email: "adjudicator@demo.tropos", name: "Ada Adjudicator", isAdmin: false, roles: ["ADJUDICATOR"] },
  { email: "annotator1@demo.tropos", name: "Li Wei", isAdmin: false, roles: ["ANNOTATOR"] },
  { email: "annotator2@demo.tropos", name: "Giulia Rossi", isAdmin: false, roles: ["ANNOTATOR"] },
  { email: "annotator3@demo.tropos", name: "Sam Taylor", isAdmin: false, roles: ["ANNOTATOR"] },
  // their work on the EN→ZH project is seeded as finished; they get no other assignments
  { email: "annotator4@demo.tropos", name: "Noor Haddad", isAdmin: false, roles: ["ANNOTATOR"], finishedWork: true },
  { email: "annotator5@demo.tropos", name: "Kenji Mori", isAdmin: false, roles: ["ANNOTATOR"], finishedWork: true },
] as const;

const hasFinishedWork = (u: (typeof DEMO_USERS)[number]) => "finishedWork" in u && u.finishedWork;

export const DEMO_PROJECTS = [
  {
    slug: "demo",
    name: "Demo: metaphors in the news (EN→ZH)",
    targetLang: "zh",
    schemeConfig: ZSchemeConfig.parse({ alignment: true, metahopeErrors: true }),
    /** the presets whose fields the scheme has: the finished work did each item in one sitting per preset */
    parts: ["MMTE", "METAHOPE"] as const,
    /** documents the finished-work annotators have submitted (the first stays fresh for everyone) */
    finishedWorkDocuments: ["demo-doc-2", "demo-doc-3"],
  },
  {
    slug: "demo-it",
    name: "Demo: metaphors in the news (EN→IT)",
    targetLang: "it",
    schemeConfig: DEFAULT_SCHEME_CONFIG,
    parts: ["MMTE"] as const,
    finishedWorkDocuments: [],
  },
];

export function readDemoCorpus(): unknown {
  return JSON.parse(readFileSync(path.join(process.cwd(), "prisma/seed-data/demo-corpus.json"), "utf8"));
}

/** Idempotent: does nothing when the demo project exists. Returns whether it seeded. */
export async function seedDemo(db: Db, pool: Pool, opts: { log?: (s: string) => void } = {}): Promise<boolean> {
  const log = opts.log ?? (() => undefined);
  if (await db.project.findUnique({ where: { slug: "demo" } })) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users = new Map<string, string>();
  for (const u of DEMO_USERS) {
    const row = await db.user.upsert({
      where: { email: u.email },
      update: {},
      create: { email: u.email, name: u.name, isAdmin: u.isAdmin, passwordHash },
    });
    users.set(u.email, row.id);
  }
  const corpus = readDemoCorpus();
  for (const p of DEMO_PROJECTS) {
    const { project, schemeVersion } = await db.$transaction(async (tx) => {
      const made = await tx.project.create({
        data: { slug: p.slug, name: p.name, sourceLang: "en", targetLang: p.targetLang, targetLangs: [p.targetLang], schemeConfig: projectSettingsOf(p.schemeConfig) },
      });
      // its preset stored as data (version 1), as every new project's is (lib/db/projects/create-project.ts)
      return { project: made, schemeVersion: await storePresetOfPartsVersion(tx, made.id, p.schemeConfig, { actorId: null, note: "demo seed" }) };
    });
    const withWork = p.finishedWorkDocuments.length > 0;
    await db.projectMember.createMany({
      data: DEMO_USERS.filter((u) => withWork || !hasFinishedWork(u)).flatMap((u) => u.roles.map((role) => ({ projectId: project.id, userId: users.get(u.email)!, role }))),
    });
    const summary = await loadImport(pool, {
      projectId: project.id,
      fileName: "demo-corpus.json",
      result: demoCorpusToImport(corpus, p.targetLang),
    });
    const annotatorIds = DEMO_USERS.filter((u) => u.roles.includes("ANNOTATOR" as never) && !hasFinishedWork(u)).map((u) => users.get(u.email)!);
    let assignments = await createAssignments(db, { projectId: project.id, annotatorIds, perItem: 3, shuffle: p.schemeConfig.shuffleItems });
    if (withWork) {
      const workers = DEMO_USERS.filter(hasFinishedWork).map((u) => users.get(u.email)!) as [string, string];
      const work = demoFinishedWork(ZDemoCorpus.parse(corpus), p.targetLang, p.finishedWorkDocuments);
      for (const [i, w] of work.entries()) assignments += await seedFinishedWork(db, project.id, workers[i], w, p.parts.length, schemeVersion, p.targetLang);
      // the finished work is written as the release that recorded it stored it (error spans and
      // post-edits in their tables, review marks), then moved onto the scheme's values as every
      // such database is: the demo is the move's oldest customer
      await moveOntoSchemeRuntime(db, project.id);
    }
    log(`seeded ${p.slug}: ${summary.documents} documents, ${summary.segments} segments, ${summary.mrws} MRWs, ${summary.translations} translations, ${assignments} assignments`);
  }
  return true;
}

/** Stores one annotator's finished work and their submitted (DONE) assignments; returns how many assignments. */
async function seedFinishedWork(db: Db, projectId: string, annotatorId: string, work: TDemoWork, sittings: number, schemeVersion: number | null, targetLang: string): Promise<number> {
  const [segments, mrws, translations] = await Promise.all([
    db.segment.findMany({ where: { projectId }, select: { id: true, externalId: true } }),
    db.mrw.findMany({ where: { projectId }, select: { id: true, externalId: true, segmentId: true } }),
    db.translation.findMany({ where: { segment: { projectId } }, select: { id: true, segmentId: true, system: { select: { name: true } } } }),
  ]);
  const segmentId = new Map(segments.map((s) => [s.externalId, s.id]));
  const mrwId = new Map(mrws.map((m) => [`${m.segmentId}/${m.externalId}`, m.id]));
  const translationId = new Map(translations.map((t) => [`${t.segmentId}/${t.system.name}`, t.id]));
  const need = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`demo seed: ${what} is not in the demo corpus`);
    return v;
  };
  const ids = (a: { segment: string; system: string; mrw: string | null }) => {
    const seg = need(segmentId.get(a.segment), `segment ${a.segment}`);
    return {
      segmentId: seg,
      translationId: need(translationId.get(`${seg}/${a.system}`), `translation ${a.segment}/${a.system}`),
      mrwId: a.mrw === null ? null : need(mrwId.get(`${seg}/${a.mrw}`), `MRW ${a.segment}/${a.mrw}`),
    };
  };
  await db.annotation.createMany({
    data: work.annotations.map((a) => {
      const at = ids(a);
      return { projectId, annotatorId, ...at, itemKey: annotationItemKey(at.translationId, at.mrwId), field: a.field, value: a.value as object, schemeVersion };
    }),
  });
  await db.errorSpan.createMany({
    data: work.errorSpans.map((e) => {
      const { translationId: tid, mrwId: mid } = ids(e);
      return { projectId, annotatorId, translationId: tid, mrwId: mid, category: e.category, severity: severityCodeOf(e.penalty), start: e.start, end: e.end };
    }),
  });
  await db.postEdit.createMany({
    data: work.postEdits.map((e) => {
      const { segmentId: sid, translationId: tid } = ids({ segment: e.segment, system: e.baseSystem, mrw: null });
      return { projectId, segmentId: sid, annotatorId, kind: e.kind, language: targetLang, text: e.text, baseTranslationId: tid };
    }),
  });
  // each item done in `sittings` rounds over the documents (one per preset part), sittings a few
  // minutes apart and a minute or two long: started at the first, submitted at the last
  const day = Date.UTC(2026, 10, 2, 9, 0, 0);
  const rows = work.segments.map((ext, i) => {
    const rounds = Array.from({ length: sittings }, (_, k) => {
      const start = day + (k * work.segments.length + i) * 4 * 60_000;
      const ms = 60_000 + ((i * 37_000 + k * 23_000) % 90_000);
      return { start, ms };
    });
    const timeSpentMs = rounds.reduce((n, r) => n + r.ms, 0);
    const completedAt = new Date(Math.max(...rounds.map((r) => r.start + r.ms)));
    return { projectId, annotatorId, segmentId: need(segmentId.get(ext), `segment ${ext}`), status: "DONE" as const, position: i, timeSpentMs, startedAt: new Date(rounds[0].start), completedAt };
  });
  await db.assignment.createMany({ data: rows });
  // they read the documents they annotated (MetaHOPE opens a sentence only after its document)
  const documentIds = await db.segment.findMany({ where: { projectId, id: { in: rows.map((r) => r.segmentId) } }, distinct: ["documentId"], select: { documentId: true } });
  await db.documentRead.createMany({ data: documentIds.map((d) => ({ userId: annotatorId, documentId: d.documentId, readAt: new Date(day) })), skipDuplicates: true });
  return rows.length;
}
