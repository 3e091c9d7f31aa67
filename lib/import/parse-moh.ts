import { contentHash, fileSlug } from "@/lib/import/content-id";
import { failedResult } from "@/lib/import/issues";
import { posInfo } from "@/lib/import/normalise-pos";
import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { findColumn } from "@/lib/import/read-delimited";
import { checkWidth, readTable } from "@/lib/import/table-input";
import { whitespaceTokens } from "@/lib/import/text-spans";
import { emptyImportResult, type ImportedDocument, type ImportedSegment, type ImportResult } from "@/lib/import/types";

/**
 * MOH / MMTE sentence files: one target word per sentence plus a
 * literal/metaphorical label. The target is found, per row, in this order:
 * 1. `<b>word</b>` inline (original MOH release, Data-metaphoric-or-literal.txt),
 * 2. `@word@` inline (SPEC §5, MMTE style),
 * 3. a 0-based index into the whitespace split of the sentence
 *    (`verb_idx` in MOH-X / MOH_formatted, `v_index` / `w_index` in MelBERT).
 * Markers are removed from the stored text; index-based rows keep the cell
 * byte-exact (MOH-X's leading space included).
 *
 * Variants and ids (prefixes differ so two forms of the same corpus never collide):
 * - `term,sense,sentence,class,confidence` → `moh:<sense>` (sense keys are unique); the
 *   two trailing summary lines (`Number of terms: …`) are skipped with a warning.
 * - `arg1,arg2,verb,sentence,verb_idx,label` → `moh-x:<hash(arg1, verb, sentence)>:t<idx+1>`
 *   (the same sentence and verb occur twice with different arguments).
 * - `verb,sentence,verb_idx,label` → `moh-fmt:<hash(sentence)>:t<idx+1>`.
 * - `index,label,sentence,pos,v_index` (MelBERT) → `moh-melbert:<index>`.
 * - anything else with a sentence and a label column → `mmte:<id>` when an
 *   `id` column exists, else `mmte:<hash(sentence)>`.
 * A row repeated verbatim is skipped with a warning (MOH_formatted.csv has
 * one); the same id with different content is a duplicate error.
 * The MRW id is `<segment id>:mrw`. All rows of a file go into one document,
 * `<prefix>:doc:<file slug>` (the sentences are independent; there is no
 * better grouping in the files). MOH targets are verbs, so the MRW POS is VERB
 * unless a POS column says otherwise. The WordNet sense key, when present, is kept
 * as the MRW gloss.
 */
export type ParseMohOptions = CommonParseOptions;

/**
 * A file form (above): its id prefix, where a row's segment id comes from (a column: `sense` or
 * `id`, `id?` when the column may be absent or empty; else a hash of the sentence, `args` with the
 * verb's arguments), and whether its targets are verbs (MOH's are; the MMTE form's are not).
 */
interface TMohForm {
  prefix: string;
  id: "sense" | "id" | "id?" | "hash" | "args";
  verbs: boolean;
}

const SENTENCE = ["sentence", "sen", "text", "sentence_txt"];
const LABEL = ["class", "label", "metaphor", "metaphorical", "is_metaphor"];
const INDEX = ["verb_idx", "v_index", "w_index", "word_idx", "target_idx", "target_index"];
const LEMMA = ["verb", "term", "lemma"];
const POS = ["pos", "upos"];
const SENSE = ["sense"];

const METAPHORICAL = new Set(["metaphorical", "metaphor", "met", "1", "true", "m", "yes"]);
const LITERAL = new Set(["literal", "lit", "0", "false", "l", "no"]);

