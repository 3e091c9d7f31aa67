// One entry point for every export (CLI `tropos export` and GET /api/projects/[slug]/export):
// picks the streaming reader for `what`, the serialiser for `format`, and names the file.
import type { Pool } from "pg";
import { z } from "zod";
import { exportSchemeAdjudicated, exportSchemeAnnotations, ERROR_COLUMNS, type TableExport } from "@/lib/db/export/tables";
import { exportSchemeGold } from "@/lib/db/export/scheme-gold";
import { exportGoldChecks } from "@/lib/db/export/gold-checks";
import { exportSchemeErrorRows } from "@/lib/db/export/scheme-errors";
import { exportProjectJsonl } from "@/lib/db/export/project-jsonl";
import { dumpProject } from "@/lib/db/export/project-dump";
import { exportSuggestions } from "@/lib/db/export/suggestions";
import { exportSuggestionDecisions } from "@/lib/db/export/suggestion-decisions";
import { exportConllTags, type TTagsSource } from "@/lib/db/export/conll";
import { exportNliTsv } from "@/lib/db/export/nli";
import { exportPostEdits } from "@/lib/db/export/post-edits";
import { exportTargetWords } from "@/lib/db/export/target-words";
import { getModelAgreementRows, MODEL_AGREEMENT_COLUMNS } from "@/lib/db/reports/model-agreement-data";
import { AppError } from "@/lib/errors";
import { exportMqmLines, mqmExportField } from "@/lib/db/export/mqm";
import { exportLabelStudioLines } from "@/lib/db/export/label-studio";
import { labelStudioConfig } from "@/lib/export/label-studio-config";
import { labelStudioMappingFor } from "@/lib/export/label-studio-tasks";
import { tableLines, type TableRow } from "@/lib/export/table-lines";
import type { Db } from "@/lib/db/client";
import { AGREEMENT_FIGURE_COLUMNS } from "@/lib/reports";
import { getRuntimeAgreementFigures } from "@/lib/reports/scheme-runtime-figures";
import { projectTargetLangs } from "@/lib/projects/target-languages";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { schemeFieldIds } from "@/lib/import/scheme-line-check";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { getReportLanguages } from "@/lib/db/reports/languages";
import { splitByTargetLanguage } from "@/lib/reports/scheme-report-language";
import { getSegmentExternalIds } from "@/lib/db/export/segment-external-ids";
import { schemeScoreColumns, schemeScoreRows } from "@/lib/reports/scheme-score-rows";
import { getSchemePaperTablesByLanguage } from "@/lib/db/reports/paper-input";
import { bindPaperAnalyses } from "@/lib/reports/analyses/paper/binding";
import { genericScoreRowsUnneeded } from "@/lib/schemes/language/named-analyses";
import { paperScoreColumns, paperScoreRowsByLanguage } from "@/lib/reports/analyses/paper/paper-score-rows";

export const EXPORT_WHATS = ["gold", "annotations", "adjudicated", "errors", "agreement", "scores", "suggestions", "suggestion-decisions", "model-agreement", "tags", "nli", "post-edits", "target-words", "project", "backup", "gold-checks"] as const;
export const ZExportWhat = z.enum(EXPORT_WHATS);
export const ZExportFormat = z.enum(["tsv", "csv", "json", "jsonl", "conll", "mqm", "marot", "label-studio", "label-studio-config", "label-studio-mapping"]);
/** The Label Studio export's files besides the tasks (issue 30.2): each is an export of its own, and the CLI writes them beside the tasks. */
export const LABEL_STUDIO_COMPANIONS = [
  { format: "label-studio-config", suffix: ".config.xml" },
  { format: "label-studio-mapping", suffix: ".mapping.json" },
] as const;
export type TExportWhat = z.infer<typeof ZExportWhat>;
export type TExportFormat = z.infer<typeof ZExportFormat>;
/** the formats of the table exports (every kind but tags and the MQM files) */
type TTableExportFormat = Exclude<TExportFormat, "conll" | "mqm" | "marot" | "label-studio" | "label-studio-config" | "label-studio-mapping">;

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
  mqm: "text/tab-separated-values; charset=utf-8",
  marot: "text/tab-separated-values; charset=utf-8",
  "label-studio": "application/json; charset=utf-8",
  "label-studio-config": "application/xml; charset=utf-8",
  "label-studio-mapping": "application/json; charset=utf-8",
};

