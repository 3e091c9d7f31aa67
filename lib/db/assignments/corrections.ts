// Correcting assignments after they were made (issue 29 point 2: once created they could not be
// removed, moved or rebalanced, and removing a member orphaned theirs). Only work nobody has
// begun moves: an assignment is "not started" while its status is TODO and no time was spent on
// it. Started and finished items stay with their annotator (their saved values are theirs, and
// stay in reports and exports). Every correction is one transaction and one audit-log entry.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";

type Tx = Prisma.TransactionClient;

/** TODO with no time on it: nobody has opened it for work. */
const NOT_STARTED = { status: "TODO" as const, timeSpentMs: 0, startedAt: null };

export interface TAnnotatorWorkload {
  userId: string;
  email: string;
  notStarted: number;
  inProgress: number;
  done: number;
  skipped: number;
}

/** Each annotator's assignments by state (the corrections table and the member-removal warning). */
export async function annotatorWorkloads(db: Db | Tx, projectId: string, userIds?: string[]): Promise<TAnnotatorWorkload[]> {
  const rows = await db.assignment.findMany({
    where: { projectId, ...(userIds ? { annotatorId: { in: userIds } } : {}) },
    select: { annotatorId: true, status: true, timeSpentMs: true, startedAt: true, annotator: { select: { email: true } } },
  });
  const by = new Map<string, TAnnotatorWorkload>();
  for (const r of rows) {
    const w = by.get(r.annotatorId) ?? { userId: r.annotatorId, email: r.annotator.email, notStarted: 0, inProgress: 0, done: 0, skipped: 0 };
    if (r.status === "DONE") w.done++;
    else if (r.status === "SKIPPED") w.skipped++;
    else if (r.status === "TODO" && r.timeSpentMs === 0 && r.startedAt === null) w.notStarted++;
    else w.inProgress++;
    by.set(r.annotatorId, w);
  }
  return [...by.values()].sort((a, b) => a.email.localeCompare(b.email));
}

async function memberIdByEmail(tx: Tx, projectId: string, email: string): Promise<string> {
  const user = await tx.user.findFirst({ where: { email: email.trim().toLowerCase(), memberships: { some: { projectId } } }, select: { id: true } });
  if (!user) throw new AppError("NOT_FOUND", `${email} is not a member of this project.`, { field: "email" });
  return user.id;
}

/** The next free queue position of an annotator (moved items go to the end of their queue). */
async function nextPosition(tx: Tx, projectId: string, annotatorId: string): Promise<number> {
  const last = await tx.assignment.aggregate({ where: { projectId, annotatorId }, _max: { position: true } });
  return (last._max.position ?? -1) + 1;
}

/** Withdraws an annotator's not-started assignments (optionally one split). */
export async function withdrawAssignments(db: Db, opts: { projectId: string; actorId: string | null; email: string; split?: "PILOT" | "TEST"; via: "web" | "cli" }): Promise<{ withdrawn: number }> {
  return db.$transaction(async (tx) => {
    const annotatorId = await memberIdByEmail(tx, opts.projectId, opts.email);
    const { count } = await tx.assignment.deleteMany({ where: { projectId: opts.projectId, annotatorId, ...NOT_STARTED, ...(opts.split ? { segment: { split: opts.split } } : {}) } });
    await tx.auditLog.create({ data: { projectId: opts.projectId, userId: opts.actorId, action: "assignment.withdraw", detail: { via: opts.via, email: opts.email.toLowerCase(), split: opts.split ?? null, withdrawn: count } } });
    return { withdrawn: count };
  });
}

/**
 * Moves an annotator's not-started assignments to another annotator of the project. An item the
 * other already has stays where it is: one person never holds an item twice.
 */
export async function moveAssignments(db: Db, opts: { projectId: string; actorId: string | null; from: string; to: string; via: "web" | "cli" }): Promise<{ moved: number; kept: number }> {
  if (opts.from.trim().toLowerCase() === opts.to.trim().toLowerCase()) throw new AppError("BAD_REQUEST", "Choose another annotator to move the items to.", { field: "to" });
  return db.$transaction(async (tx) => {
    const fromId = await memberIdByEmail(tx, opts.projectId, opts.from);
    const toId = await memberIdByEmail(tx, opts.projectId, opts.to);
    if (!(await tx.projectMember.findFirst({ where: { projectId: opts.projectId, userId: toId, role: "ANNOTATOR" }, select: { userId: true } }))) {
      throw new AppError("BAD_REQUEST", `${opts.to} is not an annotator of this project.`, { field: "to" });
    }
    const open = await tx.assignment.findMany({ where: { projectId: opts.projectId, annotatorId: fromId, ...NOT_STARTED }, orderBy: { position: "asc" }, select: { id: true, segmentId: true } });
    const held = new Set((await tx.assignment.findMany({ where: { projectId: opts.projectId, annotatorId: toId, segmentId: { in: open.map((a) => a.segmentId) } }, select: { segmentId: true } })).map((a) => a.segmentId));
    let position = await nextPosition(tx, opts.projectId, toId);
    let moved = 0;
    for (const a of open) {
      if (held.has(a.segmentId)) continue;
      await tx.assignment.update({ where: { id: a.id }, data: { annotatorId: toId, position: position++ } });
      moved++;
    }
    const kept = open.length - moved;
    await tx.auditLog.create({ data: { projectId: opts.projectId, userId: opts.actorId, action: "assignment.move", detail: { via: opts.via, from: opts.from.toLowerCase(), to: opts.to.toLowerCase(), moved, kept } } });
    return { moved, kept };
  });
}

