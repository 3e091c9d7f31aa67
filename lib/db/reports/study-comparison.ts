// A study kept in several projects (one per language pair, as a lab that prefers separate
// projects runs MMTE's EN→ZH and EN→IT): each project's MMTE table 3 per language pair, and every
// pair of every project side by side (MMTE figure 7). The caller authorises each project first
// (app/study/page.tsx); this reads only the projects it is given.
import type { Db } from "@/lib/db/client";
import { getReportData } from "@/lib/db/reports/report-data-cache";
import { buildReportIndex } from "@/lib/reports/report-index";
import { languageComparisonOf, reportLanguagesOf, type TLanguageQuality } from "@/lib/reports/analyses/paper/language-comparison";
import { computeScoreTablesOf, type TScoreTables } from "@/lib/reports/analyses/paper/score-tables";
import type { TScoreOptions } from "@/lib/reports/score-options";

export interface TStudyProject {
  slug: string;
  name: string;
  sourceLang: string;
  /** figure 7's entries of this project, one per language pair */
  languages: TLanguageQuality[];
  /** MMTE table 3 (and its automatic metrics) per language pair */
  tables: { language: string; mmte: TScoreTables["mmte"] }[];
}

export async function getStudyComparison(db: Db, projects: { id: string; slug: string; name: string; sourceLang: string }[], opts: TScoreOptions = {}): Promise<TStudyProject[]> {
  const out: TStudyProject[] = [];
  for (const p of projects) {
    const data = await getReportData(db, p.id);
    const ix = buildReportIndex(data);
    const languages = reportLanguagesOf(data);
    out.push({
      slug: p.slug,
      name: p.name,
      sourceLang: p.sourceLang,
      languages: languageComparisonOf(ix, opts, languages),
      tables: languages.map((language) => ({ language, mmte: computeScoreTablesOf(ix, { ...opts, language }).mmte })),
    });
  }
  return out;
}
