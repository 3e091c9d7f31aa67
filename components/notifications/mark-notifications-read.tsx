"use client";
// "Mark all read" in the notification bell: the caller's own notifications of the project.
import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { markNotificationsReadAction } from "@/app/projects/[slug]/notification-actions";

export function MarkNotificationsRead({ slug }: { slug: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <button
      type="button"
      disabled={pending}
      className="mt-2 rounded border px-2 py-1 text-xs hover:bg-slate-50 disabled:opacity-50"
      onClick={() => start(async () => {
        const res = await markNotificationsReadAction({ slug });
        if (res.ok) router.refresh();
      })}
    >
      Mark all read
    </button>
  );
}
