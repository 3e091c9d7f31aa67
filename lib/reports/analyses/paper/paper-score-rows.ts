/**
 * The paper tables of a project under the scheme runtime (scheme-paper-tables.ts) as the rows of
 * `tropos export --what scores`: the built-in export's rows (report-csv.ts `scoreTableRows`:
 * table, system, group, column, value, n, note), each extra error category's EPS and EPM totals
 * as rows of their own after the paper's five, and one `note` row per analysis that could not be
 * computed (naming the missing field) or that the variant extends. Pure.
 */
import { languageComparisonRows, scoreTableRows } from "../../report-csv";
import type { TSchemePaperTables, TSchemePaperTablesByLanguage } from "./paper-tables";

export const PAPER_SCORE_COLUMNS = ["table", "system", "group", "column", "value", "n", "note"] as const;

/** A study over several target languages: each row names its language pair, as the built-in scores export's rows do. */
export const PAPER_SCORE_COLUMNS_BY_LANGUAGE = ["language", ...PAPER_SCORE_COLUMNS] as const;

export type TPaperScoreRow = Partial<Record<(typeof PAPER_SCORE_COLUMNS_BY_LANGUAGE)[number], unknown>>;

export function paperScoreRows(paper: TSchemePaperTables): TPaperScoreRow[] {
  const rows: TPaperScoreRow[] = paper.notes.map((note) => ({ table: "note", note }));
  const sizes = new Map((paper.scores?.metahope?.rows ?? []).map((r) => [r.system, r]));
  for (const r of paper.scores ? scoreTableRows(paper.scores) : []) rows.push(Object.fromEntries(PAPER_SCORE_COLUMNS.map((c, i) => [c, r[i]])));
  for (const x of paper.extraCategories) {
    for (const r of x.rows) {
      const size = sizes.get(r.system);
      rows.push({ table: "metahope_eps", system: r.system, group: "", column: x.category, value: r.eps, n: size?.sentences ?? null, note: "beyond the paper's categories; not in SEGS" });
      rows.push({ table: "metahope_epm", system: r.system, group: "", column: x.category, value: r.epm, n: size?.mrwInstances ?? null, note: "beyond the paper's categories; not in SEGS" });
    }
  }
  return rows;
}

/**
 * The rows of every language pair (scheme-paper-tables.ts computeSchemePaperTablesByLanguage):
 * the notes once (they are the scheme's, not a pair's), then each pair's rows with its `language`,
 * then figure 7's comparison (`language` = the pair compared, as in the built-in export). One
 * target language: the rows of paperScoreRows, without `language`.
 */
export function paperScoreRowsByLanguage(byLanguage: TSchemePaperTablesByLanguage): TPaperScoreRow[] {
  const [first] = byLanguage.tables;
  if (byLanguage.tables.length === 1 && first.language === null) return paperScoreRows(first.paper);
  const rows: TPaperScoreRow[] = first.paper.notes.map((note) => ({ table: "note", note }));
  for (const { language, paper } of byLanguage.tables) for (const r of paperScoreRows(paper)) if (r.table !== "note") rows.push({ language, ...r });
  for (const r of languageComparisonRows(byLanguage.comparison ?? [])) rows.push({ language: r[2], ...Object.fromEntries(PAPER_SCORE_COLUMNS.map((c, i) => [c, r[i]])) });
  return rows;
}

/** The columns of paperScoreRowsByLanguage's rows. */
export function paperScoreColumns(byLanguage: TSchemePaperTablesByLanguage): readonly string[] {
  return byLanguage.tables.length === 1 && byLanguage.tables[0].language === null ? PAPER_SCORE_COLUMNS : PAPER_SCORE_COLUMNS_BY_LANGUAGE;
}
