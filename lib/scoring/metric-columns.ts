/**
 * Automatic metrics computed elsewhere (BERTScore, COMET, chrF, a model judge …), imported per
 * translation, beside MMTE's human criteria (issue 19 point 2; MMTE Table 3 puts BLEU, ROUGE-L,
 * BERTScore and a GPT-4o judgement next to the human columns, and §4.2 correlates them):
 *
 * - columns: per system × table-3 group (METAPHORICAL, METAPHORICAL_FULL, LITERAL), the mean of each
 *   metric over the group's translations that have it, with n;
 * - correlations: per metric × human criterion (fluency, intelligibility, fidelity, authenticity,
 *   overall), Pearson's r and Spearman's ρ over the translations that have both (the criterion's
 *   value as the score tables take it: adjudicated, else the annotators' mean), pooled over systems
 *   (`system: "all"`) and per system, each with its n.
 *
 * A metric is never one of the human columns and enters no agreement figure.
 */
import { dimensionValue, mmteGroupsOf, MMTE_DIMENSIONS, MMTE_GROUPS, type TMean, type TMmteDimension, type TMmteGroup, type TMmteTranslationValues } from "./mmte-scores";
import { pearson, type TPearson } from "./pearson";
import { spearman } from "./spearman";

export interface TMetricColumnRow {
  system: string;
  group: TMmteGroup;
  metric: string;
  mean: TMean;
}

export interface TMetricCorrelation {
  metric: string;
  criterion: TMmteDimension;
  /** a system's name, or "all" (pooled) */
  system: string;
  pearson: TPearson;
  spearman: TPearson;
}

export interface TMetricColumns {
  /** metric names in first-seen order of the import */
  metrics: string[];
  columns: TMetricColumnRow[];
  correlations: TMetricCorrelation[];
}

function mean(values: number[]): TMean {
  if (values.length === 0) return { defined: false, value: null, n: 0, reason: "no translation of this group has the metric" };
  let s = 0;
  for (const v of values) s += v;
  return { defined: true, value: s / values.length, n: values.length };
}

/**
 * `records`: the translations of the score tables, in their order; `scores`: translation id → metric
 * → value; `metrics`: the metric names to report, in order.
 */
export function metricColumns(
  records: readonly (TMmteTranslationValues & { translationId: string })[],
  scores: ReadonlyMap<string, Readonly<Record<string, number>>>,
  metrics: readonly string[],
): TMetricColumns {
  const systems: string[] = [];
  for (const r of records) if (!systems.includes(r.system)) systems.push(r.system);
  const columns: TMetricColumnRow[] = [];
  for (const system of systems) {
    const ofSystem = records.filter((r) => r.system === system);
    for (const group of MMTE_GROUPS) {
      const members = ofSystem.filter((r) => mmteGroupsOf(r).includes(group));
      for (const metric of metrics) {
        const values: number[] = [];
        for (const r of members) {
          const v = scores.get(r.translationId)?.[metric];
          if (typeof v === "number" && Number.isFinite(v)) values.push(v);
        }
        columns.push({ system, group, metric, mean: mean(values) });
      }
    }
  }
  const correlations: TMetricCorrelation[] = [];
  for (const system of ["all", ...systems]) {
    const members = system === "all" ? records : records.filter((r) => r.system === system);
    for (const metric of metrics) {
      const xs = members.map((r) => scores.get(r.translationId)?.[metric] ?? null);
      for (const criterion of MMTE_DIMENSIONS) {
        const ys = members.map((r) => dimensionValue(r, criterion));
        correlations.push({ metric, criterion, system, pearson: pearson(xs, ys), spearman: spearman(xs, ys) });
      }
    }
  }
  return { metrics: [...metrics], columns, correlations };
}
