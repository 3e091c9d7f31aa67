/**
 * What the one dashboard shows of the paper analyses a project's scheme lists (MMTE table 3 and
 * figures 3–7, MetaHOPE tables 3–6), as the built-in dashboard showed them (dashboard-model.ts),
 * now for every project on the scheme runtime and bound to the scheme's fields by id:
 * - the paper tables themselves (scheme-paper-tables.ts: figure for figure the built-in ones);
 * - the MMTE agreement per field under the chosen convention, with the detail of one field (the
 *   pairwise κ matrix, a pair's confusion matrix, per-label Fleiss' κ), for the MMTE fields the
 *   scheme has (paper-analysis-binding.ts mmteAgreementFieldsOf);
 * - the distribution of the annotators' ratings of those fields;
 * - MMTE figure 6 (quality by equivalence class, from table 3's records) with figures 3–5, and
 *   figure 7 (the language pairs side by side) for a study over several target languages.
 * Computed over one index of the rows; a study over several target languages is reported one
 * pair at a time (the asked one, else the first), never pooled. Bootstrap intervals are on by
 * default for projects up to AUTO_CI_MAX_TRANSLATIONS translations, as on the built-in dashboard,
 * and only for the figures the summary tables show. Pure.
 */
import { findConvention } from "../../agreement-conventions";
import type { TAgreementFigure } from "../../agreement-figure";
import type { TMmteAgreementField } from "./mmte-agreement-fields";
import { computeAgreementFiguresOf } from "./agreement-figures";
import { AUTO_CI_MAX_TRANSLATIONS } from "./dashboard-model";
import { mmteSummary, summaryColumnOf, type TMmteSummaryRow } from "./dashboard-summary";
import { languageComparisonOf, reportLanguages, type TLanguageQuality } from "./language-comparison";
import { mmteFieldDetail, type TMmteFieldDetail } from "./mmte-field-detail";
import { mmteRatingsOf } from "./mmte-ratings";
import { bindPaperAnalyses, mmteAgreementFieldsOf } from "./binding";
import { ratingDistributions, type TRatingDistribution } from "./rating-distributions";
import { buildReportIndex, scopeIndexOf, scopeOf, type TReportIndex } from "../../report-index";
import { ZAgreementOptions, type TAgreementOptions } from "../../agreement-options";
import { computeEachTime, type TKeepPart } from "./keep-part";
import { agreementOptionsOf, scoreOptionsOf, type TReportQuery } from "../../report-query";
import type { TMetricScoreInput } from "./score-tables";
import type { TSchemePaperData } from "./paper-data";
import { computeSchemePaperTables, type TSchemePaperTables } from "./paper-tables";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { mmteQualityByEquivalence, type TQualityByEquivalence } from "@/lib/scoring/mmte-quality-by-equivalence";
import type { TMmteTranslationValues } from "@/lib/scoring/mmte-scores";

/** The dashboard's choices that are not report options: whether `ci` was given, the field detail shown. */
export interface TPaperDashboardView {
  ciGiven: boolean;
  detailField?: string;
  detailSystem?: string;
  /** "i-j": the annotator pair of the confusion matrix */
  pair?: string;
}

export interface TSchemePaperDashboard {
  paper: TSchemePaperTables;
  /** the options everything was computed under: the language pair shown, intervals on or off */
  query: TReportQuery;
  /** intervals were switched on because the project is small (no `ci` in the address) */
  ciAuto: boolean;
  /** the report's systems and annotators (the options form offers them) */
  systems: string[];
  annotators: string[];
  /** the MMTE fields the scheme has, in MMTE's order: the agreement table, the detail and the ratings read these */
  mmteFields: TMmteAgreementField[];
  mmte: TMmteSummaryRow[];
  detailField: TMmteAgreementField | null;
  detailSystem: string | null;
  detail: TMmteFieldDetail | null;
  /** per-label Fleiss' κ of the detail's field and system */
  perLabel: TAgreementFigure[];
  ratingDistributions: TRatingDistribution[];
  /** MMTE figure 6, with figures 3–5 */
  qualityByEquivalence: TQualityByEquivalence | null;
  /** MMTE figure 7: every language pair of the project (several), with table 3 */
  languageComparison: TLanguageQuality[] | null;
}

/** The fields MMTE table 3's records (figures 6 and 7) are computed from. */
const MMTE_RECORD_FIELDS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "EQUIVALENCE", "EMOTION", "AUTHENTICITY"] as const;

/** `input`: the report rows (scheme-paper-data.ts); null when no listed analysis binds. `keep`: parts kept between views (keep-part.ts). */
/**
 * The MMTE agreement figures of `fields` as computeAgreementFiguresOf gives them (per system in the
 * scope's order, then per field), each field's computed and kept apart (keep-part.ts).
 */
