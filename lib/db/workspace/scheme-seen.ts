// "The guidelines changed since your last visit" (issue 14 point 3). Each member's last seen
// scheme version per project is a SchemeSeen row. The first visit records the version in force
// and shows nothing (nothing changed for them); when a later version is in force, the project
// pages show what changed from the version they saw (the summary of scheme-change.ts and every
// guideline text that differs, guidelines-texts.ts) until they mark it read. A project that never
// stored a scheme runs its built-in preset, which does not change: nothing to show.
import type { Db } from "@/lib/db/client";
import { getProjectScheme, getProjectSchemeVersion } from "@/lib/db/projects/project-schemes";
import { describeSchemeChange } from "@/lib/schemes/language/scheme-change";
import { guidelinesTextChanges, type TGuidelinesTextChange } from "@/lib/schemes/language/guidelines-texts";

export interface TGuidelinesNews {
  from: number;
  to: number;
  /** the lead's notes of the versions in between (newest first), as stored with each version */
  notes: string[];
  summary: string[];
  texts: TGuidelinesTextChange[];
}

/** What changed since the caller last saw the project's scheme; null when nothing did (and on a first visit, which is recorded). */
export async function guidelinesNews(db: Db, projectId: string, userId: string): Promise<TGuidelinesNews | null> {
  const latest = await getProjectScheme(db, projectId);
  if (!latest) return null;
  const seen = await db.schemeSeen.findUnique({ where: { userId_projectId: { userId, projectId } }, select: { version: true } });
  if (!seen) {
    // a first visit: whatever is in force is what they start from
    await db.schemeSeen.upsert({ where: { userId_projectId: { userId, projectId } }, create: { userId, projectId, version: latest.version }, update: {} });
    return null;
  }
  if (seen.version >= latest.version) return null;
  const before = await getProjectSchemeVersion(db, projectId, seen.version);
  if (!before) return null;
  const between = await db.projectScheme.findMany({
    where: { projectId, version: { gt: seen.version, lte: latest.version }, note: { not: null } },
    orderBy: { version: "desc" },
    select: { note: true },
  });
  return {
    from: seen.version,
    to: latest.version,
    notes: between.map((b) => b.note!).filter((n) => n.trim() !== ""),
    summary: describeSchemeChange(before.definition, latest.definition),
    texts: guidelinesTextChanges(before.definition, latest.definition),
  };
}

/** Marks `version` read; never moves back (a stale tab marking an older version read changes nothing). */
export async function markSchemeSeen(db: Db, projectId: string, userId: string, version: number): Promise<{ version: number }> {
  const rows = await db.$queryRaw<{ version: number }[]>`
    INSERT INTO "SchemeSeen" ("userId", "projectId", version, "seenAt") VALUES (${userId}, ${projectId}, ${version}, now())
    ON CONFLICT ("userId", "projectId") DO UPDATE SET version = GREATEST("SchemeSeen".version, EXCLUDED.version), "seenAt" = now()
    RETURNING version`;
  return rows[0];
}
