/**
 * Guesses the import format from the file name and the first bytes.
 * Returns null when nothing fits (the UI then asks the user). Header sniffing
 * looks at the first line only, after a BOM; no full decode is needed.
 */
export type FormatName = "moh" | "vuamc" | "psucmc" | "conll" | "mt" | "annotations" | "jsonl" | "chid" | "meta4xnli-nli" | "metrics" | "mqm" | "label-studio";

export const FORMAT_NAMES: readonly FormatName[] = ["moh", "vuamc", "psucmc", "conll", "mt", "annotations", "jsonl", "chid", "meta4xnli-nli", "metrics", "mqm", "label-studio"];

export function detectFormat(fileName: string, content: Buffer | Uint8Array | string): FormatName | null {
  const head = headText(content);
  const firstLine = (head.split("\n")[0] ?? "").replace(/\r$/, "");
  const lower = fileName.toLowerCase();
  // ChID cloze lines (lib/import/parse-chid.ts), published as .json or .txt with one object per line
  if (/^\s*\{/.test(firstLine) && /"groundTruth"\s*:/.test(firstLine) && /"candidates"\s*:/.test(firstLine) && /"content"\s*:/.test(firstLine)) return "chid";
  // a Label Studio JSON export: an array of tasks with data and annotations or predictions
  if (/^\s*\[\s*\{/.test(head) && /"data"\s*:/.test(head) && /"(annotations|predictions)"\s*:/.test(head)) return "label-studio";
  // metric scores (lib/import/parse-metric-scores.ts): {segmentId, system, [language], metric, value} per line
  if (/^\s*\{/.test(firstLine) && /"metric"\s*:/.test(firstLine) && /"segmentId"\s*:/.test(firstLine) && /"value"\s*:/.test(firstLine) && !/"type"\s*:\s*"(?!metric")/.test(firstLine)) return "metrics";
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) {
    return /"type"\s*:\s*"(document|segment|mrw|translation|alignment|annotation|errorSpan|postEdit|adjudication|goldReference)"/.test(firstLine) ? "jsonl" : "mt";
  }
  if (lower.endsWith(".conll") || lower.endsWith(".bio")) return "conll";
  const cells = firstLine.split(firstLine.includes("\t") ? "\t" : ",").map((c) => c.trim().replace(/^"|"$/g, "").toLowerCase());
  const has = (...names: string[]) => names.every((n) => cells.includes(n));
  // CoNLL: `token<TAB>tag` with a BIO tag in the second column and no header
  if (cells.length === 2 && /^(O|B-[A-Z]+|I-[A-Z]+)$/.test(firstLine.split("\t")[1] ?? "")) return "conll";
  if (has("words_label") || (has("sent_txt", "metaphor_seq"))) return "psucmc";
  if (has("word", "wordcat") || has("word", "metaphor", "lemma") || has("txt_id", "sentence_txt") || has("id", "sentence", "word", "label") || has("text_idx", "sentence_idx", "verb_idx") || has("txt_id", "sen_ix", "label_seq") || (has("index", "label", "sentence", "pos") && (has("w_index") || has("numofmetaphor")))) return "vuamc";
  if (has("term", "sense", "sentence", "class") || has("verb", "sentence", "verb_idx", "label") || has("index", "label", "sentence", "pos", "v_index")) return "moh";
  if (has("language", "gold_label", "sentence1", "sentence2", "promptid", "pairid")) return "meta4xnli-nli";
  // MQM errors: the WMT release's nine columns, or Marot's with docSegId/globalSegId and metadata
  if (has("system", "doc", "rater", "source", "target", "category", "severity") && (has("doc_id", "seg_id") || has("docsegid", "globalsegid"))) return "mqm";
  if (has("annotator", "field", "value")) return "annotations";
  if ((has("segmentid") || has("segment_id")) && has("system", "metric") && (has("value") || has("score"))) return "metrics";
  if ((has("segment_id") || has("doc_id", "seg_index") || has("segmentid")) && (has("translation") || has("system"))) return "mt";
  if (cells.includes("sentence") && (cells.includes("label") || cells.includes("class")) && /@[^@\s][^@]*@/.test(head)) return "moh";
  return null;
}

function headText(content: Buffer | Uint8Array | string): string {
  if (typeof content === "string") return content.slice(0, 8192).replace(/^\uFEFF/, "");
  const bytes = content instanceof Uint8Array ? content : new Uint8Array(content);
  let slice = bytes.subarray(0, 8192);
  if (slice[0] === 0xef && slice[1] === 0xbb && slice[2] === 0xbf) slice = slice.subarray(3);
  return new TextDecoder("utf-8", { fatal: false }).decode(slice);
}
