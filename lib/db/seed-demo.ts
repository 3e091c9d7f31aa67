// Seeds the demo: two projects (EN→ZH with MMTE + MetaHOPE, EN→IT with MMTE) from the corpus
// written for Tropos, five demo accounts, and assignments giving every segment three annotators.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { loadImport } from "@/lib/db/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { DEFAULT_SCHEME_CONFIG, ZSchemeConfig } from "@/lib/schemes/scheme-config";
import { createAssignments } from "@/lib/db/assignments";

export const DEMO_PASSWORD = "tropos-demo";

export const DEMO_USERS = [
  { email: "admin@demo.tropos", name: "Site admin", isAdmin: true, roles: [] },
  { email: "manager@demo.tropos", name: "Mara Manager", isAdmin: false, roles: ["MANAGER"] },
  { email: "adjudicator@demo.tropos", name: "Ada Adjudicator", isAdmin: false, roles: ["ADJUDICATOR"] },
  { email: "annotator1@demo.tropos", name: "Li Wei", isAdmin: false, roles: ["ANNOTATOR"] },
  { email: "annotator2@demo.tropos", name: "Giulia Rossi", isAdmin: false, roles: ["ANNOTATOR"] },
  { email: "annotator3@demo.tropos", name: "Sam Taylor", isAdmin: false, roles: ["ANNOTATOR"] },
] as const;

export const DEMO_PROJECTS = [
  {
    slug: "demo",
    name: "Demo: metaphors in the news (EN→ZH)",
    targetLang: "zh",
    schemeConfig: ZSchemeConfig.parse({ alignment: true, metahopeErrors: true }),
    schemes: ["MMTE", "METAHOPE"] as const,
  },
  {
    slug: "demo-it",
    name: "Demo: metaphors in the news (EN→IT)",
    targetLang: "it",
    schemeConfig: DEFAULT_SCHEME_CONFIG,
    schemes: ["MMTE"] as const,
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
    const project = await db.project.create({
      data: { slug: p.slug, name: p.name, sourceLang: "en", targetLang: p.targetLang, schemeConfig: p.schemeConfig },
    });
    await db.projectMember.createMany({
      data: DEMO_USERS.flatMap((u) => u.roles.map((role) => ({ projectId: project.id, userId: users.get(u.email)!, role }))),
    });
    const summary = await loadImport(pool, {
      projectId: project.id,
      fileName: "demo-corpus.json",
      result: demoCorpusToImport(corpus, p.targetLang),
    });
    const annotatorIds = DEMO_USERS.filter((u) => u.roles.includes("ANNOTATOR" as never)).map((u) => users.get(u.email)!);
    let assignments = 0;
    for (const scheme of p.schemes) {
      assignments += await createAssignments(db, { projectId: project.id, annotatorIds, perItem: 3, scheme, shuffle: p.schemeConfig.shuffleItems });
    }
    log(`seeded ${p.slug}: ${summary.documents} documents, ${summary.segments} segments, ${summary.mrws} MRWs, ${summary.translations} translations, ${assignments} assignments`);
  }
  return true;
}
