import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { findColumn } from "@/lib/import/read-delimited";
import { checkWidth, readTable } from "@/lib/import/table-input";
import { emptyImportResult, type ImportedDocument, type ImportResult } from "@/lib/import/types";

/**
 * Meta4XNLI interpretation files (../shared/data/real/meta4xnli/SOURCE.md, "Interpretation
 * format"): TSV `language gold_label sentence1 sentence2 promptID pairID genre source_dataset`,
 * both languages in one file. One item per row: the premise (`sentence1`) is the item's text and,
 * with the hypothesis, its texts by role (`premise`, `hypothesis`: the meta4xnli preset's role
 * fields). The EN and ES rows of a `pairID` are one document (`m4x:pair:<pairID>`), so the two
 * languages of a pair sit side by side; its segments are `m4x:<pairID>:<language>`, the ES row first
 * as in the files. Item lists: `gold_label` (the preset's inference gold), `relevance` (the gold
 * metaphor role, known only from the file's name: `*_met` relevant, `*_no_met` none,
 * `*_nonrelevant` non-relevant; `relevance` in the options overrides), and `genre`,
 * `source_dataset`, `promptID`, `pairID` as metadata, and `parallel` (`m4x:<pairID>`), the key
 * the workspace shows an item's other language by. A pairID with more than one row per
 * language, or an unknown label, is an error naming the line.
 */
export interface ParseMeta4xnliNliOptions extends CommonParseOptions {
  relevance?: "relevant" | "non-relevant" | "none";
}

const COLUMNS = ["language", "gold_label", "sentence1", "sentence2", "promptid", "pairid", "genre", "source_dataset"] as const;
const LABELS = new Set(["entailment", "neutral", "contradiction"]);

/** The gold metaphor role a Meta4XNLI interpretation file stands for, from its name. */
export function relevanceOfFileName(fileName: string): "relevant" | "non-relevant" | "none" | null {
  const base = fileName.toLowerCase().replace(/\.[a-z]+$/, "");
  if (base.endsWith("_nonrelevant")) return "non-relevant";
  if (base.endsWith("_no_met")) return "none";
  if (base.endsWith("_met")) return "relevant";
  return null;
}

export function parseMeta4xnliNli(fileName: string, content: ImportContent, options: ParseMeta4xnliNliOptions = {}): ImportResult {
  const { input, sink } = readTable(fileName, content, { encoding: options.encoding, delimiter: "\t", quoting: "none" });
  if (!input) return sink.finish(emptyImportResult());
  const col = Object.fromEntries(COLUMNS.map((c) => [c, findColumn(input.header, [c])])) as Record<(typeof COLUMNS)[number], number>;
  const missing = COLUMNS.filter((c) => col[c] < 0);
  if (missing.length) {
    sink.error(input.headerLine, `missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (a Meta4XNLI interpretation file has ${COLUMNS.join(", ")})`);
    return sink.finish(emptyImportResult());
  }
  const relevance = options.relevance ?? relevanceOfFileName(fileName);
  if (!relevance) sink.warn(undefined, `the file's name does not say which subset it is (*_met, *_no_met, *_nonrelevant): no gold metaphor role is stored`);
  const result = emptyImportResult();
  const docs = new Map<string, ImportedDocument>();
  const seen = new Map<string, number>();
  for (const row of input.rows) {
    if (sink.full) break;
    if (row.fields.length === 1 && row.fields[0].trim() === "") continue;
    if (!checkWidth(row, input.header.length, sink)) continue;
    const f = (c: (typeof COLUMNS)[number]) => row.fields[col[c]].trim();
    const language = f("language").toLowerCase();
    const label = f("gold_label");
    const pairId = f("pairid");
    if (!/^[a-z]{2,3}$/.test(language)) sink.error(row.line, `language "${f("language")}" is not a language code (es, en)`, "language", "language");
    else if (!LABELS.has(label)) sink.error(row.line, `gold_label "${label}" is not entailment, neutral or contradiction`, "gold_label", "gold_label");
    else if (!pairId) sink.error(row.line, "pairID is empty", "pairID", "pairID");
    else if (!f("sentence1") || !f("sentence2")) sink.error(row.line, `sentence${f("sentence1") ? 2 : 1} is empty`, f("sentence1") ? "sentence2" : "sentence1", f("sentence1") ? "sentence2" : "sentence1");
    else {
      const key = `${pairId}\u0000${language}`;
      if (seen.has(key)) {
        sink.error(row.line, `pair ${pairId} already has a ${language} row (line ${seen.get(key)})`, "pairID", "pairID");
        continue;
      }
      seen.set(key, row.line);
      let doc = docs.get(pairId);
      if (!doc) {
        doc = { externalId: `m4x:pair:${pairId}`, title: pairId, language, genre: f("genre") || undefined, segments: [] };
        docs.set(pairId, doc);
      }
      doc.segments.push({
        externalId: `m4x:${pairId}:${language}`,
        index: doc.segments.length,
        text: row.fields[col.sentence1],
        language,
        metaphorical: relevance !== "none",
        mrws: [],
        texts: { premise: row.fields[col.sentence1], hypothesis: row.fields[col.sentence2] },
        lists: {
          gold_label: label,
          ...(relevance ? { relevance } : {}),
          genre: f("genre"),
          source_dataset: f("source_dataset"),
          promptID: f("promptid"),
          pairID: pairId,
          // the EN and ES rows of a pair are versions of one item (lib/db/workspace/parallel-versions.ts)
          parallel: `m4x:${pairId}`,
        },
        line: row.line,
      });
    }
  }
  result.documents = [...docs.values()];
  for (const d of result.documents) if (d.segments.length < 2) sink.warn(d.segments[0].line, `pair ${d.title} has only a ${d.segments[0].language} row`);
  return sink.finish(result);
}
