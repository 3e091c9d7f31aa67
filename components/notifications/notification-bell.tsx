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
        <svg aria-hidden viewBox="0 0 24 24" className="mr-1 inline h-4 w-4 align-[-2px]" fill="none" stroke="currentColor" strokeWidth="2"><path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" /><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" /></svg>
        Notifications{unread > 0 && <span className="ml-1 rounded-full bg-red-600 px-1.5 text-xs text-white">{unread}</span>}
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
