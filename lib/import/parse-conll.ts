import { fileSlug } from "@/lib/import/content-id";
import { decodeText } from "@/lib/import/decode-text";
import { IssueSink } from "@/lib/import/issues";
import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { readDelimited } from "@/lib/import/read-delimited";
import { isSpace } from "@/lib/import/text-spans";
import { emptyImportResult, type ImportedDocument, type ImportedMrw, type ImportedSegment, type ImportResult } from "@/lib/import/types";

/**
 * CoNLL/BIO token files (Meta4XNLI detection, VUA-20 `vua_dev.tsv`):
 * `token<TAB>tag`, tags `O`, `B-METAPHOR`, `I-METAPHOR`; a blank line ends a
 * sentence. Lines are split on the tab only: quotes are literal (a token may
 * be a bare `"`), so no CSV reader is involved.
 *
 * The files carry no sentence text, so the segment text is **the tokens
 * joined by single spaces** (Meta4XNLI tokens are whitespace splits of the raw
 * sentence, so this restores it up to runs of spaces). A B tag and the
 * following I tags form one MRW whose span runs from the first to the last
 * token (one span, since the join puts single spaces between them). An I tag
 * without a preceding B/I starts an MRW and is warned about.
 *
 * Ids: no sentence ids exist, so the position is the id.
 * document `conll:<file slug>:<lang>`, segment `…:s<n>` (1-based sentence
 * number), MRW `…:t<k>` (1-based token number of the first token). The
 * language comes from `sourceLang`, else from an `/en/`-style directory in the
 * path, else "en" with a warning.
 */
export type ParseConllOptions = CommonParseOptions;

const TAGS = new Set(["O", "B-METAPHOR", "I-METAPHOR"]);

/** The corpus reading's warning for an I- tag that starts a chunk (its MRW starts there). */
export const STRAY_INSIDE_WARNING = "I-METAPHOR without a preceding B-METAPHOR; treated as B-METAPHOR";

/** Whitespace as Python's str.split() sees it (U+FEFF inside CoMeta tokens is not whitespace). */
function hasSpace(tok: string): boolean {
  for (let i = 0; i < tok.length; i++) if (isSpace(tok.charCodeAt(i))) return true;
  return false;
}

export function inferLanguageFromPath(fileName: string): string | undefined {
  const m = /(?:^|[\\/])(en|es|it|zh|de|fr|pt|ca|eu|gl)(?:[\\/])/i.exec(fileName);
  return m ? m[1].toLowerCase() : undefined;
}

interface ConllParsed {
  doc: ImportedDocument;
  sink: IssueSink;
  /** line where each sentence starts */
  sentenceLines: number[];
  decodeFailed: boolean;
}

function parseConllInternal(fileName: string, content: ImportContent, options: ParseConllOptions, lang: string): ConllParsed {
  const sink = new IssueSink(fileName);
  const slug = fileSlug(fileName);
  const doc: ImportedDocument = { externalId: `conll:${slug}:${lang}`, title: fileName.split(/[\\/]/).pop(), language: lang, segments: [] };
  const sentenceLines: number[] = [];
  const decoded = decodeText(fileName, content, { encoding: options.encoding });
  for (const e of decoded.errors) sink.error(e.line, e.message, e.column);
  for (const w of decoded.warnings) sink.warn(w.line, w.message);
  if (decoded.errors.length) return { doc, sink, sentenceLines, decodeFailed: true };
  const lines = readDelimited(decoded.text, { delimiter: "\t", quoting: "none", keepBlankLines: true });

  let tokens: string[] = [];
  let tags: string[] = [];
  let startLine = 0;
  const flush = () => {
    if (tokens.length === 0) return;
    const n = doc.segments.length + 1;
    const segId = `${doc.externalId}:s${n}`;
    const starts: number[] = [];
    let text = "";
    for (let k = 0; k < tokens.length; k++) {
      if (k > 0) text += " ";
      starts.push(text.length);
      text += tokens[k];
    }
    const mrws: ImportedMrw[] = [];
    let open: { k: number; last: number } | null = null;
    const close = () => {
      if (!open) return;
      const start = starts[open.k];
      const end = starts[open.last] + tokens[open.last].length;
      mrws.push({ externalId: `${segId}:t${open.k + 1}`, spans: [{ start, end }], token: text.slice(start, end), pos: "OTHER", active: true, metaphorical: true });
      open = null;
    };
    for (let k = 0; k < tags.length; k++) {
      const t = tags[k];
      if (t === "B-METAPHOR") {
        close();
        open = { k, last: k };
      } else if (t === "I-METAPHOR") {
        if (open) open.last = k;
        else {
          sink.warn(startLine + k, STRAY_INSIDE_WARNING, 2, "tag");
          open = { k, last: k };
        }
      } else close();
    }
    close();
    // the file's tokens and tags as read (an I- after O included): what the CoNLL export writes back,
    // byte for byte, and the tokens a `tokens: "item"` tags field tags
    const seg: ImportedSegment = { externalId: segId, index: doc.segments.length, text, language: lang, metaphorical: mrws.length > 0, mrws, lists: { tokens: [...tokens], tags: [...tags] }, line: startLine };
    doc.segments.push(seg);
    sentenceLines.push(startLine);
    tokens = [];
    tags = [];
  };

  for (const rec of lines) {
    if (sink.full) break;
    const f = rec.fields;
    if (f.length === 1 && f[0].trim() === "") {
      flush();
      continue;
    }
    if (f.length !== 2) {
      sink.error(rec.line, f.length < 2 ? "expected token<TAB>tag, found no tab (truncated line?)" : `expected 2 tab-separated fields, found ${f.length}`, f.length < 2 ? f[0].length + 1 : undefined, "tag");
      continue;
    }
    const [tok, tag] = f;
    if (tok === "" || hasSpace(tok)) {
      sink.error(rec.line, tok === "" ? `empty token${tag ? ` (the tag ${JSON.stringify(tag)} has no token)` : ""}` : "token contains whitespace (the sentence could not be rebuilt)", 1, "token");
      continue;
    }
    if (!TAGS.has(tag)) {
      sink.error(rec.line, `unknown tag ${JSON.stringify(tag)}: expected O, B-METAPHOR or I-METAPHOR`, tok.length + 2, "tag");
      continue;
    }
    if (tokens.length === 0) startLine = rec.line;
    tokens.push(tok);
    tags.push(tag);
  }
  flush();
  if (doc.segments.length === 0 && !sink.hasErrors) sink.error(undefined, "no sentences");
  return { doc, sink, sentenceLines, decodeFailed: false };
}

