// Hidden gold checks (issue 31 point 2): a share of gold items (GoldItem role CHECK) mixed into
// each annotator's queue, indistinguishable from the others (a plain assignment, origin
// "assigned", at the position of one of their not-started items; the item payload carries no
// flag and no gold: lib/db/workspace/item.ts). On submit, each answer's correctness is recorded
// (GoldCheckAnswer); the dashboard and `tropos export --what gold-checks` show the accuracy of
// each annotator over time.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { goldCheckConfigOf } from "@/lib/db/gold-checks/gold-check-config";
import { scoreAgainstGold } from "@/lib/gold-checks/score-against-gold";
import { readGoldValues } from "@/lib/db/gold-checks/gold-values";
import { seededRandom } from "@/lib/agreement/seeded-random";

type Tx = Db | Prisma.TransactionClient;

/** How many checks a queue of `main` items gets so that checks are `share` of the whole queue. */
export function checksFor(main: number, share: number): number {
  if (share <= 0 || main <= 0) return 0;
  return Math.round((main * share) / (1 - share));
}

function seedOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h | 0;
}

/**
 * Tops up each annotator's hidden checks to the project's share of their main queue (never takes
 * one away), choosing checks they do not hold in a stable per-annotator order, each placed at the
 * position of one of their not-started main items (so it comes among them, not at the end).
 */
export async function mixGoldChecks(db: Db, projectId: string, annotatorIds: readonly string[]): Promise<number> {
  const config = await db.goldCheckConfig.findUnique({ where: { projectId }, select: { checkShare: true } });
  const share = config?.checkShare ?? 0;
  if (share <= 0 || annotatorIds.length === 0) return 0;
  const gold = await db.goldItem.findMany({ where: { projectId }, orderBy: { segmentId: "asc" }, select: { segmentId: true, role: true } });
  const pool = gold.filter((g) => g.role === "CHECK").map((g) => g.segmentId);
  if (pool.length === 0) return 0;
  const goldIds = new Set(gold.map((g) => g.segmentId));
  let created = 0;
  for (const annotatorId of annotatorIds) {
    const held = await db.assignment.findMany({ where: { projectId, annotatorId }, select: { segmentId: true, position: true, status: true, startedAt: true } });
    const main = held.filter((a) => !goldIds.has(a.segmentId));
    const have = new Set(held.map((a) => a.segmentId));
    const checks = held.filter((a) => pool.includes(a.segmentId)).length;
    const want = Math.min(pool.length, checksFor(main.length, share)) - checks;
    if (want <= 0) continue;
    // a stable per-annotator order of the checks (by a hash of annotator and item): each gets other ones
    const free = pool.filter((id) => !have.has(id)).map((id) => [seedOf(`${annotatorId}\u0000${id}`), id] as const).sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])).slice(0, want).map(([, id]) => id);
    const slots = main.filter((a) => a.status === "TODO" && a.startedAt === null).map((a) => a.position);
    const rng = seededRandom(seedOf(`${annotatorId}gold-check-slots`));
    const last = Math.max(-1, ...main.map((a) => a.position));
    const data = free.map((segmentId) => ({ projectId, annotatorId, segmentId, position: slots.length ? slots[rng.int(slots.length)] : last + 1 }));
    created += (await db.assignment.createMany({ data, skipDuplicates: true })).count;
  }
  return created;
}

/** Records the correctness of each answer the annotator submitted on a hidden check (a resubmission replaces it). */
export async function recordGoldCheckAnswers(tx: Prisma.TransactionClient, o: { projectId: string; annotatorId: string; segmentId: string; definition: TSchemeDefinition }): Promise<void> {
  const [answers, gold, config] = await Promise.all([
    tx.annotation.findMany({ where: { projectId: o.projectId, annotatorId: o.annotatorId, segmentId: o.segmentId }, select: { segmentId: true, itemKey: true, field: true, value: true } }),
    readGoldValues(tx as unknown as Db, o.projectId, o.definition, [o.segmentId]),
    goldCheckConfigOf(tx, o.projectId),
  ]);
  // a check is right or wrong by the same rule as the qualification (a field's tolerance included)
  const scored = scoreAgainstGold(o.definition, answers, gold, config.fieldRules).answers;
  await tx.goldCheckAnswer.deleteMany({ where: { annotatorId: o.annotatorId, segmentId: o.segmentId } });
  if (scored.length) {
    await tx.goldCheckAnswer.createMany({
      data: scored.map((a) => ({ projectId: o.projectId, annotatorId: o.annotatorId, segmentId: o.segmentId, field: a.field, itemKey: a.itemKey ?? "", correct: a.correct })),
    });
  }
}

export interface TGoldCheckAccuracyRow {
  annotator: string;
  /** the ISO week's Monday (YYYY-MM-DD) the answers were submitted in */
  week: string;
  field: string;
  correct: number;
  total: number;
  accuracy: number;
}

/** Each annotator's accuracy on hidden checks, per field and week (the dashboard, the export). */
export async function goldCheckAccuracy(db: Tx, projectId: string): Promise<TGoldCheckAccuracyRow[]> {
  const rows = await db.$queryRaw<{ annotator: string; week: string; field: string; correct: bigint; total: bigint }[]>`
    SELECT u.email AS annotator, to_char(date_trunc('week', g."answeredAt"), 'YYYY-MM-DD') AS week, g.field,
           count(*) FILTER (WHERE g.correct) AS correct, count(*) AS total
    FROM "GoldCheckAnswer" g JOIN "User" u ON u.id = g."annotatorId"
    WHERE g."projectId" = ${projectId}
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  return rows.map((r) => ({ annotator: r.annotator, week: r.week, field: r.field, correct: Number(r.correct), total: Number(r.total), accuracy: Number(r.total) ? Number(r.correct) / Number(r.total) : 0 }));
}
