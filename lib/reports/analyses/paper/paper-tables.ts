/**
 * The paper tables of a project under the scheme runtime whose scheme lists them (MMTE table 3
 * and figures 3–5, MetaHOPE tables 3–6), computed by the built-in runtime's own code
 * (score-tables.ts, agreement-figures.ts → metahope-agreement.ts, lib/scoring) on report rows
 * read from the scheme runtime's storage (scheme-paper-data.ts), so the figures are the same to
 * the last bit as for the same values under the built-in runtime.
 *
 * Each listed analysis is bound to its fields by id first (paper-analysis-binding.ts): one that
 * cannot be bound is not computed and its note names the missing field; the others still run.
 * An error category beyond the paper's five is computed exactly like one of them, in the same run:
 * the MetaHOPE table code is given the variant's categories (the paper's five, then the ones it
 * adds: `metahopeCategories` of the score and agreement options), so each has its agreement per
 * MRW instance and its EPS and EPM totals, while SEGS and the per-sentence and per-metaphor
 * figures stay the paper's sum over its five. Pure.
 */
import type { TAgreementFigure } from "../../agreement-figure";
import type { TAgreementOptions } from "../../agreement-options";
import { computeAgreementFiguresOf } from "./agreement-figures";
import { computeScoreTablesOf, type TMetricScoreInput, type TScoreTables } from "./score-tables";
import { buildReportIndex, type TReportIndex } from "../../report-index";
import type { TMmteTranslationValues } from "@/lib/scoring/mmte-scores";
import type { TScoreOptions } from "../../score-options";
import { languageComparisonOf, reportLanguagesOf, type TLanguageQuality } from "./language-comparison";
import { bindPaperAnalyses, missingFieldNotes, type TPaperAnalysisBinding } from "./binding";
import type { TSchemePaperData } from "./paper-data";
import { bindPapersAgreementExport, papersAgreementExportNote } from "./papers-agreement-export";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { METAHOPE_CATEGORY_ORDER } from "@/lib/scoring/metahope-scores";
import { computeEachTime, type TKeepPart } from "./keep-part";

export interface TExtraCategoryTotals {
  category: string;
  /** per system, in the score table's order: the EPS and EPM totals of the category */
  rows: { system: string; eps: number; epm: number }[];
}

export interface TSchemePaperTables {
  /** every paper analysis the scheme lists, bound or naming its missing fields */
  analyses: TPaperAnalysisBinding[];
  /** missing fields, the variant's extra labels, spans on unknown MRWs: in words */
  notes: string[];
  /**
   * The score tables as the built-in runtime gives them (getScoreTables): `mmte` when an MMTE
   * analysis binds, `metahope` (tables 5–6) when metahope.tables3-6 binds; null when neither.
   * Extra categories are in `metahope.rows[].eps.totals` / `epm.totals` under their label too.
   */
  scores: TScoreTables | null;
  /** MetaHOPE tables 3–4: the agreement figures (scheme "metahope"), extra categories as fields of their own */
  metahopeAgreement: TAgreementFigure[];
  extraCategories: TExtraCategoryTotals[];
}

/**
 * The figures of the paper's fields (SEGS and its five categories) first, as published, then each
 * extra category's in the variant's order (every language's, then every system's): a stable reorder
 * of the run, which gives them per system.
 */
function paperFieldsFirst(figures: TAgreementFigure[], extra: readonly string[]): TAgreementFigure[] {
  if (extra.length === 0) return figures;
  const rank = (f: TAgreementFigure) => extra.indexOf(f.field) + 1;
  return figures.map((f, i) => [f, i] as const).sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j).map(([f]) => f);
}

type TWantsInterval = (f: TAgreementFigure) => boolean;

function agreementByLanguage(ix: TReportIndex, opts: TAgreementOptions, wantsInterval?: TWantsInterval): TAgreementFigure[] {
  const languages = reportLanguagesOf(ix.data);
  if (opts.language || languages.length < 2) return computeAgreementFiguresOf(ix, opts, { wantsInterval });
  return languages.flatMap((language) => computeAgreementFiguresOf(ix, { ...opts, language }, { wantsInterval }).map((f) => ({ ...f, language })));
}

/**
 * What the dashboard (scheme-paper-dashboard.ts) shares with the tables: the index of the rows it
 * computes its own figures over, which figures get a bootstrap interval when intervals are asked
 * for (those its summary tables show; each costs B recomputations), and the MMTE records table 3
 * was computed from (figure 6 is computed from the same values). The tables are the same with or
 * without them (computeScoreTables and computeAgreementFigures index the rows the same way).
 */
export interface TSchemePaperShared {
  index?: TReportIndex;
  wantsInterval?: TWantsInterval;
  onMmteRecords?: (records: readonly TMmteTranslationValues[]) => void;
  /** keeps parts between views per version of the fields they read (keep-part.ts) */
  keep?: TKeepPart;
}

