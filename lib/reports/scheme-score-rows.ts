/**
 * `tropos export --what scores` (and the `scores` of the whole JSON report) of a project running its
 * own scheme: the rows of the named analyses its scheme lists. A row has only the keys that apply
 * to it (JSON and JSONL leave the others out; CSV and TSV have every column, empty where absent).
 *
 * emos.metrics (issue 18 point 4), values 0–1:
 *   {metric: "VSS"|"LMR"|"EDR"|"EMOS", system, segmentId (the segment's external id), value} per translation;
 *   {metric, system, value, n, ci95_lower, ci95_upper} per system (the mean over its translations);
 *   {metric, system, document (its external id), value, n} per document and system;
 *   {statistic: "pearson_r", metric, with: "equivalence", value, n} for the validation;
 *   a model's vectors: {metric, system, model, segmentId, value} per translation,
 *   {metric, system, model, value, n, human_value} per system over the n translations both scored
 *   (human_value: the annotators' mean over the same ones), and
 *   {statistic: "pearson_r", metric, model, with: "humans", system ("all" = pooled), value, n}.
 *
 * cr-st.accuracy (issue 17 points 4–5), accuracy a percentage (as the agreement export's):
 *   {table: "accuracy", attribute, subset, annotator, statistic: "accuracy", value, n} per annotator,
 *   {table: "accuracy", attribute, subset, statistic: "mean_accuracy", value, n (annotators)},
 *   {table: "accuracy", attribute, subset, model, statistic: "accuracy", value, n} per model;
 *   attribute/subset "all" is every item, then each item attribute's values (transparency T1–T4…);
 *   {table: "agreement", statistic: "fleiss_kappa", value, n} over candidate positions, all items;
 *   {table: "confusion", segmentId, gold, candidate, annotators} per wrong candidate chosen.
 *
 * mqm.scores (issue 20.4):
 *   {metric: "MQM", system, segmentId, value, n (raters)} per segment and system;
 *   {metric: "MQM", system, value, n (segments)} per system, best first;
 *   {metric: "MQM/<category>", system, value} per system and top-level category (they add up to MQM);
 *   {statistic: "par_p", metric: "MQM", system (the better), with (the worse), value (p), n (common segments),
 *    resamples (trials drawn, or swaps enumerated for an exact test)} per pair of systems (paired
 *    approximate randomisation).
 *
 * meta4xnli.detection / meta4xnli.interpretation (issue 16 point 4): meta4xnliScoreRows below.
 * A scheme without a scoring analysis has no score rows. Pure.
 */
import type { TSchemeReport } from "./scheme-report";
import { EMOS_METRICS } from "./analyses/emos-vector-value";
import { POOLED_SYSTEM } from "./scheme-agreement";

export const EMOS_SCORE_COLUMNS = ["metric", "system", "document", "segmentId", "model", "statistic", "with", "value", "n", "ci95_lower", "ci95_upper", "human_value"] as const;
export const MQM_SCORE_COLUMNS = ["metric", "system", "segmentId", "statistic", "with", "value", "n", "resamples"] as const;
export const CR_ST_SCORE_COLUMNS = ["table", "attribute", "subset", "annotator", "model", "statistic", "value", "n", "segmentId", "gold", "candidate", "annotators"] as const;
type TColumn = (typeof EMOS_SCORE_COLUMNS)[number] | (typeof MQM_SCORE_COLUMNS)[number] | (typeof CR_ST_SCORE_COLUMNS)[number] | (typeof META4XNLI_SCORE_COLUMNS)[number];
export type TSchemeScoreRow = Partial<Record<TColumn, string | number | null>>;

