"use client";
// Skip (or un-skip) one item from the queue page.
import { useState } from "react";
import { useRouter } from "next/navigation";

export function QueueSkipButton({ slug, segmentId, skipped }: { slug: string; segmentId: string; skipped: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <span>
      <button
        type="button"
        disabled={busy}
        className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100"
        aria-label={`${skipped ? "Reopen" : "Skip"} item ${segmentId}`}
        onClick={async () => {
          setBusy(true);
          const res = await fetch(`/api/projects/${slug}/items/${segmentId}/assignment`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ action: skipped ? "reopen" : "skip" }),
          }).catch(() => null);
          setBusy(false);
          if (!res?.ok) setError("Could not change the item; try again.");
          else router.refresh();
        }}
      >
        {skipped ? "Reopen" : "Skip"}
      </button>
      {error && <span role="alert" className="ml-1 text-xs text-red-700">{error}</span>}
    </span>
  );
}
