/**
 * The report of a project running its own scheme (the scheme runtime): agreement
 * for every field from its measurement level (scheme-agreement.ts), accuracy
 * against gold for fields that declare it (scheme-gold.ts), the distribution of
 * values per field (scheme-distributions.ts) and the annotators' progress, each
 * figure with its `includes` sentence (figure-includes.ts). `buildSchemeReport`
 * is pure; `getSchemeReport` reads the project first (lib/db/reports/scheme-report-data.ts).
 *
 * A project whose translations are in several target languages is reported one
 * language at a time (scheme-report-language.ts says what belongs to a language).
 *
 * Computed on the first request after a change, one pass over the values; the values
 * read are kept while nothing the report reads changed and the scheme version is the
 * same (lib/db/reports/scheme-report-data-cache.ts), and so are the statistics computed from
 * them (version-memo.ts): a view with nothing changed computes nothing. The
 * report names the scheme version it was computed under.
 */
import type { Pool } from "pg";
import type { TAgreementFigure } from "./agreement-figure";
import { ZAgreementOptions, type TAgreementOptions } from "./agreement-options";
import { ownSchemeIncludes } from "./figure-includes";
import { schemeAgreementFigures } from "./scheme-agreement";
import { acceptedValues } from "./scheme-accepted-values";
import { schemeDistributions, type TSchemeDistribution } from "./scheme-distributions";
import { schemeAccuracyFigures, type TSchemeGold } from "./scheme-gold";
import type { TSchemeProgressRow, TSchemeReportData, TSchemeReportFilter } from "@/lib/db/reports/scheme-report-data";
import type { TSchemeValueRow } from "./scheme-agreement";
import { getSchemeReportDataCached } from "@/lib/db/reports/scheme-report-data-cache";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { scopeName } from "@/lib/schemes/language/scheme-scope";
import { measurementLevelOf } from "@/lib/schemes/language/measurement-level";
import { emosAnalysis, emosAnalysisApplies, type TEmosAnalysis } from "./analyses/emos-analysis";
import { crStAnalysis, crStAnalysisApplies, type TCrStAnalysis } from "./analyses/cr-st-subsets";
import { mqmAnalysis, mqmAnalysisApplies, type TMqmAnalysis } from "./analyses/mqm-analysis";
import { schemeTagsF1Figures } from "./scheme-tags-f1";
import { getSchemeAnalysisInputs, type TSchemeAnalysisInputs } from "@/lib/db/reports/analysis-inputs";
import { meta4xnliAnalysis, meta4xnliAnalysisApplies, type TMeta4xnliAnalysis } from "./analyses/meta4xnli-analysis";
import { getReportLanguages } from "@/lib/db/reports/languages";
import { schemeReportLanguage, splitByTargetLanguage } from "./scheme-report-language";
import { memoByVersion } from "./version-memo";
import { keptByFieldVersions } from "./field-versions";

/** The item gold of the field the cr-st.accuracy analysis is about, by segment. */
function crStGold(def: TSchemeDefinition, data: Pick<TSchemeReportData, "itemGold">): Map<string, unknown> {
  const f = def.fields.find((x) => x.kind === "choice" && x.gold?.from === "item");
  return new Map(data.itemGold.filter((g) => g.field === f?.id).map((g) => [g.segmentId, g.value]));
}

export interface TSchemeFieldInfo {
  id: string;
  label: string;
  kind: string;
  scope: string;
  /** the level agreement uses; null for text and edits */
  level: string | null;
  /** where its gold comes from, in words; null without gold */
  gold: string | null;
  /** why the field has no agreement figures, in words; null when it has them */
  noAgreement: string | null;
}

export interface TSchemeReport {
  scheme: { id: string; name: string; version: number };
  /** the filter the report is of; `language` is the target language it is of (scheme-report-language.ts) */
  filter: TSchemeReportFilter;
  /** the target languages of the project's translations, the project's order; several = one report per language */
  languages: string[];
  fields: TSchemeFieldInfo[];
  /** agreement figures, then accuracy figures, each with `includes` */
  figures: TAgreementFigure[];
  distributions: TSchemeDistribution[];
  progress: TSchemeProgressRow[];
  systems: string[];
  /** the `includes` sentence of the agreement figures and distributions, and of each field's accuracy */
  includes: { agreement: string; accuracy: Record<string, string> };
  /** the named analyses the scheme lists and has the fields for (emos.metrics, cr-st.accuracy, mqm.scores, meta4xnli.detection and .interpretation) */
  analyses: { emos?: TEmosAnalysis; crSt?: TCrStAnalysis; mqm?: TMqmAnalysis; meta4xnli?: TMeta4xnliAnalysis };
}

