// Assigning k annotators per item. Items go to the least-loaded annotators (balanced), and each
// annotator's queue order is either corpus order or a per-annotator shuffle that is stable
// (seeded from the annotator id), so "continue where I stopped" means the same thing every day.
import type { Db } from "@/lib/db/client";
import type { Split } from "@/lib/generated/prisma/enums";
import { seededRandom } from "@/lib/agreement/seeded-random";
import { AppError } from "@/lib/errors";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";
import { ensureQualificationAssignments } from "@/lib/db/gold-checks/qualification";
import { mixGoldChecks } from "@/lib/db/gold-checks/hidden-checks";

/**
 * The seed of an annotator's shuffled queue. The suffix is what the seed was made of while an
 * assignment still named its scheme (always "SCHEME" on the one runtime): kept, so that a queue
 * extended now continues in the order its first items were given.
 */
const shuffleSeed = (annotatorId: string) => hashSeed(`${annotatorId}SCHEME`);

function hashSeed(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h | 0;
}

export function shuffledOrder<T>(items: T[], seed: number): T[] {
  const out = items.slice();
  const rng = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The project's annotators new work can go to: members with the ANNOTATOR role, without the
 * accounts imports create for raters named in files (lib/import/imported-annotator.ts).
 */
export async function assignableAnnotatorIds(db: Db, projectId: string): Promise<string[]> {
  const members = await db.projectMember.findMany({ where: { projectId, role: "ANNOTATOR" }, select: { user: { select: { id: true, email: true } } } });
  return assignableOf(members.map((m) => m.user));
}

/** Of a project's annotators, those work can be assigned to (not an import's placeholder raters). */
export function assignableOf(annotators: { id: string; email: string }[]): string[] {
  return annotators.filter((u) => !isImportedAnnotatorEmail(u.email)).map((u) => u.id);
}

export async function createAssignments(
  db: Db,
  opts: {
    projectId: string;
    annotatorIds: string[];
    perItem: number;
    split?: Split;
    /** only items of these documents (external ids): an annotator group's slice */
    documents?: string[];
    /**
     * Count an item's existing annotators among the listed ones only (an annotator group: K per
     * item within the group, whatever other groups hold); default: every annotator of the item.
     */
    perItemWithinListed?: boolean;
    shuffle: boolean;
  },
): Promise<number> {
  if (opts.perItem < 1) throw new AppError("BAD_REQUEST", "perItem must be at least 1.");
  // gold items (qualification set, hidden checks) are given by their own rules (lib/db/gold-checks/)
  const goldIds = (await db.goldItem.findMany({ where: { projectId: opts.projectId }, select: { segmentId: true } })).map((g) => g.segmentId);
  const segments = await db.segment.findMany({
    where: { projectId: opts.projectId, ...(goldIds.length ? { id: { notIn: goldIds } } : {}), ...(opts.split ? { split: opts.split } : {}), ...(opts.documents?.length ? { document: { externalId: { in: opts.documents } } } : {}) },
    orderBy: [{ document: { position: "asc" } }, { index: "asc" }],
    select: { id: true },
  });
  // Who counts toward "K per item" (issue 29 point 2): the listed annotators, and otherwise only
  // people new work could go to: the project's annotators, not the raters an import brought
  // (`…@annotators.tropos.local`, or anyone no longer an annotator here). In an MQM project the raters
  // of an imported file made `--per-item 1 --annotators annotator1` create nothing.
  const counted = new Set(opts.annotatorIds);
  if (!opts.perItemWithinListed) for (const id of await assignableAnnotatorIds(db, opts.projectId)) counted.add(id);
  const existing = await db.assignment.findMany({
    where: { projectId: opts.projectId, annotatorId: { in: [...counted] } },
    select: { annotatorId: true, segmentId: true },
  });
  const load = new Map(opts.annotatorIds.map((id) => [id, 0]));
  const have = new Map<string, Set<string>>();
  for (const a of existing) {
    if (load.has(a.annotatorId)) load.set(a.annotatorId, load.get(a.annotatorId)! + 1);
    const s = have.get(a.segmentId) ?? new Set<string>();
    s.add(a.annotatorId);
    have.set(a.segmentId, s);
  }
  // an item that cannot reach K with the chosen annotators is refused before anything is written,
  // with the numbers that matter (it said "the project has 2" when it had 3 and 2 were ticked)
  const short = segments.filter((seg) => {
    const already = have.get(seg.id) ?? new Set<string>();
    return opts.perItem - already.size > opts.annotatorIds.filter((id) => !already.has(id)).length;
  });
  if (short.length > 0) {
    const most = Math.max(...short.map((seg) => have.get(seg.id)?.size ?? 0));
    throw new AppError(
      "BAD_REQUEST",
      `${short.length} item${short.length === 1 ? "" : "s"} cannot get ${opts.perItem} annotators: ${most === 0 ? "none has one yet" : `they have at most ${most} already`} and you chose ${opts.annotatorIds.length}. Choose more annotators, or fewer per item.`,
      { field: "annotatorIds" },
    );
  }
  const perAnnotator = new Map<string, string[]>(opts.annotatorIds.map((id) => [id, []]));
  for (const seg of segments) {
    const already = have.get(seg.id) ?? new Set<string>();
    const need = opts.perItem - already.size;
    if (need <= 0) continue;
    const candidates = opts.annotatorIds
      .filter((id) => !already.has(id))
      .sort((a, b) => load.get(a)! - load.get(b)! || a.localeCompare(b))
      .slice(0, need);
    for (const id of candidates) {
      perAnnotator.get(id)!.push(seg.id);
      load.set(id, load.get(id)! + 1);
    }
  }
  const rows: { projectId: string; annotatorId: string; segmentId: string; position: number }[] = [];
  for (const [annotatorId, segs] of perAnnotator) {
    const offset = existing.filter((e) => e.annotatorId === annotatorId).length;
    const ordered = opts.shuffle ? shuffledOrder(segs, shuffleSeed(annotatorId)) : segs;
    ordered.forEach((segmentId, i) => rows.push({ projectId: opts.projectId, annotatorId, segmentId, position: offset + i }));
  }
  const res = await db.assignment.createMany({ data: rows, skipDuplicates: true });
  // the qualification set first in each queue, and the project's share of hidden gold checks among the items
  await ensureQualificationAssignments(db, opts.projectId, opts.annotatorIds);
  await mixGoldChecks(db, opts.projectId, opts.annotatorIds);
  return res.count;
}
