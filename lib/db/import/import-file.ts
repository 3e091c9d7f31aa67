// The import service used by the CLI and the upload route: parse one file in the requested (or
// detected) format, then validate and store it through the one loader (lib/db/import/load-import.ts),
// or only validate it (dry run = the loader's transaction rolled back) for the preview.
import type { Pool } from "pg";
import { tabularAnnotationAllowList } from "@/lib/schemes/tabular-allow-list";
import { z } from "zod";
import { conllAsAnnotator } from "@/lib/import/conll-as-annotator";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { schemeFieldIds } from "@/lib/import/scheme-line-check";
import { loadImport, type LoadImportSummary } from "@/lib/db/import/load-import";
import { getActivePos } from "@/lib/db/projects/mrw-active-pos";
import { isAppError } from "@/lib/errors";
import { detectFormat, FORMAT_NAMES, type FormatName } from "@/lib/import";
import { clipIssue, clipText, PREVIEW_RATERS, PREVIEW_ROWS } from "@/lib/import/answer-limits";
import { withFieldLimits } from "@/lib/import/field-limits";
import { metahopeWorkbookForScheme } from "@/lib/import/metahope-workbook-for-scheme";
import { parseFileOffThread } from "@/lib/import/parse-file-off-thread";
import { parseMetahopeXlsxOffThread } from "@/lib/import/parse-xlsx-off-thread";
import type { ImportIssue, ImportResult } from "@/lib/import/types";
import { countPairs } from "@/lib/import/parallel-pairs";
import { emptyImportResult } from "@/lib/import/types";
import { inferLanguageFromPath, parseConllParallel } from "@/lib/import/parse-conll";

export const IMPORT_FORMATS = ["auto", ...FORMAT_NAMES, "metahope-xlsx"] as const;
export type TImportFormat = (typeof IMPORT_FORMATS)[number];

export const ZImportOptions = z.object({
  format: z.enum(IMPORT_FORMATS).default("auto"),
  system: z.string().trim().min(1).max(100).optional(),
  sourceLang: z.string().trim().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, "a language code such as en, zh, it").optional(),
  targetLang: z.string().trim().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, "a language code such as en, zh, it").optional(),
  /** MetaHOPE workbooks: whose sheet it is (default: from the file name, `…annotator-A.xlsx`); CoNLL files: whose tags they are (the project's sentences, its scheme's BIO tags field) */
  annotator: z.string().trim().min(1).max(200).optional(),
  encoding: z.enum(["utf-8", "latin1", "cp1252"]).optional(),
  /** Label Studio exports: the mapping file (name and parsed JSON; its shape is checked by the parser, naming the file) */
  mapping: z.object({ name: z.string(), json: z.unknown() }).optional(),
  /** Meta4XNLI interpretation TSV: the gold metaphor role of every row, instead of the one the file's name says */
  relevance: z.enum(["relevant", "non-relevant", "none"]).optional(),
  /** CoNLL files read as an annotator's tags: store an I- tag that starts a chunk as B- (a warning each); default: as written */
  repairBio: z.boolean().optional(),
});
export type TImportOptions = z.infer<typeof ZImportOptions>;

export interface ImportPreview {
  segments: { id: string; text: string; mrws: string[]; line?: number }[];
  translations: { segment: string; system: string; text: string }[];
  annotations: { annotator: string; segment: string; field: string; value: string }[];
}

export interface ImportCounts {
  documents: number;
  segments: number;
  mrws: number;
  translations: number;
  alignments: number;
  annotations: number;
  errorSpans: number;
  postEdits: number;
  /** imported automatic metric scores (issue 19) */
  metricScores: number;
  /** parallel keys shared by two or more segments (EN/ES pairs: lib/import/parallel-pairs.ts) */
  pairs: number;
}

export interface ImportOutcome {
  file: string;
  format: Exclude<TImportFormat, "auto"> | null;
  /** true when nothing was stored (dry run, or refused) */
  dryRun: boolean;
  ok: boolean;
  counts: ImportCounts;
  annotators: LoadImportSummary["annotators"];
  errors: ImportIssue[];
  warnings: ImportIssue[];
  preview: ImportPreview;
}

