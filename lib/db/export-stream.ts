// One entry point for every export (CLI `tropos export` and GET /api/projects/[slug]/export):
// picks the streaming reader for `what`, the serialiser for `format`, and names the file.
import type { Pool } from "pg";
import { z } from "zod";
import { exportAdjudicated, exportAnnotations, exportSchemeAdjudicated, exportSchemeAnnotations, exportErrorRows, exportGold, ERROR_COLUMNS, type TableExport } from "@/lib/db/export-tables";
import { exportProjectJsonl } from "@/lib/db/export-project-jsonl";
import { exportSuggestions } from "@/lib/db/export-suggestions";
import { exportConllTags, type TTagsSource } from "@/lib/db/export-conll";
import { exportNliTsv } from "@/lib/db/export-nli";
import { getModelAgreementRows, MODEL_AGREEMENT_COLUMNS } from "@/lib/db/model-agreement-data";
import { AppError } from "@/lib/errors";
import { SEVERITY_NAMES } from "@/lib/export/mqm-tsv";
import { tableLines, type TableRow } from "@/lib/export/table-lines";
import type { Db } from "@/lib/db/client";
import { AGREEMENT_FIGURE_COLUMNS, getScoreTables } from "@/lib/reports";
import { getRuntimeAgreementFigures } from "@/lib/reports/scheme-runtime-figures";
import { scoreTableRows } from "@/lib/reports/report-csv";
import { getProjectRuntime } from "@/lib/db/project-schemes";
import { schemeFieldIds } from "@/lib/import/scheme-line-check";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { schemeScoreTable } from "@/lib/reports/scheme-score-rows";

export const EXPORT_WHATS = ["gold", "annotations", "adjudicated", "errors", "agreement", "scores", "suggestions", "model-agreement", "tags", "nli", "project"] as const;
export const ZExportWhat = z.enum(EXPORT_WHATS);
export const ZExportFormat = z.enum(["tsv", "csv", "json", "jsonl", "conll"]);
export type TExportWhat = z.infer<typeof ZExportWhat>;
export type TExportFormat = z.infer<typeof ZExportFormat>;
/** the formats of the table exports (every kind but tags) */
type TTableExportFormat = Exclude<TExportFormat, "conll">;

export interface ExportFile {
  fileName: string;
  contentType: string;
  lines: AsyncGenerator<string>;
}

const CONTENT_TYPE: Record<TExportFormat, string> = {
  tsv: "text/tab-separated-values; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
  jsonl: "application/x-ndjson; charset=utf-8",
  conll: "text/tab-separated-values; charset=utf-8",
};

async function* mqmTable(pool: Pool, projectId: string): AsyncGenerator<TableRow> {
  for await (const r of exportErrorRows(pool, projectId)) yield { ...r, severity: SEVERITY_NAMES[r.severity], comment: r.comment ?? "", mrw: r.mrw ?? "" };
}

/** Model-as-rater figures: one row per model, field, annotator (or gold) and statistic, computed in memory. */
async function* modelAgreementRows(db: Db, projectId: string): AsyncGenerator<TableRow> {
  for (const r of await getModelAgreementRows(db, projectId)) yield r as unknown as TableRow;
}

/**
 * Agreement figures and score tables are small (one row per statistic): computed in memory, then written like any table.
 * Agreement: the built-in figures, or every field's of a project running its own scheme (scheme-runtime-figures.ts).
 */
async function* agreementRows(db: Db, pool: Pool, projectId: string): AsyncGenerator<TableRow> {
  for (const f of await getRuntimeAgreementFigures(db, pool, projectId)) yield f as unknown as TableRow;
}
const SCORE_COLUMNS = ["table", "system", "group", "column", "value", "n", "note"] as const;
async function* scoreRows(db: Db, projectId: string): AsyncGenerator<TableRow> {
  for (const r of scoreTableRows(await getScoreTables(db, projectId))) yield Object.fromEntries(SCORE_COLUMNS.map((c, i) => [c, r[i]]));
}

/** Scores: the built-in score tables, or the rows of the named analyses of a project's own scheme (scheme-score-rows.ts). */
async function* scoreLines(pool: Pool, db: Db, projectId: string, format: TTableExportFormat): AsyncGenerator<string> {
  const runtime = await getProjectRuntime(db, projectId);
  if (runtime.kind === "built-in") {
    yield* tableLines(SCORE_COLUMNS, scoreRows(db, projectId), format);
    return;
  }
  const report = await getSchemeReport(pool, projectId, runtime);
  const segments = await pool.query<{ id: string; externalId: string }>(`SELECT id, "externalId" FROM "Segment" WHERE "projectId" = $1`, [projectId]);
  const external = new Map(segments.rows.map((r) => [r.id, r.externalId]));
  const table = schemeScoreTable(report, (id) => external.get(id) ?? id);
  yield* tableLines(table.columns, table.rows, format);
}