/**
 * Evens out the not-started assignments among the given annotators: items move from the most to
 * the least loaded (counting every open item, started ones too, as load) until no one has two more
 * than another, never to someone who holds the item already. Deterministic: ties by email.
 */
export async function rebalanceAssignments(db: Db, opts: { projectId: string; actorId: string | null; emails: string[]; via: "web" | "cli" }): Promise<{ moved: number; loads: { email: string; before: number; after: number }[] }> {
  const emails = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()))];
  if (emails.length < 2) throw new AppError("BAD_REQUEST", "Choose at least two annotators to rebalance between.", { field: "emails" });
  return db.$transaction(async (tx) => {
    const members = await tx.projectMember.findMany({ where: { projectId: opts.projectId, role: "ANNOTATOR", user: { email: { in: emails } } }, select: { user: { select: { id: true, email: true } } } });
    const missing = emails.filter((e) => !members.some((m) => m.user.email === e));
    if (missing.length) throw new AppError("BAD_REQUEST", `Not annotators of this project: ${missing.join(", ")}.`, { field: "emails" });
    const people = members.map((m) => m.user).sort((a, b) => a.email.localeCompare(b.email));
    const ids = people.map((p) => p.id);
    const rows = await tx.assignment.findMany({
      where: { projectId: opts.projectId, annotatorId: { in: ids }, status: { in: ["TODO", "IN_PROGRESS"] } },
      orderBy: [{ position: "desc" }, { id: "asc" }],
      select: { id: true, annotatorId: true, segmentId: true, status: true, timeSpentMs: true, startedAt: true },
    });
    const load = new Map(ids.map((id) => [id, 0]));
    const holds = new Set<string>();
    const movable = new Map<string, typeof rows>(ids.map((id) => [id, []]));
    for (const r of rows) {
      load.set(r.annotatorId, load.get(r.annotatorId)! + 1);
      holds.add(`${r.annotatorId}\u0000${r.segmentId}`);
      if (r.status === "TODO" && r.timeSpentMs === 0 && r.startedAt === null) movable.get(r.annotatorId)!.push(r);
    }
    // also items they have finished: nobody gets an item a second time
    for (const r of await tx.assignment.findMany({ where: { projectId: opts.projectId, annotatorId: { in: ids }, status: { in: ["DONE", "SKIPPED"] } }, select: { annotatorId: true, segmentId: true } })) {
      holds.add(`${r.annotatorId}\u0000${r.segmentId}`);
    }
    const before = new Map(load);
    const positions = new Map<string, number>();
    for (const id of ids) positions.set(id, await nextPosition(tx, opts.projectId, id));
    let moved = 0;
    for (;;) {
      const order = [...ids].sort((a, b) => load.get(a)! - load.get(b)! || ids.indexOf(a) - ids.indexOf(b));
      const least = order[0];
      const most = order[order.length - 1];
      if (load.get(most)! - load.get(least)! < 2) break;
      // the most loaded gives its last-queued not-started item the least loaded does not hold
      const candidates = movable.get(most)!;
      const i = candidates.findIndex((c) => !holds.has(`${least}\u0000${c.segmentId}`));
      if (i < 0) break;
      const [item] = candidates.splice(i, 1);
      const position = positions.get(least)!;
      positions.set(least, position + 1);
      await tx.assignment.update({ where: { id: item.id }, data: { annotatorId: least, position } });
      holds.delete(`${most}\u0000${item.segmentId}`);
      holds.add(`${least}\u0000${item.segmentId}`);
      movable.get(least)!.push(item);
      load.set(most, load.get(most)! - 1);
      load.set(least, load.get(least)! + 1);
      moved++;
    }
    const loads = people.map((p) => ({ email: p.email, before: before.get(p.id)!, after: load.get(p.id)! }));
    await tx.auditLog.create({ data: { projectId: opts.projectId, userId: opts.actorId, action: "assignment.rebalance", detail: { via: opts.via, moved, loads } } });
    return { moved, loads };
  });
}

/** When a member loses the ANNOTATOR role: their not-started assignments go (in the caller's transaction). */
export async function withdrawNotStartedOf(tx: Tx, projectId: string, userId: string): Promise<number> {
  const { count } = await tx.assignment.deleteMany({ where: { projectId, annotatorId: userId, ...NOT_STARTED } });
  return count;
}
