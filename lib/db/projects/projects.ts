// Data access for projects: lists, overview counts. Every query takes the authorised project id.
import type { Db } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { projectTargetLangs } from "@/lib/projects/target-languages";

/** The projects the user sees (a site admin: all), narrowed by a search over name and slug. */
function projectsWhere(user: { id: string; isAdmin: boolean }, search?: string) {
  const q = search?.trim();
  return {
    ...(user.isAdmin ? {} : { members: { some: { userId: user.id } } }),
    ...(q ? { OR: [{ name: { contains: q, mode: "insensitive" as const } }, { slug: { contains: q, mode: "insensitive" as const } }] } : {}),
  };
}

/** How many projects the list would hold (its pages: issue 29 point 5). */
export async function countProjectsForUser(db: Db, user: { id: string; isAdmin: boolean }, search?: string): Promise<number> {
  return db.project.count({ where: projectsWhere(user, search) });
}

export async function findProjectsForUser(db: Db, user: { id: string; isAdmin: boolean }, page: { search?: string; skip?: number; take?: number } = {}) {
  const projects = await db.project.findMany({
    where: projectsWhere(user, page.search),
    orderBy: [{ name: "asc" }, { slug: "asc" }],
    ...(page.skip ? { skip: page.skip } : {}),
    ...(page.take ? { take: page.take } : {}),
    select: {
      id: true,
      slug: true,
      name: true,
      sourceLang: true,
      targetLang: true,
      targetLangs: true,
      members: { where: { userId: user.id }, select: { role: true } },
      _count: { select: { segments: true, documents: true } },
    },
  });
  return projects.map((p) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    sourceLang: p.sourceLang,
    targetLang: p.targetLang,
    targetLangs: projectTargetLangs(p),
    roles: p.members.map((m) => m.role) as Role[],
    segments: p._count.segments,
    documents: p._count.documents,
  }));
}

export interface AnnotatorProgress {
  userId: string;
  email: string;
  name: string | null;
  done: number;
  /** of `done`, the items an import brought finished (origin 'import') */
  imported: number;
  total: number;
  timeSpentMs: number;
}

export async function getProjectOverview(db: Db, projectId: string) {
  const [documents, segments, mrws, systems, translations, progressRows] = await Promise.all([
    db.document.count({ where: { projectId } }),
    db.segment.count({ where: { projectId } }),
    db.mrw.count({ where: { projectId } }),
    db.mtSystem.count({ where: { projectId } }),
    db.translation.count({ where: { segment: { projectId } } }),
    db.assignment.groupBy({
      by: ["annotatorId", "status", "origin"],
      where: { projectId },
      _count: { _all: true },
      _sum: { timeSpentMs: true },
    }),
  ]);
  const ids = [...new Set(progressRows.map((r) => r.annotatorId))];
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, name: true } });
  const byId = new Map<string, AnnotatorProgress>(
    users.map((u) => [u.id, { userId: u.id, email: u.email, name: u.name, done: 0, imported: 0, total: 0, timeSpentMs: 0 }]),
  );
  for (const r of progressRows) {
    const p = byId.get(r.annotatorId);
    if (!p) continue;
    p.total += r._count._all;
    if (r.status === "DONE") p.done += r._count._all;
    if (r.status === "DONE" && r.origin === "import") p.imported += r._count._all;
    p.timeSpentMs += r._sum.timeSpentMs ?? 0;
  }
  const progress = [...byId.values()].sort((a, b) => a.email.localeCompare(b.email));
  const assignmentsDone = progress.reduce((s, p) => s + p.done, 0);
  const assignmentsTotal = progress.reduce((s, p) => s + p.total, 0);
  return { documents, segments, mrws, systems, translations, assignmentsDone, assignmentsTotal, progress };
}