function mmteFiguresByField(ix: TReportIndex, opts: TAgreementOptions, fields: readonly TMmteAgreementField[], wantsInterval: (f: TAgreementFigure) => boolean, keep: TKeepPart): TAgreementFigure[] {
  const perField = fields.map((field) => keep([field], ["mmte-figures", field], () => ({ figures: computeAgreementFiguresOf(ix, { ...opts, schemes: ["mmte"], fields: [field] }, { wantsInterval }) })).figures);
  const out: TAgreementFigure[] = [];
  for (const system of scopeOf(ix, ZAgreementOptions.parse(opts)).systems) for (const figures of perField) for (const f of figures) if (f.system === system.name) out.push(f);
  return out;
}

export function computeSchemePaperDashboard(
  input: TSchemePaperData | null,
  def: TSchemeDefinition,
  q: TReportQuery,
  view: TPaperDashboardView,
  metrics?: TMetricScoreInput,
  keep: TKeepPart = computeEachTime,
): TSchemePaperDashboard {
  const bindings = bindPaperAnalyses(def);
  const bound = (name: string) => bindings.some((b) => b.name === name && b.bound);
  const mmteFields = mmteAgreementFieldsOf(def);
  const none = { ciAuto: false, systems: [], annotators: [], mmteFields, mmte: [], detailField: null, detailSystem: null, detail: null, perLabel: [], ratingDistributions: [], qualityByEquivalence: null, languageComparison: null };
  if (!input) return { ...none, query: q, paper: computeSchemePaperTables(null, def, { scores: scoreOptionsOf(q), agreement: agreementOptionsOf(q), metrics }) };

  const { data } = input;
  const ix = buildReportIndex(data);
  const languages = reportLanguages(ix);
  const language = languages.length > 1 ? (languages.includes(q.language ?? "") ? q.language : languages[0]) : q.language;
  const inLanguage = language === undefined ? data.translations.length : data.translations.reduce((n, t) => n + (t.language === language ? 1 : 0), 0);
  const ciAuto = !view.ciGiven && inLanguage <= AUTO_CI_MAX_TRANSLATIONS;
  const query: TReportQuery = { ...q, language, ci: q.ci || ciAuto };
  const convention = findConvention(query.convention);
  const wantsInterval = (f: TAgreementFigure) => summaryColumnOf(f, convention) !== null;

  let records: readonly TMmteTranslationValues[] | null = null;
  const paper = computeSchemePaperTables(input, def, { scores: scoreOptionsOf(query), agreement: agreementOptionsOf(query), metrics, index: ix, wantsInterval, onMmteRecords: (r) => (records = r), keep });

  const scope = scopeOf(ix, query);
  const sx = scopeIndexOf(ix, scope);
  const fields = mmteFields.filter((f) => !query.fields?.length || query.fields.includes(f));
  const figures = fields.length ? mmteFiguresByField(ix, agreementOptionsOf(query), fields, wantsInterval, keep) : [];
  const detailField = mmteFields.length ? ((mmteFields as readonly string[]).includes(view.detailField ?? "") ? (view.detailField as TMmteAgreementField) : mmteFields.includes("EQUIVALENCE") ? "EQUIVALENCE" : mmteFields[0]) : null;
  const detailSystem = detailField ? (scope.systems.find((s) => s.name === view.detailSystem)?.name ?? scope.systems[0]?.name ?? null) : null;
  const pair = view.pair && /^\d+-\d+$/.test(view.pair) ? (view.pair.split("-").map(Number) as [number, number]) : undefined;
  const detail =
    detailField && detailSystem
      ? keep([detailField], ["mmte-detail", detailField, detailSystem, pair ?? null], () => {
          const ratings = mmteRatingsOf(ix, sx, [detailField]).get(`${detailSystem}|${detailField}`);
          return { detail: ratings ? mmteFieldDetail(ratings, scope.emailById, { weights: convention.kappaWeights, pair }) : null };
        }).detail
      : null;
  const perLabel = detail ? figures.filter((f) => f.system === detail.system && f.field === detail.field && f.statistic === "fleiss_kappa" && f.label) : [];
  const mmteRecords = records as readonly TMmteTranslationValues[] | null;
  return {
    paper,
    query,
    ciAuto,
    systems: data.systems.map((s) => s.name).sort(),
    annotators: data.annotators.map((a) => a.email),
    mmteFields,
    mmte: mmteSummary(figures, convention),
    detailField,
    detailSystem,
    detail,
    perLabel,
    // (per field: one distribution per system, fields in MMTE's order as mmteFields are)
    ratingDistributions: mmteFields.flatMap((field) => keep([field], ["rating-distributions", field], () => ({ d: ratingDistributions(mmteRatingsOf(ix, sx, [field]), scope.systems.map((s) => s.name)) })).d),
    qualityByEquivalence: bound("mmte.figures3-5") && mmteRecords ? keep(MMTE_RECORD_FIELDS, ["quality-by-equivalence"], () => ({ q: mmteQualityByEquivalence(mmteRecords) })).q : null,
    languageComparison:
      bound("mmte.table3") && languages.length > 1 ? keep(MMTE_RECORD_FIELDS, ["language-comparison"], () => ({ c: languageComparisonOf(ix, scoreOptionsOf({ ...query, language: undefined }), languages) })).c : null,
  };
}
