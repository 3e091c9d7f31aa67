"use client";
// The study view (app/study/page.tsx): every language pair of every project side by side (MMTE
// figure 7), then each project's MMTE table 3 per pair.
import Link from "next/link";
import { LanguageComparisonChart } from "@/components/dashboard/language-comparison-chart";
import { ScoreTablesView } from "@/components/dashboard/score-tables-view";
import type { TStudyProject } from "@/lib/db/reports/study-comparison";
import type { TLanguageQuality } from "@/lib/reports/analyses/paper/language-comparison";

export function StudyView({ study, unavailable }: { study: TStudyProject[]; unavailable: string[] }) {
  // one entry per project × language pair; the chart names each by project and pair
  const entries = study.flatMap((p) => p.languages.map((l) => ({ ...l, language: `${p.slug}|${l.language}` })));
  const name = (l: TLanguageQuality) => {
    const [slug, language] = l.language.split("|");
    const p = study.find((x) => x.slug === slug);
    return `${slug}: ${p?.sourceLang ?? "?"} → ${language}`;
  };
  return (
    <div className="space-y-6" data-testid="study">
      <div>
        <h1 className="text-2xl font-semibold">Study across projects</h1>
        <p className="text-sm text-slate-600">
          {study.map((p, i) => (
            <span key={p.slug}>
              {i > 0 && " · "}
              <Link href={`/projects/${p.slug}/dashboard`} className="text-indigo-700 underline">{p.name}</Link> ({p.sourceLang} → {p.languages.map((l) => l.language).join(", ") || "no translations"})
            </span>
          ))}
        </p>
        {unavailable.length > 0 && (
          <p role="alert" className="mt-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm" data-testid="study-unavailable">
            Not shown (no such project, or you may not read its reports): {unavailable.join(", ")}.
          </p>
        )}
      </div>
      {entries.length > 0 ? (
        <LanguageComparisonChart data={entries} pairName={name} title="Average quality per project and language pair (MMTE fig. 7)" caption="Each project's panel values (adjudicated where decided, else the mean of its annotators), every system." />
      ) : (
        <p className="text-sm text-slate-500">None of these projects has translations yet.</p>
      )}
      {study.map((p) =>
        p.tables.map((t) => (
          <section key={`${p.slug}-${t.language}`} aria-label={`${p.name}, ${p.sourceLang} → ${t.language}`} className="space-y-2">
            <h2 className="font-medium">{p.name}: {p.sourceLang} → {t.language}</h2>
            <ScoreTablesView slug={`${p.slug}-${t.language}`} scores={{ options: { aggregation: "mean", useAdjudications: true, epsScope: "all", goldKind: "figurative-first" }, sourceDescription: `${p.name}, ${p.sourceLang} → ${t.language}: MMTE table 3.`, metahope: null, mmte: t.mmte }} />
          </section>
        )),
      )}
    </div>
  );
}
