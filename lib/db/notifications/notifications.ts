// In-app notifications (the bell in a project's bar): one row per recipient, read or not. Written by
// the checks that find something a lead must see (lib/db/drift/drift-check.ts); read by the bell for
// the signed-in user only, so nobody sees another's notifications.
import type { Db } from "@/lib/db/client";

export interface TNotification {
  id: string;
  kind: string;
  title: string;
  body: string;
  href: string | null;
  createdAt: Date;
  readAt: Date | null;
}

type TTx = Pick<Db, "notification">;

/** One notification to each of `userIds` (none when empty). */
export async function notifyUsers(tx: TTx, n: { projectId: string; userIds: readonly string[]; kind: string; title: string; body: string; href?: string }): Promise<number> {
  if (n.userIds.length === 0) return 0;
  const { count } = await tx.notification.createMany({ data: n.userIds.map((userId) => ({ projectId: n.projectId, userId, kind: n.kind, title: n.title, body: n.body, href: n.href ?? null })) });
  return count;
}

/** The user's latest notifications of a project, unread first. */
export async function listNotifications(db: Db, projectId: string, userId: string, take = 20): Promise<TNotification[]> {
  return db.notification.findMany({
    where: { projectId, userId },
    orderBy: [{ readAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    take,
    select: { id: true, kind: true, title: true, body: true, href: true, createdAt: true, readAt: true },
  });
}

/** Marks the user's unread notifications of a project read (only their own). */
export async function markNotificationsRead(db: Db, projectId: string, userId: string): Promise<number> {
  const { count } = await db.notification.updateMany({ where: { projectId, userId, readAt: null }, data: { readAt: new Date() } });
  return count;
}