/**
 * The meta4xnli analyses' rows (lib/reports/analyses/meta4xnli-analysis.ts), one per figure:
 *   {analysis: "meta4xnli.detection", language, statistic: "cohen_kappa"|"fleiss_kappa", annotators ("a+b"), raters, value, n}
 *   {analysis: "meta4xnli.detection", rater, kind: "annotator"|"model", language, level: "token"|"span",
 *    statistic: "precision"|"recall"|"f1", value (0–1), n, tp, fp, fn}
 *   {analysis: "meta4xnli.interpretation", rater, kind, language, source, role, statistic: "accuracy", value (%), n, correct}
 * `language`, `source` and `role` are "all" for the roll-ups.
 */
export const META4XNLI_SCORE_COLUMNS = ["analysis", "rater", "kind", "language", "source", "role", "level", "statistic", "annotators", "raters", "value", "n", "correct", "tp", "fp", "fn", "note"] as const;
export type TMeta4xnliScoreRow = Partial<Record<(typeof META4XNLI_SCORE_COLUMNS)[number], string | number | null>>;

export function meta4xnliScoreRows(report: Pick<TSchemeReport, "analyses">): TMeta4xnliScoreRow[] {
  const m = report.analyses.meta4xnli;
  if (!m) return [];
  const rows: TMeta4xnliScoreRow[] = [];
  const analysis = "meta4xnli.detection";
  for (const k of m.detection?.agreement ?? []) rows.push({ analysis, language: k.language, statistic: k.statistic, annotators: k.annotators?.join("+") ?? null, raters: k.raters, value: k.value, n: k.n, note: k.note ?? k.reason ?? null });
  for (const r of m.detection?.prf ?? []) {
    for (const statistic of ["precision", "recall", "f1"] as const) rows.push({ analysis, rater: r.rater, kind: r.kind, language: r.language, level: r.level, statistic, value: r[statistic], n: r.n, tp: r.tp, fp: r.fp, fn: r.fn });
  }
  for (const r of m.interpretation?.accuracy ?? []) {
    rows.push({ analysis: "meta4xnli.interpretation", rater: r.rater, kind: r.kind, language: r.language, source: r.source, role: r.role, statistic: "accuracy", value: r.accuracy, n: r.n, correct: r.correct });
  }
  return rows;
}

/** The columns of the export: every column of each analysis the report has, in that order (EMOS's when it has none). */
export function schemeScoreColumns(report: Pick<TSchemeReport, "analyses">): string[] {
  const cols: string[] = [];
  const { emos, crSt, mqm, meta4xnli } = report.analyses;
  if (meta4xnli) cols.push(...META4XNLI_SCORE_COLUMNS);
  if (emos || (!crSt && !mqm && !meta4xnli)) for (const c of EMOS_SCORE_COLUMNS) if (!cols.includes(c)) cols.push(c);
  if (mqm) for (const c of MQM_SCORE_COLUMNS) if (!cols.includes(c)) cols.push(c);
  if (crSt) for (const c of CR_ST_SCORE_COLUMNS) if (!cols.includes(c)) cols.push(c);
  return cols;
}

function emosRows(emos: NonNullable<TSchemeReport["analyses"]["emos"]>, externalIdOf: (segmentId: string) => string): TSchemeScoreRow[] {
  const rows: TSchemeScoreRow[] = [];
  for (const t of emos.translations) {
    for (const metric of EMOS_METRICS) rows.push({ metric, system: t.system, segmentId: externalIdOf(t.segmentId), value: t.metrics[metric] });
  }
  for (const s of emos.systems) {
    for (const metric of EMOS_METRICS) {
      const ci = s.ci95[metric];
      rows.push({ metric, system: s.system, value: s.mean[metric], n: s.n, ci95_lower: ci?.[0] ?? null, ci95_upper: ci?.[1] ?? null });
    }
  }
  for (const d of emos.documents) {
    for (const metric of EMOS_METRICS) rows.push({ metric, system: d.system, document: d.document, value: d.mean[metric], n: d.n });
  }
  for (const c of emos.correlations) rows.push({ statistic: "pearson_r", metric: c.metric, with: c.with, value: c.value, n: c.n });
  for (const m of emos.models) {
    for (const t of m.translations) {
      for (const metric of EMOS_METRICS) rows.push({ metric, system: t.system, model: m.model, segmentId: externalIdOf(t.segmentId), value: t.metrics[metric] });
    }
    for (const s of m.systems) {
      for (const metric of EMOS_METRICS) rows.push({ metric, system: s.system, model: m.model, value: s.model[metric], n: s.n, human_value: s.humans[metric] });
    }
    for (const a of m.agreement) rows.push({ statistic: "pearson_r", metric: a.metric, model: m.model, with: "humans", system: a.system, value: a.value, n: a.n });
  }
  return rows;
}