/**
 * Every annotator's values as Label Studio tasks with predictions (lib/export/label-studio-tasks.ts),
 * or the labelling config to create the Label Studio project with (label-studio-config.ts), or the
 * mapping that imports Label Studio's export of it back (labelStudioMappingFor).
 */
async function* labelStudioLines(pool: Pool, db: Db, projectId: string, format: "label-studio" | "label-studio-config" | "label-studio-mapping"): AsyncGenerator<string> {
  const runtime = await getProjectRuntime(db, projectId);
  if (format === "label-studio-config") yield labelStudioConfig(runtime.definition);
  else if (format === "label-studio-mapping") yield `${JSON.stringify(labelStudioMappingFor(runtime.definition), null, 2)}\n`;
  else yield* exportLabelStudioLines(pool, projectId, runtime.definition);
}

/** The errors of a project's own scheme as the WMT MQM release or Marot writes them (lib/export/mqm-rows.ts). */
async function* mqmLines(pool: Pool, db: Db, projectId: string, format: "mqm" | "marot"): AsyncGenerator<string> {
  const runtime = await getProjectRuntime(db, projectId);
  // a scheme without a spans field of the language is refused, with the reason
  mqmExportField(runtime.definition);
  yield* exportMqmLines(pool, projectId, runtime.definition, format);
}

/** The errors table: the error spans are values of the scheme's spans field (export-scheme-errors.ts). */
async function* mqmTable(pool: Pool, db: Db, projectId: string): AsyncGenerator<TableRow> {
  const runtime = await getProjectRuntime(db, projectId);
  yield* exportSchemeErrorRows(pool, projectId, runtime.definition);
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
/**
 * Scores: the rows of the named analyses of the project's scheme (scheme-score-rows.ts; rows of
 * several shapes, so JSON and JSONL leave out the keys a row lacks), the paper tables among them.
 */
async function* scoreLines(pool: Pool, db: Db, projectId: string, format: TTableExportFormat): AsyncGenerator<string> {
  const runtime = await getProjectRuntime(db, projectId);
  // the paper tables the scheme lists (MMTE, MetaHOPE variants), bound to its fields by id, in the
  // built-in rows' shape: every language pair's with its `language` in a study over several
  const byLanguage = bindPaperAnalyses(runtime.definition).length ? await getSchemePaperTablesByLanguage(db, projectId, runtime.definition) : null;
  const paper = byLanguage ? paperScoreRowsByLanguage(byLanguage) : null;
  const paperColumns = byLanguage ? paperScoreColumns(byLanguage) : [];
  // the tables stand in for every field's rows unless a listed analysis has its rows among those
  // (named-analyses.ts `scoreRows`): MMTE and MetaHOPE get the tables alone, as their scripts read them
  if (paper && genericScoreRowsUnneeded(runtime.definition.analyses)) {
    yield* tableLines(paperColumns, paper, format);
    return;
  }
  const external = await getSegmentExternalIds(pool, projectId);
  const externalIdOf = (id: string) => external.get(id) ?? id;
  const languages = await getReportLanguages(pool, projectId);
  const withPaper = (columns: string[]) => (paper ? [...columns, ...paperColumns.filter((c) => !columns.includes(c))] : columns);
  if (!splitByTargetLanguage(languages)) {
    const report = await getSchemeReport(pool, projectId, runtime);
    yield* tableLines(withPaper(schemeScoreColumns(report)), [...schemeScoreRows(report, externalIdOf), ...(paper ?? [])], format, { omitAbsent: true });
    return;
  }
  // several target languages: every language's rows, each naming it (as the built-in scores export
  // does; `target_language`, since Meta4XNLI's rows have an item `language` of their own)
  const reports = await Promise.all(languages.map((language) => getSchemeReport(pool, projectId, runtime, { language })));
  async function* rows(): AsyncGenerator<TableRow> {
    for (const report of reports) for (const r of schemeScoreRows(report, externalIdOf)) yield { target_language: report.filter.language, ...r };
    // the paper rows carry their own `language` column, as the built-in tables split by it
    for (const r of paper ?? []) yield r;
  }
  yield* tableLines(withPaper(["target_language", ...schemeScoreColumns(reports[0])]), rows(), format, { omitAbsent: true });
}

/** A study over several target languages: its tables name each row's language. */
async function isMultilingual(db: Db, projectId: string): Promise<boolean> {
  const p = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { targetLang: true, targetLangs: true } });
  return projectTargetLangs(p).length > 1;
}

