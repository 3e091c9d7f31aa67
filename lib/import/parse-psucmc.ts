import { contentHash, fileSlug, normaliseNumericId } from "@/lib/import/content-id";
import { failedResult } from "@/lib/import/issues";
import { posInfo } from "@/lib/import/normalise-pos";
import { characterContext, tokenContext } from "@/lib/import/pos-in-context";
import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { parsePythonList } from "@/lib/import/python-literal";
import { normaliseHeader } from "@/lib/import/read-delimited";
import { SegmentCollector } from "@/lib/import/segment-collector";
import { checkWidth, readTable } from "@/lib/import/table-input";
import { occurrences } from "@/lib/import/text-spans";
import { emptyImportResult, type ImportResult } from "@/lib/import/types";

/**
 * PSU Chinese Metaphor Corpus (Lu & Wang 2017).
 *
 * 1. Word rows (SPEC §5, MetaHOPE `PSUCMC_news_pilot20.csv`):
 *    `POS, token, words_label, words_gloss, type, subtype, sentence`, optionally
 *    with `reg, seg_id, sen_id, word_id`. One row per MRW, the sentence
 *    repeated. Segment `psucmc:<seg_id>:<sen_id>` (leading zeros of sen_id
 *    dropped, `0007` → `7`, so MetaHOPE's `news_01_v.4_7_32` word ids map
 *    directly), MRW `…:t<word_id>` (1-based word position). Without ids:
 *    segment `psucmc:<file slug>:<hash(sentence)>`, MRW `…:c<char offset>`.
 *    The file has no word segmentation, so the token is located among its
 *    occurrences in the sentence (Chinese has no word boundaries) as the one
 *    nearest to the expected character offset (word_id − 1) × 1.49, the mean
 *    word length in PSUCMC (49,000 characters / 35,747 words). Without word_id the
 *    k-th row with the same token takes the k-th occurrence.
 *    `words_label`: `mrw` → metaphorical; `mflag` → type "MFlag",
 *    metaphorical false (a flag signals a metaphor but is not one).
 *    `type`: indir → indirect, dir → direct, impl → implicit; `subtype` raw
 *    (conv, cont, pers, widlii); `words_gloss` → gloss. POS: each row's tag is
 *    normalised in its own sentence (an idiom `i`/`l` takes its class from the
 *    characters around it, lib/import/pos-in-context.ts), so a word tagged or
 *    used differently in two sentences keeps each sentence's class and activity.
 * 2. Sequence conversion (`PSUCMC_sequence.csv`): `sent_index, sent_txt,
 *    pos_seq, metaphor_seq, genre, sent_txt_tokenized`, lists as Python
 *    literals (parsed by python-literal.ts, never evaluated). Offsets come
 *    from the tokens, which concatenate to the sentence. Segment
 *    `psucmc-seq:<file>:<n>` from `news_01_v.4.txt_0007`, MRW `…:t<k>` (1-based)
 *    for each 1 in metaphor_seq; an idiom's class from the tokens and tags around it.
 */
export type ParsePsucmcOptions = CommonParseOptions;

const MEAN_CHARS_PER_WORD = 1.49;
const TYPE_MAP: Record<string, string> = { indir: "indirect", dir: "direct", impl: "implicit", met: "indirect", lit: "direct" };

