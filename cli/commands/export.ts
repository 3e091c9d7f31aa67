// tropos export --project <slug> --what … --format … [--annotator EMAIL | --adjudicated] [--out FILE]
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { z } from "zod";
import { EXPORT_WHATS, LABEL_STUDIO_COMPANIONS, ZExportFormat, ZExportWhat, exportFile } from "@/lib/db/export/stream";
import { resolveTagsSource } from "@/lib/db/export/conll";
import { isAppError } from "@/lib/errors";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError } from "../cli-error";

export const EXPORT_HELP = `Usage: tropos export --project <slug> --what <what> --format <format> [--annotator EMAIL | --adjudicated] [--out FILE]

Streams an export (memory stays flat for millions of rows).
  --what     ${EXPORT_WHATS.join("|")}
             gold: gold references with provenance; annotations: every annotator's values with ids;
             adjudicated: final labels; errors: MetaHOPE errors as MQM-style rows;
             agreement: agreement figures (every field of a project's own scheme from its level, accuracy against gold;
                        models' accuracy and tags precision/recall/F1 as rows with rater "model");
             scores: MetaHOPE/MMTE score tables (with imported metric columns), or a scheme's analyses: EMOS rows (per
             translation, system, document, model; Pearson r) and CR-ST rows (table accuracy by subset per annotator,
             mean and model, agreement, confusion); JSON/JSONL rows carry only their own keys (lib/reports/scheme-score-rows.ts);
             suggestions: model suggestions and failures with provenance (tropos suggest, imported predictions);
             suggestion-decisions: annotators' decisions (accepted/edited/rejected) on suggestions shown in the workspace;
             model-agreement: each model's Cohen's κ and exact agreement with each annotator, α with and without it, accuracy against gold;
             tags: token tags as CoNLL (token<TAB>tag, a blank line after each sentence): the corpus's as imported
               (byte for byte), or with --annotator EMAIL that annotator's tags of the sentences they tagged,
               or with --adjudicated the decided tags (the scheme's BIO tags field, e.g. meta4xnli's metaphor);
             nli: the Meta4XNLI interpretation pairs in their TSV format (the input's columns), gold_label the
               adjudicated inference label where one was decided, else the imported one;
             project: the full project as Tropos JSONL (re-importable with \`tropos import\`)
             backup: the same file as \`tropos backup\` (restorable with \`tropos restore\`)
  --format   tsv|csv|json|jsonl|conll|mqm|marot|label-studio|label-studio-config|label-studio-mapping (project, backup: jsonl only;
             tags: conll only; nli: tsv only; mqm, marot: errors only;
             label-studio: annotations only, a project's own scheme: Label Studio tasks with a tropos:<annotator> prediction each
             (spans with their attributes, e.g. MQM severity, as per-region choices); with --out x.json also writes
             x.config.xml (the labelling config, also --format label-studio-config) and x.mapping.json (the mapping that
             imports Label Studio's export back, also --format label-studio-mapping).
             CSV/TSV tables protect their cells against formula injection; the corpus formats (tags, nli, mqm, marot) write them as stored.
             errors --format mqm: the WMT MQM release's 9 columns with <v> spans, one row per error, No-error rows for
             translations rated without errors; --format marot: Marot's 10 columns with its metadata JSON.
  --out      file to write (default: stdout)
  -h, --help this help`;

const ZArgs = z.object({
  project: z.string({ error: "is required" }).min(1),
  what: ZExportWhat,
  format: ZExportFormat,
  out: z.string().min(1).optional(),
  annotator: z.string().trim().min(1).optional(),
  adjudicated: z.boolean().default(false),
  _: z.array(z.string()).max(0, "export takes no positional arguments"),
});

export async function writeLines(lines: AsyncIterable<string>, target: NodeJS.WritableStream): Promise<number> {
  let bytes = 0;
  for await (const chunk of lines) {
    bytes += Buffer.byteLength(chunk);
    if (!target.write(chunk)) await once(target, "drain");
  }
  return bytes;
}

export async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: a, help } = parseCommandArgs("export", argv, { project: { type: "string" }, what: { type: "string" }, format: { type: "string" }, out: { type: "string" }, annotator: { type: "string" }, adjudicated: { type: "boolean" } }, ZArgs);
  if (help) {
    io.stdout.write(`${EXPORT_HELP}\n`);
    return 0;
  }
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    let file;
    try {
      if (a.what !== "tags" && (a.annotator || a.adjudicated)) throw new CliError("--annotator and --adjudicated go with --what tags", 2);
      const tags = a.what === "tags" ? await resolveTagsSource(ctx.db, project.id, { annotator: a.annotator, adjudicated: a.adjudicated }) : undefined;
      file = exportFile(ctx.pool, ctx.db, project, a.what, a.format, { tags });
    } catch (e) {
      if (isAppError(e) && e.code === "NOT_FOUND") throw new CliError(e.message, 1);
      if (isAppError(e)) throw new CliError(e.message, 2);
      throw e;
    }
    if (!a.out) {
      await writeLines(file.lines, ctx.stdout);
      return 0;
    }
    const write = async (lines: AsyncIterable<string>, to: string) => {
      const out = createWriteStream(to);
      try {
        const bytes = await writeLines(lines, out);
        out.end();
        await once(out, "finish");
        ctx.stdout.write(`Wrote ${bytes} bytes to ${to}.\n`);
      } catch (e) {
        out.destroy();
        throw e;
      }
    };
    await write(file.lines, a.out);
    // Label Studio needs its labelling config too, and the way back needs the mapping: beside the tasks
    if (a.format === "label-studio") {
      const stem = a.out.replace(/\.json$/i, "");
      for (const c of LABEL_STUDIO_COMPANIONS) await write(exportFile(ctx.pool, ctx.db, project, a.what, c.format).lines, `${stem}${c.suffix}`);
    }
    return 0;
  });
}