/** The project's scheme in force and its field ids; null when it stores none (a project of an earlier release not moved yet). */
async function storedScheme(pool: Pool, projectId: string): Promise<{ definition: TSchemeDefinition; fieldIds: string[] } | null> {
  const r = await pool.query<{ definition: unknown }>(`SELECT definition FROM "ProjectScheme" WHERE "projectId" = $1 ORDER BY version DESC LIMIT 1`, [projectId]);
  const parsed = ZSchemeDefinition.safeParse(r.rows[0]?.definition);
  if (!parsed.success) return null;
  return { definition: parsed.data, fieldIds: schemeFieldIds(parsed.data) };
}

/**
 * A parsed MetaHOPE workbook as the project stores it: fitted to the project's stored scheme
 * (lib/import/metahope-workbook-for-scheme.ts: the "Human Gold Standard" column goes to the
 * scheme's reference post-edit field where it has one). Every project has a stored scheme; one whose
 * scheme cannot be read gets the workbook as parsed, and the value checks name what does not fit.
 * Also used by scripts/e2e-metahope-fixture.ts.
 */
export async function metahopeWorkbookForProject(pool: Pool, projectId: string, fileName: string, result: ImportResult): Promise<ImportResult> {
  const own = await storedScheme(pool, projectId);
  return own ? metahopeWorkbookForScheme(fileName, result, own.definition) : result;
}

export function resolveFormat(fileName: string, content: Buffer, format: TImportFormat): Exclude<TImportFormat, "auto"> | null {
  if (format !== "auto") return format;
  if (/\.xlsx$/i.test(fileName)) return "metahope-xlsx";
  return detectFormat(fileName, content);
}

export async function parseImportFile(
  pool: Pool,
  project: { id: string; sourceLang: string; targetLang: string },
  fileName: string,
  content: Buffer,
  options: TImportOptions,
): Promise<{ format: Exclude<TImportFormat, "auto"> | null; result: ImportResult }> {
  const format = resolveFormat(fileName, content, options.format);
  const activePos = await getActivePos(pool, project.id);
  const own = await storedScheme(pool, project.id);
  const ownFields = own?.fieldIds ?? null;
  if (format === "metahope-xlsx") {
    // in a worker thread, after the workbook's unpacked size and cell count are checked: ExcelJS
    // would otherwise hold the event loop (and gigabytes) for as long as a large workbook takes
    const result = withFieldLimits(fileName, await parseMetahopeXlsxOffThread(fileName, content, {
      annotator: options.annotator,
      sourceLang: options.sourceLang,
      targetLang: options.targetLang,
    }));
    // the workbook parser marks content words active; apply the project's choice instead
    for (const d of result.documents) for (const s of d.segments) for (const m of s.mrws) if (m.rawPos) m.active = activePos.includes(m.pos);
    return { format, result: await metahopeWorkbookForProject(pool, project.id, fileName, result) };
  }
  if (options.relevance && format !== "meta4xnli-nli") {
    return { format, result: { ...emptyImportResult(), errors: [{ file: fileName, field: "relevance", message: `--relevance applies to Meta4XNLI interpretation files (format meta4xnli-nli), not to ${format ?? "an unrecognised"} files` }] } };
  }
  // off the event loop for a large file, with the per-field size limits (issue 27, point 8)
  const result = await parseFileOffThread(fileName, content, {
    format: (format ?? "auto") as FormatName | "auto",
    relevance: options.relevance,
    system: options.system,
    sourceLang: options.sourceLang ?? project.sourceLang,
    targetLang: options.targetLang ?? project.targetLang,
    encoding: options.encoding,
    activePos,
    scheme: own?.definition ?? null,
    mapping: options.mapping ?? null,
    // tabular annotation files: only registry fields with their closed value sets; a project that
    // runs its own scheme takes its fields, and the loader checks each value against the scheme
    ...(ownFields ? { allowedFields: ownFields, allowedValues: {}, jsonValues: true } : tabularAnnotationAllowList()),
  });
  // CoNLL tags as one annotator's values (`--annotator`): matched to the project's sentences
  if (format === "conll" && options.annotator && result.errors.length === 0) return { format, result: await conllForAnnotator(pool, project.id, fileName, options.annotator, result, options.repairBio ?? false) };
  return { format, result };
}

/**
 * Two sentence-parallel CoNLL files read together (`tropos import en/x.tsv es/x.tsv --parallel`):
 * two documents, sentence n of each sharing one `parallel` key (lib/import/parse-conll.ts). Each
 * file's language is `langs`, else an `en/`-style directory in its path; refused (naming the
 * line) when the sentence counts differ.
 */