const pct = (share: number | null) => (share === null ? null : 100 * share);

function crStRows(report: Pick<TSchemeReport, "analyses" | "figures">, externalIdOf: (segmentId: string) => string): TSchemeScoreRow[] {
  const crSt = report.analyses.crSt!;
  const rows: TSchemeScoreRow[] = [];
  const groups = [...new Set([...crSt.subsets, ...crSt.models].map((s) => `${s.attribute}\u0000${s.value}`))];
  for (const g of groups) {
    const [attribute, subset] = g.split("\u0000");
    for (const s of crSt.subsets.filter((x) => x.attribute === attribute && x.value === subset)) {
      rows.push(
        s.annotator === null
          ? { table: "accuracy", attribute, subset, statistic: "mean_accuracy", value: pct(s.accuracy), n: s.n }
          : { table: "accuracy", attribute, subset, annotator: s.annotator, statistic: "accuracy", value: pct(s.accuracy), n: s.n },
      );
    }
    for (const m of crSt.models.filter((x) => x.attribute === attribute && x.value === subset)) {
      rows.push({ table: "accuracy", attribute, subset, model: m.model, statistic: "accuracy", value: pct(m.accuracy), n: m.n });
    }
  }
  const kappa = report.figures.find((f) => f.field === crSt.field && f.system === POOLED_SYSTEM && f.statistic === "fleiss_kappa" && f.label === undefined);
  if (kappa) rows.push({ table: "agreement", statistic: "fleiss_kappa", value: kappa.value, n: kappa.n });
  for (const c of crSt.confusion) {
    for (const w of c.wrong) rows.push({ table: "confusion", segmentId: externalIdOf(c.segmentId), gold: c.gold, candidate: w.candidate, annotators: w.annotators });
  }
  return rows;
}

function mqmRows(mqm: NonNullable<TSchemeReport["analyses"]["mqm"]>, externalIdOf: (segmentId: string) => string): TSchemeScoreRow[] {
  const rows: TSchemeScoreRow[] = [];
  for (const s of mqm.segments) rows.push({ metric: "MQM", system: s.system, segmentId: externalIdOf(s.segmentId), value: s.score, n: s.raters });
  for (const s of mqm.systems) rows.push({ metric: "MQM", system: s.system, value: s.mean, n: s.n });
  for (const s of mqm.systems) for (const c of mqm.categories) if (s.categories[c] !== undefined) rows.push({ metric: `MQM/${c}`, system: s.system, value: s.categories[c], n: s.n });
  for (const p of mqm.significance) rows.push({ statistic: "par_p", metric: "MQM", system: p.better, with: p.worse, value: p.pValue, n: p.n, resamples: p.resamples });
  return rows;
}

export function schemeScoreRows(report: Pick<TSchemeReport, "analyses" | "figures">, externalIdOf: (segmentId: string) => string): TSchemeScoreRow[] {
  const { emos, crSt, mqm } = report.analyses;
  return [...meta4xnliScoreRows(report), ...(mqm ? mqmRows(mqm, externalIdOf) : []), ...(emos ? emosRows(emos, externalIdOf) : []), ...(crSt ? crStRows(report, externalIdOf) : [])];
}