/**
 * The annotations table: long (one row per value) for a built-in project, as it always was; wide
 * (one column per field, one row per annotator × unit) for a project that runs its own scheme.
 */
async function* annotationLines(pool: Pool, db: Db, projectId: string, format: TTableExportFormat): AsyncGenerator<string> {
  const runtime = await getProjectRuntime(db, projectId);
  const table = runtime.kind === "scheme" ? exportSchemeAnnotations(pool, projectId, schemeFieldIds(runtime.definition)) : exportAnnotations(pool, projectId);
  yield* tableLines(table.columns, table.rows, format);
}

/** The adjudicated values: with the unit and role of each decision for a project that runs its own scheme. */
async function* adjudicatedLines(pool: Pool, db: Db, projectId: string, format: TTableExportFormat): AsyncGenerator<string> {
  const runtime = await getProjectRuntime(db, projectId);
  const table = runtime.kind === "scheme" ? exportSchemeAdjudicated(pool, projectId) : exportAdjudicated(pool, projectId);
  yield* tableLines(table.columns, table.rows, format);
}

/** The Meta4XNLI interpretation TSV, with the adjudicated labels of the scheme's inference field (export-nli.ts). */
async function* nliLines(pool: Pool, db: Db, projectId: string): AsyncGenerator<string> {
  const runtime = await getProjectRuntime(db, projectId);
  const field = runtime.kind === "scheme" ? runtime.definition.fields.find((f) => f.gold?.from === "item" && f.gold.key === "gold_label") : undefined;
  yield* exportNliTsv(pool, projectId, field?.id ?? null);
}

/**
 * `opts.tags`: where a tags export's tags come from (export-conll.ts resolveTagsSource, awaited by
 * the caller so that a wrong annotator or scheme is refused before anything streams); the corpus by
 * default.
 */
export function exportFile(pool: Pool, db: Db, project: { id: string; slug: string }, what: TExportWhat, format: TExportFormat, opts: { tags?: TTagsSource } = {}): ExportFile {
  const fileName = `${project.slug}-${what}${opts.tags && opts.tags.kind !== "corpus" ? `-${opts.tags.kind}` : ""}.${format === "conll" ? "tsv" : format}`;
  if (opts.tags && opts.tags.kind !== "corpus" && what !== "tags") throw new AppError("BAD_REQUEST", "--annotator and --adjudicated choose the tags of a tags export (--what tags).");
  if (what === "tags") {
    if (format !== "conll") throw new AppError("BAD_REQUEST", "The tags export is CoNLL: use --format conll.");
    return { fileName, contentType: CONTENT_TYPE.conll, lines: exportConllTags(pool, project.id, opts.tags) };
  }
  if (what === "nli") {
    if (format !== "tsv") throw new AppError("BAD_REQUEST", "The interpretation pairs export in their own TSV format: use --format tsv.");
    return { fileName, contentType: CONTENT_TYPE.tsv, lines: nliLines(pool, db, project.id) };
  }
  if (format === "conll") throw new AppError("BAD_REQUEST", "CoNLL is the format of the tags export: use --what tags.");
  if (what === "project") {
    if (format !== "jsonl") throw new AppError("BAD_REQUEST", "The full project export is Tropos JSONL: use --format jsonl.");
    return { fileName, contentType: CONTENT_TYPE.jsonl, lines: exportProjectJsonl(pool, project.id) };
  }
  if (what === "annotations") return { fileName, contentType: CONTENT_TYPE[format], lines: annotationLines(pool, db, project.id, format) };
  if (what === "adjudicated") return { fileName, contentType: CONTENT_TYPE[format], lines: adjudicatedLines(pool, db, project.id, format) };
  if (what === "scores") return { fileName, contentType: CONTENT_TYPE[format], lines: scoreLines(pool, db, project.id, format) };
  let table: TableExport;
  if (what === "agreement") table = { columns: AGREEMENT_FIGURE_COLUMNS, rows: agreementRows(db, pool, project.id) };
  else if (what === "gold") table = exportGold(pool, project.id);
  else if (what === "suggestions") table = exportSuggestions(pool, project.id);
  else if (what === "model-agreement") table = { columns: MODEL_AGREEMENT_COLUMNS, rows: modelAgreementRows(db, project.id) };
  else table = { columns: ERROR_COLUMNS, rows: mqmTable(pool, project.id) };
  return { fileName, contentType: CONTENT_TYPE[format], lines: tableLines(table.columns, table.rows, format) };
}
