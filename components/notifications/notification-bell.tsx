// The bell in a project's bar: the signed-in user's own notifications of this project (drift flags
// for its managers, lib/db/drift/drift-check.ts), unread first, with a count; nothing when there is
// none. Only the caller's rows are read (listNotifications by user id), so nobody sees another's.
import { getDb } from "@/lib/db/client";
import { listNotifications } from "@/lib/db/notifications/notifications";
import { MarkNotificationsRead } from "./mark-notifications-read";

export async function NotificationBell({ slug, projectId, userId }: { slug: string; projectId: string; userId: string }) {
  const notes = await listNotifications(getDb(), projectId, userId);
  if (notes.length === 0) return null;
  const unread = notes.filter((n) => !n.readAt).length;
  return (
    <details className="relative mt-2 inline-block text-sm" data-testid="notification-bell">
      <summary className="cursor-pointer select-none rounded border px-2 py-1">
        <span aria-hidden>🔔</span> Notifications{unread > 0 && <span className="ml-1 rounded-full bg-red-600 px-1.5 text-xs text-white">{unread}</span>}
      </summary>
      <div className="absolute z-10 mt-1 w-[32rem] max-w-[90vw] rounded border bg-white p-2 shadow">
        <ul className="space-y-2">
          {notes.map((n) => (
            <li key={n.id} className={n.readAt ? "text-slate-500" : ""}>
              <div className="font-medium">{n.href ? <a className="underline" href={n.href}>{n.title}</a> : n.title}</div>
              <div>{n.body}</div>
              <div className="text-xs text-slate-400">{n.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC</div>
            </li>
          ))}
        </ul>
        {unread > 0 && <MarkNotificationsRead slug={slug} />}
      </div>
    </details>
  );
}