export function parseMoh(fileName: string, content: ImportContent, options: ParseMohOptions = {}): ImportResult {
  const { input, sink } = readTable(fileName, content, { encoding: options.encoding });
  if (!input) return sink.finish(emptyImportResult());
  const { header, rows } = input;
  const col = {
    sentence: findColumn(header, SENTENCE),
    label: findColumn(header, LABEL),
    index: findColumn(header, INDEX),
    lemma: findColumn(header, LEMMA),
    pos: findColumn(header, POS),
    sense: findColumn(header, SENSE),
    id: findColumn(header, ["id", "index", "sentence_id", "item"]),
  };
  if (col.sentence < 0 || col.label < 0) {
    return failedResult([
      { file: fileName, line: input.headerLine, message: `MOH/MMTE header must have a sentence column (${SENTENCE.join("/")}) and a label column (${LABEL.join("/")}); found: ${header.join(", ")}` },
    ]);
  }
  const norm = header.map((h) => h.toLowerCase());
  let form: TMohForm;
  if (col.sense >= 0 && norm.includes("term")) form = { prefix: "moh", id: "sense", verbs: true };
  else if (norm.includes("arg1") && norm.includes("arg2")) form = { prefix: "moh-x", id: "args", verbs: true };
  else if (norm[0] === "verb" && col.index >= 0) form = { prefix: "moh-fmt", id: "hash", verbs: true };
  else if (norm.includes("v_index") && norm.includes("index")) form = { prefix: "moh-melbert", id: "id", verbs: true };
  else form = { prefix: "mmte", id: "id?", verbs: false };
  const { prefix } = form;
  const language = options.sourceLang ?? "en";

  const doc: ImportedDocument = { externalId: `${prefix}:doc:${fileSlug(fileName)}`, title: fileName.split(/[\\/]/).pop(), language, segments: [] };
  const seen = new Map<string, { line: number; key: string }>();

  for (const row of rows) {
    if (sink.full) break;
    const f = row.fields;
    // Original MOH ends with summary lines ("Number of terms: 440"): not data.
    if (f.length === 1 && /^Number of /.test(f[0])) {
      sink.warn(row.line, `skipped summary line ${JSON.stringify(f[0])} (not a data row)`);
      continue;
    }
    if (!checkWidth(row, header.length, sink)) continue;
    const rawSentence = f[col.sentence];
    const labelRaw = f[col.label].trim().toLowerCase();
    let metaphorical: boolean;
    if (METAPHORICAL.has(labelRaw)) metaphorical = true;
    else if (LITERAL.has(labelRaw)) metaphorical = false;
    else {
      sink.error(row.line, `unknown label ${JSON.stringify(f[col.label])}: expected metaphorical/literal or 1/0`, header[col.label], header[col.label]);
      continue;
    }

    // Locate the target.
    let text: string;
    let start: number;
    let end: number;
    let tokenIndex: number | undefined;
    const bOpen = rawSentence.indexOf("<b>");
    const at = rawSentence.indexOf("@");
    if (bOpen >= 0) {
      const bClose = rawSentence.indexOf("</b>", bOpen + 3);
      if (bClose < 0 || rawSentence.indexOf("<b>", bOpen + 3) >= 0 || rawSentence.indexOf("</b>", bClose + 4) >= 0) {
        sink.error(row.line, "the sentence must contain exactly one <b>…</b> pair", header[col.sentence], header[col.sentence]);
        continue;
      }
      text = rawSentence.slice(0, bOpen) + rawSentence.slice(bOpen + 3, bClose) + rawSentence.slice(bClose + 4);
      start = bOpen;
      end = bClose - 3;
    } else if (at >= 0 && col.index < 0) {
      const at2 = rawSentence.indexOf("@", at + 1);
      if (at2 < 0 || rawSentence.indexOf("@", at2 + 1) >= 0) {
        sink.error(row.line, "the sentence must contain exactly one @word@ marker pair", header[col.sentence], header[col.sentence]);
        continue;
      }
      text = rawSentence.slice(0, at) + rawSentence.slice(at + 1, at2) + rawSentence.slice(at2 + 1);
      start = at;
      end = at2 - 1;
    } else if (col.index >= 0) {
      const idxRaw = f[col.index].trim();
      if (!/^\d+$/.test(idxRaw)) {
        sink.error(row.line, `token index ${JSON.stringify(idxRaw)} is not a non-negative integer`, header[col.index], header[col.index]);
        continue;
      }
      const idx = Number(idxRaw);
      const toks = whitespaceTokens(rawSentence);
      if (idx >= toks.length) {
        sink.error(row.line, `token index ${idx} is out of range: the sentence has ${toks.length} tokens (0-based index)`, header[col.index], header[col.index]);
        continue;
      }
      text = rawSentence;
      start = toks[idx].start;
      end = toks[idx].end;
      tokenIndex = idx;
    } else {
      sink.error(row.line, "no target word: mark it as <b>word</b> or @word@, or give a verb_idx column", header[col.sentence], header[col.sentence]);
      continue;
    }
    if (end <= start) {
      sink.error(row.line, "the marked target word is empty", header[col.sentence], header[col.sentence]);
      continue;
    }

    let segId: string;
    if (form.id === "sense") segId = `${prefix}:${f[col.sense].trim()}`;
    else if (form.id === "id" || (form.id === "id?" && col.id >= 0 && f[col.id].trim() !== "")) segId = `${prefix}:${f[col.id].trim()}`;
    else {
      const basis = form.id === "args" ? `${f[0]}\t${col.lemma >= 0 ? f[col.lemma] : ""}\t${text}` : text;
      segId = `${prefix}:${contentHash(basis)}${tokenIndex !== undefined ? `:t${tokenIndex + 1}` : `:${start}`}`;
    }
    const rowKey = f.join("\u0000");
    const prev = seen.get(segId);
    if (prev !== undefined) {
      if (prev.key === rowKey) sink.warn(row.line, `row repeats line ${prev.line} verbatim; skipped`);
      else sink.error(row.line, `duplicate item ${segId} (first seen on line ${prev.line})`, col.id >= 0 ? header[col.id] : header[col.sentence]);
      continue;
    }
    seen.set(segId, { line: row.line, key: rowKey });

    const rawPos = col.pos >= 0 ? f[col.pos].trim() : undefined;
    const p = posInfo(rawPos, options);
    const pos = rawPos ? p.pos : form.verbs ? "VERB" : p.pos;
    const active = rawPos ? p.active : form.verbs ? (options.activePos ?? ["NOUN", "VERB", "ADJ", "ADV"]).includes("VERB") : p.active;
    const segment: ImportedSegment = {
      externalId: segId,
      index: doc.segments.length,
      text,
      language,
      metaphorical,
      line: row.line,
      mrws: [
        {
          externalId: `${segId}:mrw`,
          spans: [{ start, end }],
          token: text.slice(start, end),
          ...(col.lemma >= 0 && f[col.lemma].trim() ? { lemma: f[col.lemma].trim() } : {}),
          ...(rawPos ? { rawPos } : {}),
          pos,
          ...(col.sense >= 0 && f[col.sense].trim() ? { gloss: f[col.sense].trim() } : {}),
          active,
          metaphorical,
        },
      ],
    };
    doc.segments.push(segment);
  }
  if (doc.segments.length === 0 && !sink.hasErrors) sink.error(undefined, "no data rows");
  const result = emptyImportResult();
  result.documents.push(doc);
  return sink.finish(result);
}
