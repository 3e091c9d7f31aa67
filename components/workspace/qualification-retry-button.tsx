"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { startQualificationAttemptAction } from "@/app/projects/[slug]/queue/qualification-actions";

/** Starts a new qualification attempt after a failed one (the values of the set are cleared). */
export function QualificationRetryButton({ slug }: { slug: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <button
        type="button"
        disabled={pending}
        data-testid="qualification-retry"
        className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
        onClick={() =>
          start(async () => {
            const res = await startQualificationAttemptAction({ slug });
            if (res.ok) router.refresh();
            else setError(res.message);
          })
        }
      >
        {pending ? "Starting…" : "Start a new attempt"}
      </button>
      {error && <p role="alert" className="mt-2 text-sm text-red-700">{error}</p>}
    </div>
  );
}
