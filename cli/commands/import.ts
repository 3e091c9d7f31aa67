// tropos import <file…> --project <slug> [--format …] [--system NAME] [--source-lang xx --target-lang yy]
//                [--annotator NAME] [--as-suggestions [--model NAME]] [--relevance …] [--parallel [--langs a,b]]
//                [--mapping FILE] [--encoding latin1] [--repair-bio] [--dry-run] [--json]
import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { IMPORT_FORMATS, ZImportOptions, formatIssue, parseImportFile, parseParallelConll, resolveFormat } from "@/lib/db/import/import-file";
import { streamsImport } from "@/lib/db/import/stream-threshold";
import { loadImportStream } from "@/lib/db/import/load-import-stream";
import { countPairs } from "@/lib/import/parallel-pairs";
import { importSuggestions, type TImportSuggestionsOutcome } from "@/lib/db/import/suggestions";
import { loadImport, type LoadImportSummary } from "@/lib/db/import/load-import";
import { warmDashboard } from "@/lib/db/reports/warm-dashboard";
import { isAppError } from "@/lib/errors";
import { emptyImportResult, type ImportIssue, type ImportResult } from "@/lib/import/types";
import { labelStudioPlanText } from "@/lib/import/label-studio-plan";
import type { TLabelStudioPlan } from "@/lib/import/parse-label-studio";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError } from "../cli-error";

export const IMPORT_HELP = `Usage: tropos import <file…> --project <slug> [options]

Imports corpus files, MT outputs, existing annotations or Tropos JSONL into a project.
All files are parsed and validated first; if any has an error nothing is stored.
Each file is then stored in one transaction; re-importing a file updates, never duplicates.
Tropos JSONL files of TROPOS_IMPORT_STREAM_MB megabytes (default 8) and more are read as a
stream and checked while they are stored, in bounded memory; with several files such a file is
checked first by a dry run (it is then read twice).
A project that runs its own scheme checks every value against it (field, anchor, value), e.g.
  corpus.jsonl:12 (meaning): "maybe" is not one of kept, literal, lost
Its JSONL segments may carry "texts" (by role) and "lists", its values a "role"; its annotations
files take the scheme's field ids, with structured values as JSON.

Options:
  --project <slug>       target project (required)
  --format <name>        ${IMPORT_FORMATS.join("|")} (default auto)
  --system <name>        MT system name for MT files without a system column
  --source-lang <xx>     language of the source segments (default: the project's)
  --target-lang <yy>     language of translations (default: the project's)
  --annotator <name>     whose MetaHOPE workbook this is (default: from the file name, …annotator-A.xlsx);
                         the email of an annotator of the project is that member; any other name
                         is the project's placeholder rater (no login). With a CoNLL file (also
                         --as-annotator): the file is that annotator's tags of the project's
                         sentences (matched by their tokens), for a scheme with a BIO tags field;
                         its tags are stored as written (an I-METAPHOR after O stays I-, a warning
                         each), so agreement counts the file's own labels
  --repair-bio           with --annotator and a CoNLL file: store an I- tag that starts a chunk as B-
                         instead (BIO repair, a warning per repaired token)
  --as-suggestions       the file holds a model's predictions, stored as that model's suggestions (never as an
                         annotator's values): a CoNLL detection file with --model <name> (tags of the scheme's
                         BIO tags field, sentences matched by their tokens), or Tropos JSONL lines
                         {"type":"suggestion","model":…,"segmentId":…,"system"?:…,"mrwId"?:…,"field":…,"value":…}
  --model <name>         whose predictions they are (letters, digits, '.', '_', '-'; a JSONL line's "model" may say it)
  --relevance <role>     Meta4XNLI interpretation TSV: the gold metaphor role of every row,
                         relevant|non-relevant|none (default: from the file's name, *_met relevant,
                         *_no_met none, *_nonrelevant non-relevant)
  --parallel             two CoNLL files that are translations of each other sentence by sentence
                         (Meta4XNLI en/x.tsv es/x.tsv): stored as two documents whose sentence n the
                         workspace shows side by side; refused when the sentence counts differ
  --langs <a,b>          with --parallel: the two files' languages (default: an en/ or es/ directory in
                         each path)
  --encoding <name>      declared fallback for legacy files: latin1 or cp1252 (default strict UTF-8)
  --mapping <file>       a Label Studio export's mapping onto the project's scheme (JSON: task data keys,
                         control → field; lib/import/label-studio-mapping.ts); with --dry-run the plan
                         of what lands where is printed
  --dry-run              validate everything, store nothing
  --json                 print a JSON summary on stdout (and no progress); \`pairs\` counts the parallel
                         versions linked (Meta4XNLI EN/ES pairs), \`warnings\` lists every warning as
                         {file, line, field, message} (without --json the first 20 go to stderr)
  --progress             progress lines on stderr even when it is not a terminal (default: only on one)
  -h, --help             this help

Exit codes: 0 stored (or valid with --dry-run), 1 invalid input (errors on stderr, one per line), 2 wrong usage, 3 database unavailable.`;