export function parsePsucmc(fileName: string, content: ImportContent, options: ParsePsucmcOptions = {}): ImportResult {
  const { input, sink } = readTable(fileName, content, { encoding: options.encoding });
  if (!input) return sink.finish(emptyImportResult());
  const { header, rows } = input;
  const norm = header.map(normaliseHeader);
  const at = (n: string) => norm.indexOf(n);
  const language = options.sourceLang ?? "zh";
  const c = new SegmentCollector(sink);

  if (at("sent_txt") >= 0 && at("metaphor_seq") >= 0 && at("sent_txt_tokenized") >= 0) {
    const i = { id: at("sent_index"), text: at("sent_txt"), pos: at("pos_seq"), met: at("metaphor_seq"), genre: at("genre"), toks: at("sent_txt_tokenized") };
    if (i.id < 0) return failedResult([{ file: fileName, line: input.headerLine, message: "sequence file needs a sent_index column" }]);
    for (const row of rows) {
      if (sink.full) break;
      if (!checkWidth(row, header.length, sink)) continue;
      const f = row.fields;
      const m = /^(.+?)(?:\.txt)?_(\d+)$/.exec(f[i.id].trim());
      if (!m) {
        sink.error(row.line, `sent_index ${JSON.stringify(f[i.id])} is not <file>_<sentence#>`, header[i.id], header[i.id]);
        continue;
      }
      const lists: Record<string, (string | number)[]> = {};
      let bad = false;
      for (const k of ["pos", "met", "toks"] as const) {
        if (i[k] < 0) continue;
        const r = parsePythonList(f[i[k]]);
        if (!r.ok) {
          sink.error(row.line, `${header[i[k]]}: ${r.error} at character ${r.position}`, header[i[k]], header[i[k]]);
          bad = true;
        } else lists[k] = r.value;
      }
      if (bad) continue;
      const toks = lists.toks.map(String);
      const labels = lists.met;
      const tags = lists.pos ?? toks.map(() => "");
      if (labels.length !== toks.length || tags.length !== toks.length) {
        sink.error(row.line, `list lengths differ: ${toks.length} tokens, ${labels.length} labels, ${tags.length} POS tags`, header[i.met], header[i.met]);
        continue;
      }
      const text = f[i.text];
      // token offsets: each token searched from the end of the previous one
      const spans: { start: number; end: number }[] = [];
      let cursor = 0;
      for (const t of toks) {
        const p = text.indexOf(t, cursor);
        if (p < 0) break;
        spans.push({ start: p, end: p + t.length });
        cursor = p + t.length;
      }
      if (spans.length !== toks.length) {
        sink.error(row.line, `token ${spans.length + 1} ${JSON.stringify(toks[spans.length])} not found in sent_txt after offset ${cursor}`, header[i.toks], header[i.toks]);
        continue;
      }
      const file = m[1];
      const sen = normaliseNumericId(m[2]);
      const docId = `psucmc-seq:${file}`;
      const segId = `psucmc-seq:${file}:${sen}`;
      const genre = i.genre >= 0 ? f[i.genre].trim() : "";
      c.document(docId, { language, title: file, ...(genre ? { genre } : {}) });
      if (c.hasSegment(segId)) {
        sink.error(row.line, `duplicate sentence ${f[i.id]}`, header[i.id], header[i.id]);
        continue;
      }
      const seg = c.segment(docId, segId, text, row.line, language, Number(sen), header[i.text]);
      if (!seg) continue;
      const tagText = tags.map(String);
      for (let k = 0; k < toks.length; k++) {
        const v = String(labels[k]);
        if (v !== "0" && v !== "1") {
          sink.error(row.line, `unknown label ${JSON.stringify(v)} at position ${k + 1} of metaphor_seq: expected 0 or 1`, header[i.met], header[i.met]);
          break;
        }
        if (v !== "1") continue;
        // in its own sentence: an idiom's class from the words around it (pos-in-context.ts)
        const p = posInfo(String(tags[k]), options, tokenContext(toks, tagText, k));
        c.addMrw(seg, { externalId: `${segId}:t${k + 1}`, spans: [spans[k]], token: toks[k], ...(p.rawPos ? { rawPos: p.rawPos } : {}), pos: p.pos, active: p.active, metaphorical: true }, row.line);
      }
    }
  } else {
    const i = {
      pos: at("pos"),
      token: at("token"),
      label: at("words_label"),
      gloss: at("words_gloss"),
      type: at("type"),
      subtype: at("subtype"),
      sentence: at("sentence"),
      reg: at("reg"),
      segId: at("seg_id"),
      senId: at("sen_id"),
      wordId: at("word_id"),
    };
    const missing = (["pos", "token", "label", "sentence"] as const).filter((k) => i[k] < 0);
    if (missing.length) {
      return failedResult([{ file: fileName, line: input.headerLine, message: `PSUCMC header lacks ${missing.map((k) => (k === "label" ? "words_label" : k)).join(", ")}; expected POS, token, words_label, words_gloss, type, subtype, sentence` }]);
    }
    const used = new Map<string, number>();
    const slug = fileSlug(fileName);
    for (const row of rows) {
      if (sink.full) break;
      if (!checkWidth(row, header.length, sink)) continue;
      const f = row.fields;
      const text = f[i.sentence];
      const token = f[i.token].trim();
      if (token === "") {
        sink.error(row.line, "empty token", header[i.token], header[i.token]);
        continue;
      }
      const label = f[i.label].trim().toLowerCase();
      if (label !== "mrw" && label !== "mflag") {
        sink.error(row.line, `unknown words_label ${JSON.stringify(f[i.label])}: expected mrw or mflag`, header[i.label], header[i.label]);
        continue;
      }
      let wordId: number | undefined;
      if (i.wordId >= 0) {
        const w = f[i.wordId].trim();
        if (!/^\d+$/.test(w) || Number(w) < 1) {
          sink.error(row.line, `word_id ${JSON.stringify(w)} is not a 1-based word number`, header[i.wordId], header[i.wordId]);
          continue;
        }
        wordId = Number(w);
      }
      const docKey = i.segId >= 0 && f[i.segId].trim() ? f[i.segId].trim() : slug;
      const sen = i.senId >= 0 && f[i.senId].trim() ? normaliseNumericId(f[i.senId].trim()) : contentHash(text);
      const docId = `psucmc:${docKey}`;
      const segId = `psucmc:${docKey}:${sen}`;
      const reg = i.reg >= 0 ? f[i.reg].trim() : "";
      c.document(docId, { language, title: docKey, ...(reg ? { genre: reg } : {}) });
      const seg = c.segment(docId, segId, text, row.line, language, /^\d+$/.test(sen) ? Number(sen) : undefined, header[i.sentence]);
      if (!seg) continue;
      const cands = occurrences(text, token);
      if (cands.length === 0) {
        sink.error(row.line, `token ${JSON.stringify(token)} does not occur in the sentence`, header[i.token], header[i.token]);
        continue;
      }
      let pos: number;
      if (wordId !== undefined) {
        const expected = (wordId - 1) * MEAN_CHARS_PER_WORD;
        pos = cands[0];
        for (const p of cands) if (Math.abs(p - expected) < Math.abs(pos - expected)) pos = p;
        if (cands.length > 1) sink.warn(row.line, `token ${JSON.stringify(token)} occurs ${cands.length} times; chose offset ${pos} as nearest to word ${wordId}`, header[i.token], header[i.token]);
      } else {
        const key = `${segId}\u0000${token}`;
        const n = used.get(key) ?? 0;
        used.set(key, n + 1);
        if (n >= cands.length) {
          sink.error(row.line, `token ${JSON.stringify(token)} has more rows than occurrences in the sentence (${cands.length})`, header[i.token], header[i.token]);
          continue;
        }
        pos = cands[n];
      }
      const p = posInfo(f[i.pos].trim(), options, characterContext(text, pos, pos + token.length));
      const rawType = i.type >= 0 ? f[i.type].trim() : "";
      const subtype = i.subtype >= 0 ? f[i.subtype].trim() : "";
      const gloss = i.gloss >= 0 ? f[i.gloss].trim() : "";
      const type = label === "mflag" ? "MFlag" : rawType ? (TYPE_MAP[rawType.toLowerCase()] ?? rawType) : undefined;
      c.addMrw(
        seg,
        {
          externalId: `${segId}:${wordId !== undefined ? `t${wordId}` : `c${pos}`}`,
          spans: [{ start: pos, end: pos + token.length }],
          token,
          ...(p.rawPos ? { rawPos: p.rawPos } : {}),
          pos: p.pos,
          ...(type ? { type } : {}),
          ...(subtype && subtype !== "-" ? { subtype } : {}),
          ...(gloss ? { gloss } : {}),
          active: p.active,
          metaphorical: label === "mrw",
        },
        row.line,
        header[i.token],
        f.join("\u0000"),
      );
    }
  }
  const result = emptyImportResult();
  result.documents = c.documents();
  if (result.documents.length === 0 && !sink.hasErrors) sink.error(undefined, "no data rows");
  return sink.finish(result);
}