/**
 * The annotations table: one column per field of the scheme, one row per annotator × unit, naming
 * each row's translation language in a study over several target languages.
 */
async function* annotationLines(pool: Pool, db: Db, projectId: string, format: TTableExportFormat): AsyncGenerator<string> {
  const runtime = await getProjectRuntime(db, projectId);
  const multilingual = await isMultilingual(db, projectId);
  const table = exportSchemeAnnotations(pool, projectId, schemeFieldIds(runtime.definition), { multilingual });
  yield* tableLines(table.columns, table.rows, format);
}

/** The adjudicated values, with the unit and role of each decision. */
async function* adjudicatedLines(pool: Pool, db: Db, projectId: string, format: TTableExportFormat): AsyncGenerator<string> {
  const multilingual = await isMultilingual(db, projectId);
  const table = exportSchemeAdjudicated(pool, projectId, { multilingual });
  yield* tableLines(table.columns, table.rows, format);
}

/** Gold references: the stored ones, and the decisions of the scheme's gold edit fields (export-scheme-gold.ts). */
async function* goldLines(pool: Pool, db: Db, projectId: string, format: TTableExportFormat): AsyncGenerator<string> {
  const runtime = await getProjectRuntime(db, projectId);
  const table = exportSchemeGold(pool, projectId, runtime.definition, projectTargetLangs(await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { targetLang: true, targetLangs: true } })));
  yield* tableLines(table.columns, table.rows, format);
}

/** Every annotator's post-edits: the values of the stored scheme's edit fields, and PostEdit rows not moved into them (export-post-edits.ts). */
async function* postEditLines(pool: Pool, db: Db, projectId: string, format: TTableExportFormat): AsyncGenerator<string> {
  const table = exportPostEdits(pool, projectId, (await getProjectRuntime(db, projectId)).definition);
  yield* tableLines(table.columns, table.rows, format);
}

/** The Meta4XNLI interpretation TSV, with the adjudicated labels of the scheme's inference field (export-nli.ts). */
async function* nliLines(pool: Pool, db: Db, projectId: string): AsyncGenerator<string> {
  const runtime = await getProjectRuntime(db, projectId);
  const field = runtime.definition.fields.find((f) => f.gold?.from === "item" && f.gold.key === "gold_label");
  yield* exportNliTsv(pool, projectId, field?.id ?? null);
}

/**
 * `opts.tags`: where a tags export's tags come from (export-conll.ts resolveTagsSource, awaited by
 * the caller so that a wrong annotator or scheme is refused before anything streams); the corpus by
 * default.
 */
