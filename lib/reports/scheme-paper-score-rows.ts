/**
 * The paper tables of a project under the scheme runtime (scheme-paper-tables.ts) as the rows of
 * `tropos export --what scores`: the built-in export's rows (report-csv.ts `scoreTableRows`:
 * table, system, group, column, value, n, note), each extra error category's EPS and EPM totals
 * as rows of their own after the paper's five, and one `note` row per analysis that could not be
 * computed (naming the missing field) or that the variant extends. Pure.
 */
import { scoreTableRows } from "./report-csv";
import type { TSchemePaperTables } from "./scheme-paper-tables";

export const PAPER_SCORE_COLUMNS = ["table", "system", "group", "column", "value", "n", "note"] as const;

export type TPaperScoreRow = Partial<Record<(typeof PAPER_SCORE_COLUMNS)[number], unknown>>;

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
