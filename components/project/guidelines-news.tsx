"use client";
// "The guidelines changed since your last visit": a notice above every project page for annotators
// and adjudicators, with the lead's notes, the summary of what changed, and each changed guideline
// text word by word (removed struck through, added highlighted), until they mark it read
// (lib/db/workspace/scheme-seen.ts). Folded by default below the summary: the page stays usable.
import { useState } from "react";
import { diffWords } from "diff";
import type { TGuidelinesNews } from "@/lib/db/workspace/scheme-seen";

function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <div className="whitespace-pre-wrap rounded bg-white p-1.5 text-xs leading-relaxed">
      {diffWords(before, after).map((c, i) =>
        c.added ? (
          <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline">{c.value}</ins>
        ) : c.removed ? (
          <del key={i} className="bg-rose-100 text-rose-900">{c.value}</del>
        ) : (
          <span key={i}>{c.value}</span>
        ),
      )}
    </div>
  );
}

export function GuidelinesNews({ slug, news }: { slug: string; news: TGuidelinesNews }) {
  const [state, setState] = useState<"open" | "busy" | "read" | "error">("open");
  if (state === "read") return null;
  return (
    <section role="status" aria-label="Guidelines changed" data-testid="guidelines-news" className="mt-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-amber-900">
          The guidelines changed since your last visit (version {news.from} → {news.to})
        </h2>
        <button
          type="button"
          disabled={state === "busy"}
          className="rounded border border-amber-400 bg-white px-2 py-0.5 text-xs hover:bg-amber-100"
          onClick={async () => {
            setState("busy");
            const res = await fetch(`/api/projects/${slug}/scheme/seen`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ version: news.to }),
            }).catch(() => null);
            setState(res?.ok ? "read" : "error");
          }}
        >
          Mark as read
        </button>
      </div>
      {state === "error" && <p role="alert" className="mt-1 text-xs text-red-700">Could not record that you read it; try again.</p>}
      {news.notes.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-amber-900">
          {news.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      {news.summary.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-slate-700" aria-label="What changed">
          {news.summary.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ul>
      )}
      {news.texts.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-medium text-amber-900">
            Changed guideline texts ({news.texts.length})
          </summary>
          <div className="mt-1 space-y-2">
            {news.texts.map((t) => (
              <div key={t.key} data-testid="guidelines-text-change">
                <div className="text-xs font-medium text-slate-600">
                  {t.where}
                  {t.before === "" ? " (new)" : t.after === "" ? " (removed)" : ""}
                </div>
                <TextDiff before={t.before} after={t.after} />
              </div>
            ))}
          </div>
        </details>
      )}
    </section>
  );
}