const ZArgs = ZImportOptions.extend({
  project: z.string({ error: "is required" }).min(1),
  format: z.enum(IMPORT_FORMATS, { error: `must be one of ${IMPORT_FORMATS.join(", ")}` }).default("auto"),
  "source-lang": z.string().optional(),
  "target-lang": z.string().optional(),
  "dry-run": z.boolean().default(false),
  "repair-bio": z.boolean().default(false),
  json: z.boolean().default(false),
  progress: z.boolean().default(false),
  "as-annotator": z.string().trim().min(1).optional(),
  "as-suggestions": z.boolean().default(false),
  model: z.string().trim().min(1).optional(),
  mapping: z.string().min(1).optional(),
  parallel: z.boolean().default(false),
  langs: z
    .string()
    .regex(/^[a-z]{2,3},[a-z]{2,3}$/, "two language codes, e.g. en,es")
    .transform((v) => v.split(",") as [string, string])
    .optional(),
  _: z.array(z.string()).min(1, "give at least one file to import"),
});

/** The first 8 KB of a file: what format detection reads (lib/import/detect-format.ts). */
async function readHead(file: string): Promise<Buffer> {
  const h = await open(file, "r");
  try {
    const buf = Buffer.alloc(8192);
    const { bytesRead } = await h.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await h.close();
  }
}

const sum = (a: Record<string, number>, b: Record<string, number>) => {
  for (const [k, v] of Object.entries(b)) a[k] = (a[k] ?? 0) + v;
};