function noAgreementReason(kind: string, level: string | null): string | null {
  if (level === null) return `${kind} values have no measurement level (compared by edit distance, not by α)`;
  return null;
}

function goldWords(g: TSchemeDefinition["fields"][number]["gold"]): string | null {
  if (!g) return null;
  return g.from === "item" ? `the item's "${g.key}" value` : "the adjudicated value";
}

export function goldMaps(data: Pick<TSchemeReportData, "itemGold" | "adjudicatedGold">): TSchemeGold {
  const byUnit = new Map<string, Map<string, unknown>>();
  const bySegment = new Map<string, Map<string, unknown>>();
  for (const r of data.adjudicatedGold) {
    let m = byUnit.get(r.field);
    if (!m) byUnit.set(r.field, (m = new Map()));
    m.set(r.unit, r.value);
  }
  for (const r of data.itemGold) {
    let m = bySegment.get(r.field);
    if (!m) bySegment.set(r.field, (m = new Map()));
    m.set(r.segmentId, r.value);
  }
  return { byUnit, bySegment };
}

/**
 * One field's rows of the data's values, in their order: the first field asked for is filtered out
 * (a view after a save computes one field), and once a second is asked for every field's rows are
 * grouped in one pass (a view computing every field: one pass over 960,000 values, not one per field).
 */
const rowsByField = new WeakMap<TSchemeReportData, Map<string, TSchemeValueRow[]> | "one asked">();
function rowsOfField(data: TSchemeReportData, id: string): readonly TSchemeValueRow[] {
  const grouped = rowsByField.get(data);
  if (grouped === undefined) {
    rowsByField.set(data, "one asked");
    return data.values.filter((r) => r.field === id);
  }
  if (grouped !== "one asked") return grouped.get(id) ?? [];
  const m = new Map<string, TSchemeValueRow[]>();
  for (const r of data.values) {
    let list = m.get(r.field);
    if (!list) m.set(r.field, (list = []));
    list.push(r);
  }
  rowsByField.set(data, m);
  return m.get(id) ?? [];
}

/**
 * The agreement figures and distributions of every field, in the scheme's field order: each field
 * computed from its own values alone (what each figure reads; the same figures as over all values
 * at once: scheme-report-reference.test.ts checks them against the earlier whole computation) and kept per version of them, so a view after a save that changed
 * one field's values computes that field's statistics alone. Which values count is checked once
 * per field for both (scheme-accepted-values.ts).
 */
function fieldStatistics(
  runtime: { version: number; definition: TSchemeDefinition },
  data: TSchemeReportData,
  opts: { bootstrap: ReturnType<typeof ZAgreementOptions.parse>["bootstrap"]; byItemLanguage: boolean },
): { agreement: TAgreementFigure[]; distributions: TSchemeDistribution[] } {
  const def = runtime.definition;
  const agreement: TAgreementFigure[] = [];
  const distributions: TSchemeDistribution[] = [];
  for (const id of new Set(def.fields.map((f) => f.id))) {
    const own: TSchemeDefinition = { ...def, fields: def.fields.filter((f) => f.id === id) };
    const part = keptByFieldVersions(data, [id], ["field-statistics", runtime.version, own.fields, opts], () => {
      const rows = rowsOfField(data, id);
      const accepted = acceptedValues(own, rows);
      return {
        agreement: schemeAgreementFigures(own, rows, { bootstrap: opts.bootstrap, itemLists: data.itemLists, unitTexts: data.unitTexts, byItemLanguage: opts.byItemLanguage, accepted }),
        distributions: schemeDistributions(own, rows, accepted),
      };
    });
    agreement.push(...part.agreement);
    distributions.push(...part.distributions);
  }
  return { agreement, distributions };
}