export function parseConll(fileName: string, content: ImportContent, options: ParseConllOptions = {}): ImportResult {
  const inferred = inferLanguageFromPath(fileName);
  const lang = options.sourceLang ?? inferred ?? "en";
  const p = parseConllInternal(fileName, content, options, lang);
  if (!options.sourceLang && !inferred) p.sink.warn(undefined, 'language not given and not in the path; assumed "en" (pass sourceLang)');
  const result = emptyImportResult();
  result.documents.push(p.doc);
  return p.sink.finish(result);
}

export interface ParseConllParallelOptions extends CommonParseOptions {
  langA?: string;
  langB?: string;
}

/**
 * Two sentence-parallel CoNLL files (Meta4XNLI `en/x.tsv` and `es/x.tsv`) as
 * two documents whose segments align by index. Refused when the sentence
 * counts differ: the error names the line where the longer file goes on past
 * the end of the shorter one. Token counts may differ (no word alignment).
 * Sentence n of both files gets the same `lists.parallel` key
 * (`conll:<slug>:s<n>`, the two slugs joined by `+` when the names differ):
 * the workspace shows the versions that share it side by side
 * (lib/db/workspace/parallel-versions.ts). Only files read together this way are linked:
 * equal sentence counts alone do not make two files translations of each
 * other (SOURCE.md of the Meta4XNLI sample says it of the split files).
 */
export function parseConllParallel(fileA: string, contentA: ImportContent, fileB: string, contentB: ImportContent, options: ParseConllParallelOptions = {}): ImportResult {
  const langA = options.langA ?? inferLanguageFromPath(fileA);
  const langB = options.langB ?? inferLanguageFromPath(fileB);
  const sink = new IssueSink(fileA);
  if (!langA || !langB || langA === langB) {
    sink.error(undefined, `the two files need different languages (got ${langA ?? "?"} and ${langB ?? "?"}); pass langA and langB`);
    return sink.finish(emptyImportResult());
  }
  const a = parseConllInternal(fileA, contentA, options, langA);
  const b = parseConllInternal(fileB, contentB, options, langB);
  const result = emptyImportResult();
  const fa = a.sink.finish(emptyImportResult());
  const fb = b.sink.finish(emptyImportResult());
  result.errors.push(...fa.errors, ...fb.errors);
  result.warnings.push(...fa.warnings, ...fb.warnings);
  if (result.errors.length) return result;
  const na = a.doc.segments.length;
  const nb = b.doc.segments.length;
  if (na !== nb) {
    const [longFile, longLines, shortFile, n] = na > nb ? [fileA, a.sentenceLines, fileB, nb] : [fileB, b.sentenceLines, fileA, na];
    result.errors.push({
      file: longFile,
      line: longLines[n],
      message: `files are not sentence-parallel: ${fileA} has ${na} sentences, ${fileB} has ${nb}. ${shortFile} ends after sentence ${n}; ${longFile} goes on with sentence ${n + 1} at line ${longLines[n]}`,
    });
    return result;
  }
  const slugA = fileSlug(fileA);
  const slugB = fileSlug(fileB);
  const base = slugA === slugB ? slugA : `${slugA}+${slugB}`;
  a.doc.segments.forEach((s, i) => {
    const key = `conll:${base}:s${i + 1}`;
    s.lists = { ...s.lists, parallel: key };
    b.doc.segments[i].lists = { ...b.doc.segments[i].lists, parallel: key };
  });
  result.documents.push(a.doc, b.doc);
  return result;
}