export function exportFile(pool: Pool, db: Db, project: { id: string; slug: string }, what: TExportWhat, format: TExportFormat, opts: { tags?: TTagsSource } = {}): ExportFile {
  const source = opts.tags && opts.tags.kind !== "corpus" ? `-${opts.tags.kind}` : "";
  const fileName = `${project.slug}-${what}${source}${format === "marot" ? "-marot" : ""}.${format === "conll" || format === "mqm" || format === "marot" ? "tsv" : format}`;
  if (opts.tags && opts.tags.kind !== "corpus" && what !== "tags") throw new AppError("BAD_REQUEST", "--annotator and --adjudicated choose the tags of a tags export (--what tags).");
  if (format === "label-studio" || format === "label-studio-config" || format === "label-studio-mapping") {
    if (what !== "annotations") throw new AppError("BAD_REQUEST", "Label Studio is a format of the annotations export: use --what annotations.");
    const suffix = LABEL_STUDIO_COMPANIONS.find((c) => c.format === format)?.suffix ?? ".json";
    return { fileName: `${project.slug}-annotations-label-studio${suffix}`, contentType: CONTENT_TYPE[format], lines: labelStudioLines(pool, db, project.id, format) };
  }
  if (format === "mqm" || format === "marot") {
    if (what !== "errors") throw new AppError("BAD_REQUEST", `${format === "mqm" ? "MQM" : "Marot"} is a format of the errors export: use --what errors.`);
    return { fileName, contentType: CONTENT_TYPE[format], lines: mqmLines(pool, db, project.id, format) };
  }
  if (what === "tags") {
    if (format !== "conll") throw new AppError("BAD_REQUEST", "The tags export is CoNLL: use --format conll.");
    return { fileName, contentType: CONTENT_TYPE.conll, lines: exportConllTags(pool, project.id, opts.tags) };
  }
  if (what === "nli") {
    if (format !== "tsv") throw new AppError("BAD_REQUEST", "The interpretation pairs export in their own TSV format: use --format tsv.");
    return { fileName, contentType: CONTENT_TYPE.tsv, lines: nliLines(pool, db, project.id) };
  }
  if (format === "conll") throw new AppError("BAD_REQUEST", "CoNLL is the format of the tags export: use --what tags.");
  if (what === "backup") {
    // what `tropos backup` writes (users as email and name, history, audit log): `tropos restore` reads it
    if (format !== "jsonl") throw new AppError("BAD_REQUEST", "A backup is Tropos backup JSONL: use --format jsonl.");
    return { fileName: `${project.slug}-backup.jsonl`, contentType: CONTENT_TYPE.jsonl, lines: dumpProject(pool, project.id) };
  }
  if (what === "project") {
    if (format !== "jsonl") throw new AppError("BAD_REQUEST", "The full project export is Tropos JSONL: use --format jsonl.");
    return { fileName, contentType: CONTENT_TYPE.jsonl, lines: exportProjectJsonl(pool, project.id) };
  }
  if (what === "annotations") return { fileName, contentType: CONTENT_TYPE[format], lines: annotationLines(pool, db, project.id, format) };
  if (what === "adjudicated") return { fileName, contentType: CONTENT_TYPE[format], lines: adjudicatedLines(pool, db, project.id, format) };
  if (what === "scores") return { fileName, contentType: CONTENT_TYPE[format], lines: scoreLines(pool, db, project.id, format) };
  if (what === "gold") return { fileName, contentType: CONTENT_TYPE[format], lines: goldLines(pool, db, project.id, format) };
  if (what === "post-edits") return { fileName, contentType: CONTENT_TYPE[format], lines: postEditLines(pool, db, project.id, format) };
  let table: TableExport;
  if (what === "agreement") table = { columns: AGREEMENT_FIGURE_COLUMNS, rows: agreementRows(db, pool, project.id) };
  else if (what === "suggestions") table = exportSuggestions(pool, project.id);
  else if (what === "suggestion-decisions") table = exportSuggestionDecisions(pool, project.id);
  else if (what === "model-agreement") table = { columns: MODEL_AGREEMENT_COLUMNS, rows: modelAgreementRows(db, project.id) };
  else if (what === "target-words") table = exportTargetWords(pool, project.id);
  else if (what === "gold-checks") table = exportGoldChecks(db, project.id);
  else table = { columns: ERROR_COLUMNS, rows: mqmTable(pool, db, project.id) };
  return { fileName, contentType: CONTENT_TYPE[format], lines: tableLines(table.columns, table.rows, format) };
}