export function buildSchemeReport(
  runtime: { version: number; definition: TSchemeDefinition },
  data: TSchemeReportData,
  filter: TSchemeReportFilter = {},
  optsIn: Pick<TAgreementOptions, "fields" | "bootstrap"> = {},
  analysisInputs: TSchemeAnalysisInputs = {},
  languages: readonly string[] = [],
): TSchemeReport {
  const def = runtime.definition;
  const opts = ZAgreementOptions.parse(optsIn);
  const fields: TSchemeFieldInfo[] = [];
  for (const f of def.fields) {
    if (fields.some((x) => x.id === f.id)) continue;
    const level = measurementLevelOf(f);
    fields.push({ id: f.id, label: f.label, kind: f.kind, scope: scopeName(f.scope), level, gold: goldWords(f.gold), noAgreement: noAgreementReason(f.kind, level) });
  }
  // a vector's figures are named `field.dimension`: `fields` filters by the field id
  const wanted = (name: string) => !opts.fields?.length || opts.fields.includes(name) || opts.fields.includes(name.split(".")[0]);
  const agreementIncludes = ownSchemeIncludes(filter);
  // one target language's report of several: its figures name it (and are not split by item language)
  const byTarget = splitByTargetLanguage(languages) && filter.language !== undefined;
  // agreement and distributions field by field, each kept per version of its values (field-versions.ts)
  const { agreement: agreementAll, distributions: distributionsAll } = fieldStatistics(runtime, data, { bootstrap: opts.bootstrap, byItemLanguage: !byTarget });
  const agreement = agreementAll.filter((f) => wanted(f.field)).map((f) => ({ ...f, includes: agreementIncludes }));
  const accuracyIncludes: Record<string, string> = {};
  for (const f of fields) if (f.gold) accuracyIncludes[f.id] = ownSchemeIncludes(filter, `gold: ${f.gold}`);
  const gold = goldMaps(data);
  // accuracy against gold, and for BIO tags precision/recall/F1 per token and per span
  const accuracy = [...schemeAccuracyFigures(def, data.values, gold), ...schemeTagsF1Figures(def, data.values, gold.bySegment)].filter((f) => wanted(f.field));
  for (const f of accuracy) f.includes = accuracyIncludes[f.field];
  const figures = [...agreement, ...accuracy];
  if (byTarget) for (const f of figures) f.language = filter.language;
  return {
    scheme: { id: def.id, name: def.name, version: runtime.version },
    filter,
    languages: [...languages],
    fields,
    figures,
    distributions: distributionsAll.filter((d) => wanted(d.field)),
    progress: data.progress,
    systems: data.systems,
    includes: { agreement: agreementIncludes, accuracy: accuracyIncludes },
    analyses: {
      ...(emosAnalysisApplies(def)
        ? { emos: emosAnalysis(def, data.values, { weights: analysisInputs.emosWeights, documentOf: analysisInputs.documentOf, modelValues: analysisInputs.modelValues }) }
        : {}),
      ...(crStAnalysisApplies(def) ? { crSt: crStAnalysis(def, data.values, crStGold(def, data), data.itemMetadata, analysisInputs.modelValues) } : {}),
      ...(mqmAnalysisApplies(def) ? { mqm: mqmAnalysis(def, data.values) } : {}),
      ...(meta4xnliAnalysisApplies(def)
        ? { meta4xnli: meta4xnliAnalysis(def, { values: data.values, models: analysisInputs.modelValues ?? [], goldBySegment: gold.bySegment, itemMetadata: data.itemMetadata, figures }) }
        : {}),
    },
  };
}

/**
 * The report of a scheme-runtime project, from its data as stored now (cached while unchanged:
 * lib/db/reports/scheme-report-data-cache.ts) and what its analyses read beside it, never cached (weights,
 * models' values: lib/db/reports/analysis-inputs.ts).
 */
export async function getSchemeReport(
  pool: Pool,
  projectId: string,
  runtime: { version: number; definition: TSchemeDefinition },
  filter: TSchemeReportFilter = {},
  opts: Pick<TAgreementOptions, "fields" | "bootstrap"> = {},
): Promise<TSchemeReport> {
  // a project with several target languages is reported one language at a time (the first unless asked)
  const languages = await getReportLanguages(pool, projectId);
  const language = schemeReportLanguage(languages, filter.language);
  const scoped: TSchemeReportFilter = language === undefined ? filter : { ...filter, language };
  const [data, inputs] = await Promise.all([getSchemeReportDataCached(pool, projectId, runtime, scoped), getSchemeAnalysisInputs(pool, projectId, runtime.definition, scoped)]);
  // computed once per version of the data (the cached data object), filter, options and inputs
  return memoByVersion(data, [runtime.version, scoped, opts, languages], inputs, () => buildSchemeReport(runtime, data, scoped, opts, inputs, languages));
}