export async function importCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs("import", argv, {
    project: { type: "string" },
    format: { type: "string" },
    system: { type: "string" },
    "source-lang": { type: "string" },
    "target-lang": { type: "string" },
    annotator: { type: "string" },
    "as-annotator": { type: "string" },
    "as-suggestions": { type: "boolean" },
    model: { type: "string" },
    mapping: { type: "string" },
    encoding: { type: "string" },
    relevance: { type: "string" },
    parallel: { type: "boolean" },
    langs: { type: "string" },
    "dry-run": { type: "boolean" },
    "repair-bio": { type: "boolean" },
    json: { type: "boolean" },
    progress: { type: "boolean" },
  }, ZArgs);
  if (help) {
    io.stdout.write(`${IMPORT_HELP}\n`);
    return 0;
  }
  if (a["as-suggestions"] && (a.annotator || a["as-annotator"])) throw new CliError("--as-suggestions stores a model's predictions; --annotator names a human annotator: give one of them", 2);
  if (a.model && !a["as-suggestions"]) throw new CliError("--model goes with --as-suggestions", 2);
  let mapping: { name: string; json: unknown } | undefined;
  if (a.mapping) {
    let text: string;
    try {
      text = await readFile(a.mapping, "utf8");
    } catch (e) {
      throw new CliError(`${a.mapping}: cannot read the mapping file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`, 1);
    }
    try {
      mapping = { name: path.basename(a.mapping), json: JSON.parse(text) };
    } catch (e) {
      throw new CliError(`${a.mapping}: the mapping is not JSON (${(e as Error).message}).`, 1);
    }
  }
  const options = ZImportOptions.parse({ format: a.format, system: a.system, sourceLang: a["source-lang"], targetLang: a["target-lang"], annotator: a.annotator ?? a["as-annotator"], encoding: a.encoding, mapping, relevance: a.relevance, repairBio: a["repair-bio"] });
  if (a.parallel && (a._.length !== 2 || !["auto", "conll"].includes(a.format) || options.annotator)) {
    throw new CliError("--parallel takes exactly two CoNLL files (e.g. en/meta4xnli_dev.tsv es/meta4xnli_dev.tsv) and no --annotator", 2);
  }
  if (a.langs && !a.parallel) throw new CliError("--langs goes with --parallel", 2);
  if (a["repair-bio"] && !options.annotator) throw new CliError("--repair-bio goes with --annotator (a CoNLL file of one annotator's tags)", 2);
  const files: { name: string; content: Buffer }[] = [];
  // Tropos JSONL files from TROPOS_IMPORT_STREAM_MB up are read as a stream while they are stored
  // (lib/db/import/load-import-stream.ts): only their first bytes are read here, to tell the format
  const streamed = new Set<string>();
  for (const f of a._) {
    try {
      if (!a["as-suggestions"] && !a.parallel) {
        const head = await readHead(f);
        if (streamsImport({ size: (await stat(f)).size, format: resolveFormat(path.basename(f), head, options.format), encoding: options.encoding })) {
          files.push({ name: f, content: head });
          streamed.add(f);
          continue;
        }
      }
      files.push({ name: f, content: await readFile(f) });
    } catch (e) {
      throw new CliError(`${f}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`, 1);
    }
  }
  if (a["as-suggestions"]) return importSuggestionFiles(files, { project: a.project, format: a.format, model: a.model, dryRun: a["dry-run"], json: a.json }, io);
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    const counts: Record<string, number> = { documents: 0, segments: 0, pairs: 0, mrws: 0, translations: 0, alignments: 0, annotations: 0, errorSpans: 0, postEdits: 0, adjudications: 0, goldReferences: 0, metricScores: 0 };
    const errors: ImportIssue[] = [];
    const warnings: ImportIssue[] = [];
    const parsed: { name: string; result: ImportResult; format: string | null; streamFrom?: string }[] = [];
    // progress on stderr for a person at a terminal (one line, rewritten); never with --json
    const tty = Boolean((io.stderr as NodeJS.WriteStream).isTTY);
    const showProgress = !a.json && (a.progress || tty);
    const started = Date.now();
    const progress = (line: string) => {
      if (!showProgress) return;
      const text = `[${Math.round((Date.now() - started) / 1000)} s] ${line}`;
      io.stderr.write(tty ? `\r\x1b[K${text}` : `${text}\n`);
    };
    const steps = a.parallel ? 2 : files.length * 2;
    let step = 0;
    // two parallel CoNLL files are read together, as one import (one transaction)
    if (a.parallel) {
      progress(`0/2 checking ${files.map((f) => path.basename(f.name)).join(" and ")}`);
      const result = parseParallelConll(files[0], files[1], { encoding: options.encoding, langs: a.langs });
      step += 1;
      errors.push(...result.errors);
      warnings.push(...result.warnings);
      parsed.push({ name: files.map((f) => path.basename(f.name)).join("+"), result, format: "conll" });
    }
    // validation first, for every file, before anything is stored
    for (const f of a.parallel ? [] : files) {
      progress(`${step}/${steps} checking ${path.basename(f.name)}`);
      if (streamed.has(f.name)) {
        // checked while it is stored; among several files it is checked first by a dry run, so
        // that an error in any file still stores none of them
        if (files.length > 1) {
          try {
            await loadImportStream(ctx.pool, { projectId: project.id, fileName: path.basename(f.name), input: createReadStream(f.name), dryRun: true });
          } catch (e) {
            if (!(isAppError(e) && e.code === "UNPROCESSABLE")) throw e;
            errors.push(...((e.detail as { errors?: ImportIssue[] })?.errors ?? [{ file: path.basename(f.name), message: e.message }]));
          }
        }
        step += 1;
        parsed.push({ name: path.basename(f.name), result: emptyImportResult(), format: "jsonl", streamFrom: f.name });
        continue;
      }
      const { format, result } = await parseImportFile(ctx.pool, project, path.basename(f.name), f.content, options);
      step += 1;
      errors.push(...result.errors);
      warnings.push(...result.warnings);
      parsed.push({ name: path.basename(f.name), result, format });
      // a Label Studio dry run shows what lands where before anything is stored
      const plan = (result as { plan?: TLabelStudioPlan }).plan;
      if (plan && a["dry-run"] && !a.json) io.stdout.write(labelStudioPlanText(path.basename(f.name), plan));
    }
    const stored: string[] = [];
    if (!errors.length) {
      for (const p of parsed) {
        try {
          const checkpoint = async (part: string) => progress(`${step}/${steps} ${a["dry-run"] ? "checking references of" : "storing"} ${p.name}: ${part}`);
          const s: LoadImportSummary & { pairs?: number } = p.streamFrom
            ? await loadImportStream(ctx.pool, { projectId: project.id, fileName: p.name, input: createReadStream(p.streamFrom), dryRun: a["dry-run"], checkpoint })
            : await loadImport(ctx.pool, { projectId: project.id, fileName: p.name, result: p.result, dryRun: a["dry-run"], checkpoint });
          step += 1;
          sum(counts, {
            documents: s.documents, segments: s.segments, pairs: s.pairs ?? countPairs(p.result), mrws: s.mrws, translations: s.translations, alignments: s.alignments,
            annotations: s.annotations, errorSpans: s.errorSpans, postEdits: s.postEdits, adjudications: s.adjudications, goldReferences: s.goldReferences, metricScores: s.metricScores,
          });
          if (s.adaptiveRaters) counts.adaptiveRaters = (counts.adaptiveRaters ?? 0) + s.adaptiveRaters;
          stored.push(p.name);
        } catch (e) {
          if (isAppError(e) && e.code === "UNPROCESSABLE") {
            errors.push(...((e.detail as { errors?: ImportIssue[] })?.errors ?? [{ file: p.name, message: e.message }]));
            break;
          }
          throw e;
        }
      }
    }
    if (showProgress) io.stderr.write(tty ? "\r\x1b[K" : "");
    if (a.json) {
      io.stdout.write(
        `${JSON.stringify({ ...counts, files: parsed.map((p) => ({ file: p.name, format: p.format })), stored: a["dry-run"] ? [] : stored, dryRun: a["dry-run"], errors, warnings: warnings.map(warningObject) }, null, 2)}\n`,
      );
    } else if (!errors.length) {
      io.stdout.write(
        `${a["dry-run"] ? "Valid (dry run, nothing stored)" : "Imported"}: ${counts.documents} documents, ${counts.segments} segments${counts.pairs ? ` (${counts.pairs} pairs)` : ""}, ${counts.mrws} MRWs, ${counts.translations} translations, ${counts.alignments} alignments, ${counts.annotations} annotations, ${counts.errorSpans} error spans, ${counts.postEdits} post-edits${counts.metricScores ? `, ${counts.metricScores} metric scores` : ""}${warnings.length ? ` (${warnings.length} warnings)` : ""}.\n${counts.adaptiveRaters ? `The adaptive rule assigned ${counts.adaptiveRaters} extra rater${counts.adaptiveRaters === 1 ? "" : "s"} where the imported finished work disagrees.\n` : ""}`,
      );
    }
    for (const e of errors) io.stderr.write(`${formatIssue(e).replace(/\s*\n\s*/g, " ")}\n`);
    if (!a.json) for (const line of warningLines(warnings)) io.stderr.write(`${line}\n`);
    if (errors.length && stored.length) io.stderr.write(`Stored before the failure: ${stored.join(", ")}; the failing file stored nothing.\n`);
    // then the project's reports read, computed and stored (as a browser import does after answering), so
    // that the lead's next dashboard view, on any server, is not a full read
    if (stored.length && !a["dry-run"]) await warmDashboard(ctx.db, project.id);
    return errors.length ? 1 : 0;
  });
}

