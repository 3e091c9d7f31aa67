// The other-language versions of one item (issue 16 point 3): segments of the same project that
// share its `lists.parallel` key (lib/import/parallel-pairs.ts: a Meta4XNLI EN/ES interpretation
// pair, or sentence n of two CoNLL files imported with --parallel), for the workspace to show side
// by side. Each comes with its text and texts by role (the corpus text, not gold), whether the
// caller is assigned it (a link then opens it), and the caller's OWN values there (never anyone
// else's, never gold). One statement for the versions, one for the caller's assignments and values.
import type { Db } from "@/lib/db/client";
import type { TParallelVersion } from "@/lib/workspace/scheme-item-types";

/** At most this many versions are shown (Meta4XNLI has two languages). */
const MAX_VERSIONS = 8;

export async function getParallelVersions(db: Db, opts: { projectId: string; annotatorId: string; segmentId: string; key: string | null }): Promise<TParallelVersion[]> {
  if (!opts.key) return [];
  const segments = await db.$queryRawUnsafe<{ id: string; externalId: string; language: string; text: string; texts: unknown }[]>(
    `SELECT s.id, s."externalId", s.language, s.text, s.texts FROM "Segment" s
     WHERE s."projectId" = $1 AND s.id <> $2 AND s.lists ->> 'parallel' = $3
     ORDER BY s.language, s."externalId" LIMIT ${MAX_VERSIONS}`,
    opts.projectId,
    opts.segmentId,
    opts.key,
  );
  if (!segments.length) return [];
  const ids = segments.map((s) => s.id);
  const [assignments, annotations] = await Promise.all([
    db.assignment.findMany({ where: { projectId: opts.projectId, annotatorId: opts.annotatorId, segmentId: { in: ids } }, select: { segmentId: true, status: true } }),
    db.annotation.findMany({ where: { projectId: opts.projectId, annotatorId: opts.annotatorId, segmentId: { in: ids } }, select: { segmentId: true, field: true, itemKey: true, value: true } }),
  ]);
  const status = new Map(assignments.map((a) => [a.segmentId, a.status]));
  return segments.map((s) => ({
    id: s.id,
    externalId: s.externalId,
    language: s.language,
    text: s.text,
    texts: Object.fromEntries(Object.entries((s.texts ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string")),
    status: status.get(s.id) ?? null,
    values: annotations.filter((a) => a.segmentId === s.id).map((a) => ({ field: a.field, itemKey: a.itemKey, value: a.value as unknown })),
  }));
}
