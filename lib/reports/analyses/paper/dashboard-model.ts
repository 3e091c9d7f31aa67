/**
 * Everything the dashboard page shows, computed from one read of the report
 * rows (so the figures and the score tables describe the same data), with the
 * time it took (shown on the page; the benchmark in bench/dashboard.ts keeps
 * it under 2 s for 10,000 segments × 4 systems × 3 annotators).
 */
import { AGREEMENT_CONVENTIONS, findConvention } from "../../agreement-conventions";
import { MMTE_AGREEMENT_FIELDS, type TMmteAgreementField } from "./mmte-agreement-fields";
import { computeAgreementFiguresOf } from "./agreement-figures";
import { metahopeSummary, mmteSummary, summaryColumnOf } from "./dashboard-summary";
import { mmteFieldDetail } from "./mmte-field-detail";
import { mmteRatingsOf } from "./mmte-ratings";
import { ratingDistributions } from "./rating-distributions";
import { buildReportIndex, scopeIndexOf, scopeOf } from "../../report-index";
import type { TReportData } from "../../report-input";
import { agreementOptionsOf, scoreOptionsOf, type TReportQuery } from "../../report-query";
import { computeScoreTablesOf, type TMetricScoreInput } from "./score-tables";
import { languageComparisonOf, reportLanguages } from "./language-comparison";
import { mmteQualityByEquivalence } from "@/lib/scoring/mmte-quality-by-equivalence";
import type { TMmteTranslationValues } from "@/lib/scoring/mmte-scores";

/** Bootstrap intervals are on by default for projects up to this many translations (they cost ~B × the figures). */
export const AUTO_CI_MAX_TRANSLATIONS = 2000;

export function buildDashboardModel(data: TReportData, q: TReportQuery, view: { ciGiven: boolean; detailField?: string; detailSystem?: string; pair?: string }, metricScores?: TMetricScoreInput) {
  const started = performance.now();
  // one dense index of the rows for everything below (ratings matrices, MetaHOPE cells and
  // coverage are built once and shared by the figures, the score tables and the detail)
  const ix = buildReportIndex(data);
  // a study over several target languages is reported per language pair (the first unless one is
  // chosen), never pooled: the languages' figures are compared side by side (MMTE fig. 7)
  const languages = reportLanguages(ix);
  const language = languages.length > 1 ? (languages.includes(q.language ?? "") ? q.language : languages[0]) : q.language;
  const inLanguage = language === undefined ? data.translations.length : data.translations.reduce((n, t) => n + (t.language === language ? 1 : 0), 0);
  const ciAuto = !view.ciGiven && inLanguage <= AUTO_CI_MAX_TRANSLATIONS;
  const query = { ...q, language, ci: q.ci || ciAuto };
  const convention = findConvention(query.convention);
  // intervals only for the figures the summary tables show: each costs B recomputations, and the
  // folded table of every figure loads its own (with every interval) when opened
  const figures = computeAgreementFiguresOf(ix, agreementOptionsOf(query), { wantsInterval: (f) => summaryColumnOf(f, convention) !== null });
  let mmteRecords: readonly TMmteTranslationValues[] | null = null;
  const scores = computeScoreTablesOf(ix, scoreOptionsOf(query), metricScores, (r) => (mmteRecords = r));
  const scope = scopeOf(ix, query);
  const detailField: TMmteAgreementField = (MMTE_AGREEMENT_FIELDS as readonly string[]).includes(view.detailField ?? "") ? (view.detailField as TMmteAgreementField) : "EQUIVALENCE";
  const detailSystem = scope.systems.find((s) => s.name === view.detailSystem)?.name ?? scope.systems[0]?.name ?? null;
  const pair = view.pair && /^\d+-\d+$/.test(view.pair) ? (view.pair.split("-").map(Number) as [number, number]) : undefined;
  const ratings = detailSystem ? mmteRatingsOf(ix, scopeIndexOf(ix, scope), [detailField]).get(`${detailSystem}|${detailField}`) : undefined;
  const detail = ratings ? mmteFieldDetail(ratings, scope.emailById, { weights: convention.kappaWeights, pair }) : null;
  const perLabel = detail ? figures.filter((f) => f.scheme === "mmte" && f.system === detail.system && f.field === detail.field && f.statistic === "fleiss_kappa" && f.label) : [];
  const distributions = ratingDistributions(mmteRatingsOf(ix, scopeIndexOf(ix, scope), MMTE_AGREEMENT_FIELDS), scope.systems.map((s) => s.name));
  return {
    query,
    ciAuto,
    conventions: AGREEMENT_CONVENTIONS,
    systems: data.systems.map((s) => s.name).sort(),
    annotators: data.annotators.map((a) => a.email),
    figures,
    metahope: metahopeSummary(figures, convention),
    mmte: mmteSummary(figures, convention),
    scores,
    detail,
    perLabel,
    ratingDistributions: distributions,
    languages,
    /** MMTE figure 6: quality by equivalence class, from the table-3 records */
    qualityByEquivalence: mmteRecords ? mmteQualityByEquivalence(mmteRecords) : null,
    /** MMTE figure 7: the languages side by side (a study with several) */
    languageComparison: languages.length > 1 ? languageComparisonOf(ix, scoreOptionsOf({ ...query, language: undefined }), languages) : null,
    detailField,
    detailSystem,
    elapsedMs: Math.round(performance.now() - started),
  };
}
export type TDashboardModel = ReturnType<typeof buildDashboardModel>;
