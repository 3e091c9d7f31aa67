"use client";
// MMTE figure 3: "Equivalence distributions of metaphorical and literal expression translations
// from annotators", as the paper draws it: the share of each equivalence label, one 100 %
// stacked bar per system, metaphorical and literal source MRWs apart (their label sets differ).
import type { ReactNode } from "react";
import type { TEquivalenceDistribution } from "@/lib/scoring/mmte-scores";
import type { TMmteDisplay } from "@/lib/reports/analyses/paper/mmte-display";
import { ChartFigure, NumbersTable } from "@/components/dashboard/chart-figure";
import { LABEL_COLOURS } from "@/components/dashboard/chart-colours";
import { StackedShares } from "@/components/dashboard/stacked-shares";

// literal labels: Literal, Metaphorical, Error — Error keeps the metaphorical panel's Error colour
const LIT_COLOURS = [LABEL_COLOURS[5], LABEL_COLOURS[6], LABEL_COLOURS[4]];

/** The paper's labels, then any a variant of the scheme adds (they come after them in the counts, lib/scoring/mmte-scores.ts). */
function labelsOf(paper: readonly string[], counts: Record<string, number> | undefined): string[] {
  return [...paper, ...Object.keys(counts ?? {}).filter((k) => !paper.includes(k))];
}

/** A label's count (a variant's extra labels included: the counts are keyed by the labels found). */
const countOf = (counts: Record<string, number>, label: string) => counts[label];

/** `display`: the labels' names (lib/reports/analyses/paper/mmte-display.ts) */
export function EquivalenceBars({ data, display, caption }: { data: TEquivalenceDistribution[]; display: TMmteDisplay; caption?: ReactNode }) {
  const PAPER_MET_NAMES = display.equivalence.metaphorical.names;
  const PAPER_LIT_NAMES = display.equivalence.literal.names;
  const metLabels = labelsOf(display.equivalence.metaphorical.values, data[0]?.metaphorical.counts);
  const litLabels = labelsOf(display.equivalence.literal.values, data[0]?.literal.counts);
  const metNames = [...PAPER_MET_NAMES, ...metLabels.slice(PAPER_MET_NAMES.length)];
  const litNames = [...PAPER_LIT_NAMES, ...litLabels.slice(PAPER_LIT_NAMES.length)];
  const met = data.map((d) => ({ label: d.system, counts: metLabels.map((l) => countOf(d.metaphorical.counts, l)) }));
  const lit = data.map((d) => ({ label: d.system, counts: litLabels.map((l) => countOf(d.literal.counts, l)) }));
  const metTotal = data.reduce((a, d) => a + d.metaphorical.total, 0);
  const litTotal = data.reduce((a, d) => a + d.literal.total, 0);
  const share = (n: number, total: number) => (total ? `${n} (${((100 * n) / total).toFixed(1)}%)` : "0");
  const header = ["system", "source", "labels", ...metNames.map((n) => `M: ${n}`), ...litNames.map((n) => `L: ${n}`)];
  const rows = data.map((d) => [
    d.system,
    d.metaphorical.total,
    ...metLabels.map((l) => countOf(d.metaphorical.counts, l)),
    d.literal.total,
    ...litLabels.map((l) => countOf(d.literal.counts, l)),
  ]);
  return (
    <ChartFigure
      testId="chart-equivalence"
      title="Equivalence label distribution per system (MMTE fig. 3)"
      sample={`n = ${metTotal} labels on metaphorical and ${litTotal} on literal MRW instances (one per annotator and MRW instance)`}
      caption={caption}
      label={`Stacked bar chart: share of each equivalence label per system, metaphorical sources (${metTotal} labels) and literal sources (${litTotal} labels)`}
      download={{ name: "equivalence-distribution", header: ["system", "metaphorical labels", ...metLabels.map((l) => `M:${l}`), "literal labels", ...litLabels.map((l) => `L:${l}`)], rows, json: data }}
      table={
        <NumbersTable
          header={header.filter((h) => h !== "source")}
          rows={data.map((d) => [
            d.system,
            `${d.metaphorical.total} M / ${d.literal.total} L`,
            ...metLabels.map((l) => share(countOf(d.metaphorical.counts, l), d.metaphorical.total)),
            ...litLabels.map((l) => share(countOf(d.literal.counts, l), d.literal.total)),
          ])}
        />
      }
    >
      {metTotal + litTotal === 0 ? (
        <p className="text-sm text-slate-500">No equivalence labels in this selection: nobody has labelled equivalence yet, or the filters leave none.</p>
      ) : (
        <div className="grid gap-3 xl:grid-cols-2">
          <Panel title="Metaphorical source expressions" total={metTotal}>
            <StackedShares rows={met} categories={[...metLabels]} names={metNames} colours={LABEL_COLOURS} />
          </Panel>
          <Panel title="Literal source expressions" total={litTotal}>
            <StackedShares rows={lit} categories={[...litLabels]} names={litNames} colours={LIT_COLOURS} />
          </Panel>
        </div>
      )}
    </ChartFigure>
  );
}

function Panel({ title, total, children }: { title: string; total: number; children: ReactNode }) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-slate-600">{title}</p>
      {total === 0 ? <p className="text-xs text-slate-500">No labels on MRW instances of this kind.</p> : children}
    </div>
  );
}
