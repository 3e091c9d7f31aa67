"use client";
// The folded table of every agreement figure (every level, weighting, pair and label; about a
// thousand rows on the demo). It is fetched from the agreement API when first opened instead of
// being sent with every page view: it was most of the page's payload, and its intervals (when
// the page shows intervals) are only worth computing for a reader who opens it.
import { useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { ValueCell } from "@/components/dashboard/value-cell";
import type { TAgreementFigure } from "@/lib/reports/agreement-figure";
import { raterLabel } from "@/lib/import/imported-annotator";

const columns: ColumnDef<TAgreementFigure, unknown>[] = [
  { accessorKey: "scheme", header: "scheme" },
  { accessorKey: "system", header: "system" },
  { accessorKey: "field", header: "field" },
  { accessorKey: "statistic", header: "statistic" },
  { id: "variant", header: "level/weights", accessorFn: (f) => [f.level, f.weights, f.kappaCategories, f.label].filter(Boolean).join(" ") },
  { id: "who", header: "annotator(s)", accessorFn: (f) => (f.annotator ? raterLabel(f.annotator) : (f.annotators?.map(raterLabel).join(" × ") ?? "")) },
  {
    id: "value",
    header: "value",
    accessorFn: (f) => f.value,
    cell: ({ row: { original: f } }) => <ValueCell cell={{ value: f.value, reason: f.reason, ci95: f.ci95, ciReason: f.ciReason, n: f.n, raters: f.raters, note: f.note }} digits={f.statistic === "exact_agreement" || f.statistic === "accuracy" ? 1 : 3} />,
    sortUndefined: "last",
  },
  { accessorKey: "n", header: "n" },
  { id: "raters", header: "raters", accessorFn: (f) => f.raters ?? "" },
  { id: "note", header: "note", accessorFn: (f) => f.note ?? "" },
];

export function AllFigures({ slug, qs, summaryId, count }: { slug: string; qs: string; summaryId: string; count: number }) {
  const [state, setState] = useState<{ figures: TAgreementFigure[] } | { error: string } | "loading" | null>(null);
  async function load() {
    setState("loading");
    try {
      const res = await fetch(`/api/projects/${slug}/reports/agreement?format=json&${qs}`);
      if (!res.ok) throw new Error(`the server answered ${res.status}`);
      setState({ figures: (await res.json()) as TAgreementFigure[] });
    } catch (e) {
      setState({ error: e instanceof Error ? e.message : String(e) });
    }
  }
  return (
    <details onToggle={(e) => e.currentTarget.open && state === null && void load()}>
      <summary className="cursor-pointer font-medium" id={summaryId}>
        Every figure, every level, weighting and pair ({count}): show the table
      </summary>
      <div className="mt-2" aria-live="polite">
        {state === "loading" && <p className="text-sm text-slate-500">Computing every figure{qs.includes("ci=1") ? " and its interval" : ""}…</p>}
        {state && typeof state === "object" && "error" in state && (
          <p role="alert" className="text-sm text-red-700">
            The figures could not be loaded ({state.error}). <button type="button" className="underline" onClick={() => void load()}>Try again</button>
          </p>
        )}
        {state && typeof state === "object" && "figures" in state && (
          <>
            <p className="mb-1 text-xs text-slate-500">{state.figures.length} figures.</p>
            <DataTable data={state.figures} columns={columns} csvName={`${slug}-agreement-figures`} testId="all-figures" />
          </>
        )}
      </div>
    </details>
  );
}