export function parseParallelConll(a: { name: string; content: Buffer }, b: { name: string; content: Buffer }, options: Pick<TImportOptions, "encoding"> & { langs?: [string, string] }): ImportResult {
  const [langA, langB] = options.langs ?? [inferLanguageFromPath(a.name), inferLanguageFromPath(b.name)];
  return parseConllParallel(a.name, a.content, b.name, b.content, { langA, langB, encoding: options.encoding });
}

/** A CoNLL file read as `annotator`'s tags of the project scheme's BIO tags field (lib/import/conll-as-annotator.ts). */
async function conllForAnnotator(pool: Pool, projectId: string, fileName: string, annotator: string, parsed: ImportResult, repairBio: boolean): Promise<ImportResult> {
  const r = await pool.query<{ definition: unknown }>(`SELECT definition FROM "ProjectScheme" WHERE "projectId" = $1 ORDER BY version DESC LIMIT 1`, [projectId]);
  const def = ZSchemeDefinition.safeParse(r.rows[0]?.definition);
  const field = def.success ? def.data.fields.find((f) => f.kind === "tags" && f.bio) : undefined;
  if (!field || field.kind !== "tags") {
    return { ...parsed, documents: [], annotations: [], errors: [{ file: fileName, message: "--annotator with a CoNLL file needs a project whose scheme has a BIO tags field (e.g. the meta4xnli preset's metaphor)" }] };
  }
  const segments = await pool.query<{ externalId: string; text: string }>(`SELECT "externalId", text FROM "Segment" WHERE "projectId" = $1 ORDER BY "externalId"`, [projectId]);
  const byText = new Map<string, string>();
  for (const s of segments.rows) if (!byText.has(s.text)) byText.set(s.text, s.externalId);
  return conllAsAnnotator(parsed, { fileName, annotator, field: field.id, tag: String(field.tags[0].value), segmentByText: byText, repairBio });
}

export function countsOf(r: ImportResult): ImportCounts {
  const segs = r.documents.flatMap((d) => d.segments);
  return {
    documents: r.documents.length,
    segments: segs.length,
    mrws: segs.reduce((n, s) => n + s.mrws.length, 0),
    translations: r.translations.length,
    alignments: r.alignments.length,
    annotations: r.annotations.length,
    errorSpans: r.errorSpans.length,
    postEdits: r.postEdits.length,
    metricScores: r.metricScores?.length ?? 0,
    pairs: countPairs(r),
  };
}

/**
 * The first rows of a file as its answer shows them: PREVIEW_ROWS of each kind, every string cut to
 * PREVIEW_TEXT_CHARS (lib/import/answer-limits.ts), so no answer echoes a file's texts whole.
 */
export function previewOf(r: ImportResult, rows = PREVIEW_ROWS): ImportPreview {
  const segments: ImportPreview["segments"] = [];
  outer: for (const d of r.documents)
    for (const s of d.segments) {
      if (segments.length >= rows) break outer;
      segments.push({ id: clipText(s.externalId), text: clipText(s.text), mrws: s.mrws.slice(0, rows).map((m) => clipText(m.token)), line: s.line });
    }
  return {
    segments,
    translations: r.translations.slice(0, rows).map((t) => ({ segment: clipText(t.segmentId), system: clipText(t.system), text: clipText(t.text) })),
    annotations: r.annotations.slice(0, rows).map((a) => ({ annotator: clipText(a.annotator), segment: clipText(a.segmentId), field: clipText(a.field), value: clipText(typeof a.value === "string" ? a.value : JSON.stringify(a.value)) })),
  };
}

/** An outcome's issues as the answer shows them: messages clipped (they may quote the file). */
const shown = (issues: ImportIssue[]) => issues.map(clipIssue);

/** The raters as the answer shows them: the first PREVIEW_RATERS, names clipped (a name is the file's). */
const shownRaters = (raters: LoadImportSummary["annotators"]) => raters.slice(0, PREVIEW_RATERS).map((r) => ({ ...r, name: clipText(r.name) }));

/**
 * Parses and loads one file. Never throws for bad input: parse errors and the loader's
 * reference errors come back in `errors` with `ok: false` (nothing stored). Other failures
 * (database down) propagate.
 */
