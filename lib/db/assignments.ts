// Assigning k annotators per item. Items go to the least-loaded annotators (balanced), and each
// annotator's queue order is either corpus order or a per-annotator shuffle that is stable
// (seeded from the annotator id), so "continue where I stopped" means the same thing every day.
import type { Db } from "@/lib/db/client";
import type { Split } from "@/lib/generated/prisma/enums";
import type { TAssignmentScheme } from "@/lib/schemes/scheme-runtime";
import { seededRandom } from "@/lib/agreement/seeded-random";
import { AppError } from "@/lib/errors";

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

export async function createAssignments(
  db: Db,
  opts: {
    projectId: string;
    annotatorIds: string[];
    perItem: number;
    scheme: TAssignmentScheme;
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
  if (opts.annotatorIds.length < opts.perItem) {
    throw new AppError("BAD_REQUEST", `Need at least ${opts.perItem} annotators, the project has ${opts.annotatorIds.length}.`);
  }
  const segments = await db.segment.findMany({
    where: { projectId: opts.projectId, ...(opts.split ? { split: opts.split } : {}), ...(opts.documents?.length ? { document: { externalId: { in: opts.documents } } } : {}) },
    orderBy: [{ document: { position: "asc" } }, { index: "asc" }],
    select: { id: true },
  });
  const existing = await db.assignment.findMany({
    where: { projectId: opts.projectId, scheme: opts.scheme, ...(opts.perItemWithinListed ? { annotatorId: { in: opts.annotatorIds } } : {}) },
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
  const rows: { projectId: string; annotatorId: string; segmentId: string; scheme: TAssignmentScheme; position: number }[] = [];
  for (const [annotatorId, segs] of perAnnotator) {
    const offset = existing.filter((e) => e.annotatorId === annotatorId).length;
    const ordered = opts.shuffle ? shuffledOrder(segs, hashSeed(annotatorId + opts.scheme)) : segs;
    ordered.forEach((segmentId, i) => rows.push({ projectId: opts.projectId, annotatorId, segmentId, scheme: opts.scheme, position: offset + i }));
  }
  const res = await db.assignment.createMany({ data: rows, skipDuplicates: true });
  return res.count;
}
