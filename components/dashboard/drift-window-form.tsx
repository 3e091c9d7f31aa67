"use client";
// The lead's drift window (an annotator's last W submitted items), saved by a server action.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { setDriftWindowAction } from "@/app/projects/[slug]/dashboard/drift-actions";

export function DriftWindowForm({ slug, window }: { slug: string; window: number }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="flex items-center gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        const value = new FormData(e.currentTarget).get("window");
        start(async () => {
          const res = await setDriftWindowAction({ slug, window: value });
          setError(res.ok ? null : res.message);
          if (res.ok) router.refresh();
        });
      }}
    >
      <label htmlFor="drift-window">Window (last items per annotator)</label>
      <input id="drift-window" name="window" type="number" min={5} max={1000} defaultValue={window} className="w-20 rounded border px-2 py-1" />
      <button type="submit" disabled={pending} className="rounded border px-2 py-1 hover:bg-slate-50 disabled:opacity-50">
        Save
      </button>
      {error && <span role="alert" className="text-red-700">{error}</span>}
    </form>
  );
}
