"use client";
// Score tables: MetaHOPE tables 5 (EPS) and 6 (EPM, per metaphor, Ratio M/S); MMTE table 3
// (mean quality per system × group, BLEU-1/4 and ROUGE-L once gold references exist), and the
// automatic metrics imported beside them with their correlations (issue 19).
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { ValueCell } from "@/components/dashboard/value-cell";
import { MetricColumnsView } from "@/components/dashboard/metric-columns-view";
import type { TScoreTables } from "@/lib/reports/analyses/paper/score-tables";
import type { TMetahopePenaltyRow } from "@/lib/reports/analyses/paper/metahope-score-table";
import type { TMmteAutomaticRow, TMmteQualityRow, TMean, TMetric } from "@/lib/scoring/mmte-scores";
import type { TQuotient } from "@/lib/scoring/metahope-scores";

// The columns of the papers' tables (MetaHOPE tables 5–6, MMTE table 3) in the papers' order: these
// tables are named analyses written for the presets (lib/schemes/language/named-analyses.ts), so
// their columns stay the constants the scoring code computes, not a project's field list.
const CATS = ["IMP", "RAM", "MIS", "STL", "PRF"] as const;
const DIMS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "AUTHENTICITY", "OVERALL"] as const;
const GROUP_NAMES: Record<string, string> = { METAPHORICAL: "Metaphorical", METAPHORICAL_FULL: "Metaphorical, FULL-equivalent", LITERAL: "Literal" };

const q = (x: TQuotient) => ({ value: x.value, reason: x.reason, n: 0 });
const m = (x: TMean | TMetric) => ({ value: x.value, reason: x.defined ? undefined : x.reason, n: x.defined ? x.n : 0 });

function quotientCol<T>(id: string, header: string, get: (r: T) => TQuotient): ColumnDef<T, unknown> {
  return { id, header, accessorFn: (r) => get(r).value, cell: ({ row }) => <ValueCell cell={q(get(row.original))} /> };
}

/** `extraCategories`: error categories a MetaHOPE variant adds (lib/reports/analyses/paper/paper-tables.ts), columns after the paper's five */
export function ScoreTablesView({ slug, scores, extraCategories = [] }: { slug: string; scores: TScoreTables; extraCategories?: readonly string[] }) {
  const cats = [...CATS, ...extraCategories];
  // SEGS stays the sum over the paper's five categories (an extra one is beside them, not in it)
  const segs = extraCategories.length ? "SEGS (IMP–PRF)" : "SEGS";
  const total = (t: TMetahopePenaltyRow["eps"]["totals"], c: string) => t[c] ?? 0;
  const eps: ColumnDef<TMetahopePenaltyRow, unknown>[] = [
    { accessorKey: "system", header: "System" },
    ...cats.map((c) => ({ id: `eps-${c}`, header: c, accessorFn: (r: TMetahopePenaltyRow) => total(r.eps.totals, c) }) as ColumnDef<TMetahopePenaltyRow, unknown>),
    { id: "eps-segs", header: segs, accessorFn: (r) => r.eps.segs },
    { accessorKey: "sentences", header: "Sentences" },
    quotientCol("eps-ps", "Per sentence", (r) => r.eps.perSentence),
  ];
  const epm: ColumnDef<TMetahopePenaltyRow, unknown>[] = [
    { accessorKey: "system", header: "System" },
    ...cats.map((c) => ({ id: `epm-${c}`, header: c, accessorFn: (r: TMetahopePenaltyRow) => total(r.epm.totals, c) }) as ColumnDef<TMetahopePenaltyRow, unknown>),
    { id: "epm-segs", header: segs, accessorFn: (r) => r.epm.segs },
    quotientCol("epm-ps", "Per sentence", (r) => r.epm.perSentence),
    { accessorKey: "mrwInstances", header: "MRW instances" },
    quotientCol("epm-pm", "Per metaphor", (r) => r.epm.perMetaphor),
    quotientCol("epm-ratio", "Ratio (M/S)", (r) => r.epm.ratioMS),
  ];
  const quality: ColumnDef<TMmteQualityRow, unknown>[] = [
    { accessorKey: "system", header: "System" },
    { id: "group", header: "Group", accessorFn: (r) => GROUP_NAMES[r.group] ?? r.group },
    { accessorKey: "translations", header: "Translations" },
    ...DIMS.map((d) => ({ id: d, header: d[0] + d.slice(1).toLowerCase(), accessorFn: (r: TMmteQualityRow) => r.means[d].value, cell: ({ row }) => <ValueCell cell={m(row.original.means[d])} digits={2} /> }) as ColumnDef<TMmteQualityRow, unknown>),
  ];
  const automatic: ColumnDef<TMmteAutomaticRow, unknown>[] = [
    { accessorKey: "system", header: "System" },
    { id: "group", header: "Group", accessorFn: (r) => GROUP_NAMES[r.group] ?? r.group },
    { id: "b1", header: "BLEU-1", accessorFn: (r) => r.bleu1.value, cell: ({ row }) => <ValueCell cell={m(row.original.bleu1)} digits={2} /> },
    { id: "b4", header: "BLEU-4", accessorFn: (r) => r.bleu4.value, cell: ({ row }) => <ValueCell cell={m(row.original.bleu4)} digits={2} /> },
    { id: "rl", header: "ROUGE-L", accessorFn: (r) => r.rougeL.value, cell: ({ row }) => <ValueCell cell={m(row.original.rougeL)} /> },
  ];
  return (
    <section aria-labelledby="scores" className="space-y-3">
      <h3 id="scores" className="font-medium">Score tables</h3>
      <p className="rounded border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="score-source">{scores.sourceDescription}</p>
      {scores.metahope && (
        <div className="grid gap-3">
          <DataTable caption="MetaHOPE EPS: penalties of every error (table 5)" data={scores.metahope.rows} columns={eps} csvName={`${slug}-metahope-eps`} testId="metahope-eps" />
          <DataTable caption="MetaHOPE EPM: penalties on metaphors only (table 6)" data={scores.metahope.rows} columns={epm} csvName={`${slug}-metahope-epm`} testId="metahope-epm" />
        </div>
      )}
      {scores.mmte && (
        <>
          <DataTable caption="MMTE quality means per system and group (table 3)" data={scores.mmte.quality} columns={quality} csvName={`${slug}-mmte-quality`} testId="mmte-quality" />
          {scores.mmte.automatic ? (
            <DataTable caption={`BLEU (sacreBLEU default tokenisation; Chinese by character) and ROUGE-L against ${scores.mmte.goldReferences} gold references`} data={scores.mmte.automatic} columns={automatic} csvName={`${slug}-mmte-automatic`} testId="mmte-automatic" />
          ) : (
            <p className="text-sm text-slate-500">BLEU-1/4 and ROUGE-L appear once gold references exist (select them on the adjudication pages).</p>
          )}
        </>
      )}
      {scores.metrics && <MetricColumnsView slug={slug} metrics={scores.metrics} />}
      {!scores.metahope && !scores.mmte && <p className="text-sm text-slate-500">No annotations yet.</p>}
    </section>
  );
}
