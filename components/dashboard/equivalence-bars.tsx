"use client";
// MMTE figure 3: "Equivalence distributions of metaphorical and literal expression translations
// from annotators", as the paper draws it: the share of each equivalence label, one 100 %
// stacked bar per system, metaphorical and literal source MRWs apart (their label sets differ).
import type { ReactNode } from "react";
import type { TEquivalenceDistribution } from "@/lib/scoring/mmte-scores";
import { EQUIVALENCE_LITERAL, EQUIVALENCE_LITERAL_LABELS, EQUIVALENCE_METAPHORICAL, EQUIVALENCE_METAPHORICAL_LABELS } from "@/lib/schemes/mmte";
import { ChartFigure, NumbersTable } from "@/components/dashboard/chart-figure";
import { LABEL_COLOURS } from "@/components/dashboard/chart-colours";
import { StackedShares } from "@/components/dashboard/stacked-shares";

const MET_NAMES = EQUIVALENCE_METAPHORICAL.map((d) => d.name);
const LIT_NAMES = EQUIVALENCE_LITERAL.map((d) => d.name);
// literal labels: Literal, Metaphorical, Error — Error keeps the metaphorical panel's Error colour
const LIT_COLOURS = [LABEL_COLOURS[5], LABEL_COLOURS[6], LABEL_COLOURS[4]];

export function EquivalenceBars({ data, caption }: { data: TEquivalenceDistribution[]; caption?: ReactNode }) {
  const met = data.map((d) => ({ label: d.system, counts: EQUIVALENCE_METAPHORICAL_LABELS.map((l) => d.metaphorical.counts[l]) }));
  const lit = data.map((d) => ({ label: d.system, counts: EQUIVALENCE_LITERAL_LABELS.map((l) => d.literal.counts[l]) }));
  const metTotal = data.reduce((a, d) => a + d.metaphorical.total, 0);
  const litTotal = data.reduce((a, d) => a + d.literal.total, 0);
  const share = (n: number, total: number) => (total ? `${n} (${((100 * n) / total).toFixed(1)}%)` : "0");
  const header = ["system", "source", "labels", ...MET_NAMES.map((n) => `M: ${n}`), ...LIT_NAMES.map((n) => `L: ${n}`)];
  const rows = data.map((d) => [
    d.system,
    d.metaphorical.total,
    ...EQUIVALENCE_METAPHORICAL_LABELS.map((l) => d.metaphorical.counts[l]),
    d.literal.total,
    ...EQUIVALENCE_LITERAL_LABELS.map((l) => d.literal.counts[l]),
  ]);
  return (
    <ChartFigure
      testId="chart-equivalence"
      title="Equivalence label distribution per system (MMTE fig. 3)"
      sample={`n = ${metTotal} labels on metaphorical and ${litTotal} on literal MRW instances (one per annotator and MRW instance)`}
      caption={caption}
      label={`Stacked bar chart: share of each equivalence label per system, metaphorical sources (${metTotal} labels) and literal sources (${litTotal} labels)`}
      download={{ name: "equivalence-distribution", header: ["system", "metaphorical labels", ...EQUIVALENCE_METAPHORICAL_LABELS.map((l) => `M:${l}`), "literal labels", ...EQUIVALENCE_LITERAL_LABELS.map((l) => `L:${l}`)], rows, json: data }}
      table={
        <NumbersTable
          header={header.filter((h) => h !== "source")}
          rows={data.map((d) => [
            d.system,
            `${d.metaphorical.total} M / ${d.literal.total} L`,
            ...EQUIVALENCE_METAPHORICAL_LABELS.map((l) => share(d.metaphorical.counts[l], d.metaphorical.total)),
            ...EQUIVALENCE_LITERAL_LABELS.map((l) => share(d.literal.counts[l], d.literal.total)),
          ])}
        />
      }
    >
      {metTotal + litTotal === 0 ? (
        <p className="text-sm text-slate-500">No equivalence labels in this selection: nobody has labelled equivalence yet, or the filters leave none.</p>
      ) : (
        <div className="grid gap-3 xl:grid-cols-2">
          <Panel title="Metaphorical source expressions" total={metTotal}>
            <StackedShares rows={met} categories={[...EQUIVALENCE_METAPHORICAL_LABELS]} names={MET_NAMES} colours={LABEL_COLOURS} />
          </Panel>
          <Panel title="Literal source expressions" total={litTotal}>
            <StackedShares rows={lit} categories={[...EQUIVALENCE_LITERAL_LABELS]} names={LIT_NAMES} colours={LIT_COLOURS} />
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
