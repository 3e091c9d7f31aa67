/**
 * MMTE figure 7 (Wang et al. 2024, §4.4): the quality of one study's translations compared across
 * its target languages ("average evaluation scores of EN-ZH and EN-IT translations across all
 * models"). Per language: the mean of each dimension over every translation of that language
 * (all systems), and per system, from the same records as that language's table 3 (same options:
 * split, systems, aggregation, adjudicated values).
 */
import { scopeOf, type TReportIndex } from "../../report-index";
import type { TReportData } from "../../report-input";
import type { TScoreOptions } from "../../score-options";
import { computeScoreTablesOf } from "./score-tables";
import { mmteDimensionMeans } from "@/lib/scoring/mmte-dimension-means";
import type { TMean, TMmteDimension, TMmteTranslationValues } from "@/lib/scoring/mmte-scores";

export interface TLanguageQuality {
  language: string;
  /** the language's translations in the scope, rated or not (each mean has its own n) */
  translations: number;
  means: Record<TMmteDimension, TMean>;
  bySystem: { system: string; translations: number; means: Record<TMmteDimension, TMean> }[];
}

/** The target languages that have translations in the report, in the project's order. */
export function reportLanguages(ix: TReportIndex): string[] {
  return reportLanguagesOf(ix.data);
}

export function reportLanguagesOf(data: Pick<TReportData, "project" | "translations">): string[] {
  const present = new Set<string>();
  for (const t of data.translations) present.add(t.language);
  const listed = data.project.targetLangs?.length ? data.project.targetLangs : [data.project.targetLang];
  return [...listed.filter((l) => present.has(l)), ...[...present].filter((l) => !listed.includes(l)).sort()];
}

export function languageComparisonOf(ix: TReportIndex, options: TScoreOptions, languages: readonly string[] = reportLanguages(ix)): TLanguageQuality[] {
  return languages.map((language) => {
    let records: readonly TMmteTranslationValues[] = [];
    computeScoreTablesOf(ix, { ...options, language }, undefined, (r) => (records = r));
    const systems = [...new Set(records.map((r) => r.system))];
    return {
      language,
      translations: scopeOf(ix, { ...options, language }).translations.length,
      means: mmteDimensionMeans(records),
      bySystem: systems.map((system) => {
        const rs = records.filter((r) => r.system === system);
        return { system, translations: rs.length, means: mmteDimensionMeans(rs, `${system} translations`) };
      }),
    };
  });
}
