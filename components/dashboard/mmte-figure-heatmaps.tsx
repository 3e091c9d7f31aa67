"use client";
// MMTE figures 4 (Pearson r between the quality dimensions) and 5 (emotion × equivalence
// co-occurrence) as heatmaps, labelled as the paper writes them. One component for the built-in
// dashboard and the scheme runtime's paper section, so a project moved to a variant of the preset
// (its guidelines edited, say) shows the same figures under the same labels.
import type { ReactNode } from "react";
import { Heatmap } from "@/components/dashboard/heatmap";
import type { TScoreTables } from "@/lib/reports/analyses/paper/score-tables";

const titleCase = (s: string) => s[0] + s.slice(1).toLowerCase();
// short equivalence labels, as MMTE's figures write them ("full equi", "mis", …); a variant's own labels as they are
const EQ_SHORT: Record<string, string> = { FULL: "full", PART: "part", NON: "non", MISUNDERSTANDING: "mis", ERROR: "error", LITERAL: "lit", METAPHORICAL: "met" };

/** "n = 75 translations" (the smallest pairwise-complete n, and the largest when they differ). */
function correlationSample(matrix: { n: number }[][]): string {
  const ns = matrix.flatMap((r, i) => r.filter((_, j) => j !== i).map((c) => c.n));
  if (ns.length === 0) return "no translations";
  const lo = Math.min(...ns);
  const hi = Math.max(...ns);
  return `n = ${lo === hi ? lo : `${lo}–${hi}`} translations with both scores (one value per translation: the panel's value)`;
}

export function MmteFigureHeatmaps({ slug, mmte, correlationCaption, labelsCaption }: { slug: string; mmte: NonNullable<TScoreTables["mmte"]>; correlationCaption?: ReactNode; labelsCaption?: ReactNode }) {
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Heatmap
        title="Pearson r between quality dimensions (MMTE fig. 4)"
        sample={correlationSample(mmte.correlation.matrix)}
        name={`${slug}-quality-correlation`}
        rowLabels={mmte.correlation.dimensions.map(titleCase)}
        colLabels={mmte.correlation.dimensions.map((d) => `${titleCase(d).slice(0, 3)}.`)}
        values={mmte.correlation.matrix.map((r) => r.map((c) => (c.defined ? c.r : null)))}
        domain={[-1, 1]}
        caption={correlationCaption}
        testId="correlation-matrix"
      />
      <Heatmap
        title="Emotion × equivalence co-occurrence (MMTE fig. 5)"
        sample={`n = ${mmte.emotionEquivalence.total} annotator labels (one per annotator and MRW); colour ln(1 + count), as the paper`}
        name={`${slug}-emotion-equivalence`}
        rowLabels={mmte.emotionEquivalence.emotions.map(titleCase)}
        colLabels={mmte.emotionEquivalence.columns.map((c) => `${c.source === "metaphorical" ? "M" : "L"}:${EQ_SHORT[c.label] ?? c.label}`)}
        values={mmte.emotionEquivalence.counts}
        shadeValues={mmte.emotionEquivalence.logCounts}
        format={(v) => String(v ?? 0)}
        rowTitle="emotion"
        colTitle="equivalence"
        caption={labelsCaption}
        testId="emotion-equivalence"
      />
    </div>
  );
}