export async function importFile(
  pool: Pool,
  opts: {
    project: { id: string; sourceLang: string; targetLang: string };
    actorId?: string | null;
    fileName: string;
    content: Buffer;
    options: TImportOptions;
    dryRun: boolean;
  },
): Promise<ImportOutcome> {
  const { format, result } = await parseImportFile(pool, opts.project, opts.fileName, opts.content, opts.options);
  const base = { file: opts.fileName, format, preview: previewOf(result), warnings: shown(result.warnings) };
  if (result.errors.length) {
    return { ...base, dryRun: true, ok: false, counts: countsOf(result), annotators: [], errors: shown(result.errors) };
  }
  try {
    const summary = await loadImport(pool, { projectId: opts.project.id, actorId: opts.actorId, fileName: opts.fileName, result, dryRun: opts.dryRun });
    return {
      ...base,
      dryRun: opts.dryRun,
      ok: true,
      counts: {
        documents: summary.documents,
        segments: summary.segments,
        mrws: summary.mrws,
        translations: summary.translations,
        alignments: summary.alignments,
        annotations: summary.annotations,
        errorSpans: summary.errorSpans,
        postEdits: summary.postEdits,
        metricScores: summary.metricScores,
        pairs: countPairs(result),
      },
      annotators: shownRaters(summary.annotators),
      errors: [],
    };
  } catch (e) {
    if (isAppError(e) && e.code === "UNPROCESSABLE") {
      const detail = e.detail as { errors?: ImportIssue[] } | undefined;
      return { ...base, dryRun: true, ok: false, counts: countsOf(result), annotators: [], errors: shown(detail?.errors ?? [{ file: opts.fileName, message: e.message }]) };
    }
    throw e;
  }
}

/** One line per issue: `file:line (column/field): message`. */
export function formatIssue(i: ImportIssue): string {
  const where = [i.line !== undefined ? `:${i.line}` : "", i.column !== undefined && i.column !== i.field ? ` column ${i.column}` : "", i.field ? ` (${i.field})` : ""].join("");
  return `${i.file}${where}: ${i.message}`;
}

/**
 * Several files as one import: every file is parsed and validated before anything is stored;
 * if any has errors none is stored. Then each file is loaded in its own transaction (a dry run
 * validates references too, and rolls back).
 */
export async function importFiles(
  pool: Pool,
  opts: {
    project: { id: string; sourceLang: string; targetLang: string };
    actorId?: string | null;
    files: { name: string; content: Buffer }[];
    options: TImportOptions;
    dryRun: boolean;
  },
): Promise<ImportOutcome[]> {
  const parsed = [];
  for (const f of opts.files) parsed.push({ f, ...(await parseImportFile(pool, opts.project, f.name, f.content, opts.options)) });
  const anyErrors = parsed.some((p) => p.result.errors.length > 0);
  const outcomes: ImportOutcome[] = [];
  let failed = anyErrors;
  for (const p of parsed) {
    const base = { file: p.f.name, format: p.format, preview: previewOf(p.result), warnings: shown(p.result.warnings), annotators: [] as LoadImportSummary["annotators"] };
    if (failed) {
      // nothing is stored once any file failed, so every outcome is "not ok"
      outcomes.push({ ...base, dryRun: true, ok: false, counts: countsOf(p.result), errors: shown(p.result.errors) });
      continue;
    }
    try {
      const s = await loadImport(pool, { projectId: opts.project.id, actorId: opts.actorId, fileName: p.f.name, result: p.result, dryRun: opts.dryRun });
      outcomes.push({
        ...base,
        dryRun: opts.dryRun,
        ok: true,
        counts: { documents: s.documents, segments: s.segments, mrws: s.mrws, translations: s.translations, alignments: s.alignments, annotations: s.annotations, errorSpans: s.errorSpans, postEdits: s.postEdits, metricScores: s.metricScores, pairs: countPairs(p.result) },
        annotators: shownRaters(s.annotators),
        errors: [],
      });
    } catch (e) {
      if (!(isAppError(e) && e.code === "UNPROCESSABLE")) throw e;
      failed = true;
      const errors = (e.detail as { errors?: ImportIssue[] } | undefined)?.errors ?? [{ file: p.f.name, message: e.message }];
      outcomes.push({ ...base, dryRun: true, ok: false, counts: countsOf(p.result), errors: shown(errors) });
    }
  }
  return outcomes;
}