/** How many warnings text mode prints; `--json` gives them all. */
export const SHOWN_WARNINGS = 20;

/**
 * Warnings as text, one a line (`warning: file:line (field): message`), the first SHOWN_WARNINGS
 * and then how many more: a count alone ("(1 warnings)") left a lead guessing what was read
 * differently from the file (issue 30.4).
 */
export function warningLines(warnings: ImportIssue[]): string[] {
  const lines = warnings.slice(0, SHOWN_WARNINGS).map((w) => `warning: ${formatIssue(w).replace(/\s*\n\s*/g, " ")}`);
  if (warnings.length > SHOWN_WARNINGS) lines.push(`… and ${warnings.length - SHOWN_WARNINGS} more warnings (--json lists them all)`);
  return lines;
}

/** A warning in `--json`: always the same keys, `null` where the warning has no line or field. */
function warningObject(w: ImportIssue): { file: string; line: number | null; column?: number | string; field: string | null; message: string } {
  return { file: w.file, line: w.line ?? null, ...(w.column !== undefined ? { column: w.column } : {}), field: w.field ?? null, message: w.message };
}

/**
 * `--as-suggestions`: every file checked first (nothing stored when any has an error), then each
 * stored in its own transaction (lib/db/import/suggestions.ts).
 */
async function importSuggestionFiles(
  files: { name: string; content: Buffer }[],
  a: { project: string; format: string; model?: string; dryRun: boolean; json: boolean },
  io: CliIo,
): Promise<number> {
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    const run = (dryRun: boolean) =>
      Promise.all(files.map((f) => importSuggestions(ctx.pool, ctx.db, { project, fileName: path.basename(f.name), content: f.content, format: a.format, model: a.model, dryRun })));
    let outcomes: TImportSuggestionsOutcome[] = await run(true);
    const errors = outcomes.flatMap((o) => o.errors);
    if (!errors.length && !a.dryRun) {
      outcomes = [];
      for (const f of files) outcomes.push(await importSuggestions(ctx.pool, ctx.db, { project, fileName: path.basename(f.name), content: f.content, format: a.format, model: a.model, dryRun: false }));
    }
    if (a.json) {
      ctx.stdout.write(`${JSON.stringify({ files: outcomes.map((o) => ({ file: o.file, format: o.format, models: o.models, suggestions: o.suggestions })), dryRun: a.dryRun, errors }, null, 2)}\n`);
    } else if (!errors.length) {
      for (const o of outcomes) {
        const who = o.models.map((m) => `${m.suggestions} of ${m.name}${m.created ? " (new imported model)" : ""}`).join(", ");
        ctx.stdout.write(`${a.dryRun ? "Valid (dry run, nothing stored)" : "Imported"}: ${o.file}: ${o.suggestions} suggestions (${who}).\n`);
      }
    }
    for (const e of errors) ctx.stderr.write(`${formatIssue(e).replace(/\s*\n\s*/g, " ")}\n`);
    return errors.length ? 1 : 0;
  });
}