/** `input`: the report rows (scheme-paper-data.ts); null when no listed analysis binds (nothing is read then). */
export function computeSchemePaperTables(
  input: TSchemePaperData | null,
  def: TSchemeDefinition,
  opts: { scores?: TScoreOptions; agreement?: TAgreementOptions; metrics?: TMetricScoreInput } & TSchemePaperShared = {},
): TSchemePaperTables {
  const analyses = bindPaperAnalyses(def);
  const bound = (name: string) => analyses.some((a) => a.name === name && a.bound);
  const mmte = bound("mmte.table3") || bound("mmte.figures3-5");
  const metahope = bound("metahope.tables3-6");
  // a listed papers' agreement export that this variant's fields refuse says why its export is every field's instead
  const exportNote = papersAgreementExportNote(bindPapersAgreementExport(def));
  const notes = [...missingFieldNotes(analyses), ...analyses.flatMap((a) => a.notes), ...(exportNote ? [exportNote] : [])];
  if (metahope && input && input.unknownMrws > 0) notes.push(`${input.unknownMrws} error span${input.unknownMrws > 1 ? "s name" : " names"} an MRW that is not one of its segment's: left out of the MetaHOPE tables.`);
  const empty: TSchemePaperTables = { analyses, notes, scores: null, metahopeAgreement: [], extraCategories: [] };
  if ((!mmte && !metahope) || !input) return empty;

  const { data } = input;
  // a variant's categories beyond the paper's five: computed in the same run, after the five
  const extra = analyses.find((a) => a.name === "metahope.tables3-6")?.extraCategories ?? [];
  const categories = extra.length ? { metahopeCategories: [...METAHOPE_CATEGORY_ORDER, ...extra] } : {};
  const languages = reportLanguagesOf(data);
  // as getScoreTables: the first language pair of a study over several unless one is asked for
  const scoreOpts = languages.length > 1 && !opts.scores?.language ? { ...opts.scores, language: languages[0] } : (opts.scores ?? {});
  const ix = opts.index ?? buildReportIndex(data);
  const keep = opts.keep ?? computeEachTime;
  const tables = computeScoreTablesOf(ix, { ...scoreOpts, ...categories }, opts.metrics, mmte ? opts.onMmteRecords : undefined, keep);
  const scores: TScoreTables = { ...tables, mmte: mmte ? tables.mmte : null, metahope: metahope ? tables.metahope : null };
  if (!metahope) return { ...empty, scores };

  const metahopeAgreement = keep(["METAHOPE_ERRORS"], ["metahope-agreement", opts.agreement ?? null, categories], () => ({
    figures: paperFieldsFirst(agreementByLanguage(ix, { ...opts.agreement, schemes: ["metahope"], ...categories }, opts.wantsInterval), extra),
  })).figures;
  const extraCategories: TExtraCategoryTotals[] = extra.map((category) => ({
    category,
    rows: (scores.metahope?.rows ?? []).map((r) => ({ system: r.system, eps: r.eps.totals[category], epm: r.epm.totals[category] })),
  }));
  return { analyses, notes, scores, metahopeAgreement, extraCategories };
}

export interface TSchemePaperTablesByLanguage {
  /** every language pair's tables, in the project's order; one entry, language null, for a project with one target language */
  tables: { language: string | null; paper: TSchemePaperTables }[];
  /** MMTE figure 7, the pairs side by side: a study over several target languages whose scheme binds an MMTE analysis; else null */
  comparison: TLanguageQuality[] | null;
}

/**
 * The paper tables of every language pair of a study over several target languages, as the
 * built-in runtime's scores export gives them (lib/reports/index.ts getScoreTablesByLanguage):
 * each pair's tables on its own translations, then MMTE figure 7's comparison of the pairs.
 */
export function computeSchemePaperTablesByLanguage(
  input: TSchemePaperData | null,
  def: TSchemeDefinition,
  opts: { scores?: TScoreOptions; metrics?: TMetricScoreInput } = {},
): TSchemePaperTablesByLanguage {
  const languages = input ? reportLanguagesOf(input.data) : [];
  if (!input || languages.length < 2) return { tables: [{ language: null, paper: computeSchemePaperTables(input, def, opts) }], comparison: null };
  const tables = languages.map((language) => ({ language, paper: computeSchemePaperTables(input, def, { ...opts, scores: { ...opts.scores, language }, agreement: { language } }) }));
  const mmte = tables[0].paper.analyses.some((a) => a.bound && a.name.startsWith("mmte."));
  return { tables, comparison: mmte ? languageComparisonOf(buildReportIndex(input.data), opts.scores ?? {}, languages) : null };
}
