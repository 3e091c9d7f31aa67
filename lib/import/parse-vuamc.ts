import { contentHash, fileSlug } from "@/lib/import/content-id";
import type { IssueSink } from "@/lib/import/issues";
import { failedResult } from "@/lib/import/issues";
import { posInfo } from "@/lib/import/normalise-pos";
import type { CommonParseOptions, ImportContent } from "@/lib/import/parse-options";
import { parsePythonList } from "@/lib/import/python-literal";
import { normaliseHeader, type DelimitedRecord } from "@/lib/import/read-delimited";
import { SegmentCollector } from "@/lib/import/segment-collector";
import { checkWidth, readTable } from "@/lib/import/table-input";
import { occurrences, whitespaceTokens, wordOccurrences } from "@/lib/import/text-spans";
import { emptyImportResult, type ImportedMrw, type ImportResult, type Span } from "@/lib/import/types";

/**
 * VU Amsterdam Metaphor Corpus in its common forms. The form is recognised
 * from the header; ids get a per-form prefix because the forms tokenise the
 * same sentence differently (offsets would not carry over):
 *
 * | form | header | segment id | MRWs |
 * |---|---|---|---|
 * | word rows (SPEC §5, MetaHOPE `VUAMC_news_pilot20.csv`) | `wordcat, lemma, word, metaphor, mettext, DELMET, sen[tence]` (+ docid, sentence_id, windex, …) | `vuamc:<docid>:<snum>` | one per row, `:t<windex>` |
 * | ETS 2018 | `txt_id, sentence_id, sentence_txt` | `vuamc-ets:<txt_id>:<sentence_id>` | each `M_` token |
 * | VUA-20 all-POS | `id, sentence, word, label` | `vuamc-allpos:<txt_id>:<sentence_id>` | each row (label 0 → metaphorical false) |
 * | Gao verb | `text_idx, sentence_idx, verb, sentence, verb_idx, label` | `vuamc-gao-verb:…` | each row |
 * | Gao sequence | `txt_id, sen_ix, sentence, label_seq, pos_seq, …` | `vuamc-gao-seq:…` | each 1 in label_seq |
 * | MelBERT VUAall | `index, label, sentence, POS, w_index` | `vuamc-melbert-all:…` | each row |
 * | MelBERT VUAtok | `index, label, sentence, POS, numOfMetaphor` | `vuamc-melbert-tok:…` | each 1 |
 *
 * MRW ids are `<segment id>:t<n>` with n the **1-based** token number in the
 * file's own tokenisation (0-based indices of Gao/MelBERT are shifted by one),
 * so ids line up with the shared-task `<txt>_<sent>_<tok>` ids.
 *
 * Word rows give `windex`, the 1-based number of the word among VUAMC
 * `<w>` elements (punctuation excluded, `'s`/`n't` separate), which is not an
 * index into the sentence's whitespace split. The word is located as the
 * whole-word occurrence whose estimated word number is closest to windex, so
 * a word occurring twice is placed by position, never by first match. Parts of
 * multi-word units (`set + up`) get one span each, each part searched after
 * the previous one. Without a windex column the k-th row with the same word
 * in a sentence takes the k-th occurrence.
 *
 * ETS sentences: stored text is `sentence_txt` with every `M_` marker removed;
 * a token containing `M_` is an MRW whose span covers the marked part(s)
 * (`M_upM_to` → "upto", one span). Empty sentences are skipped with a warning.
 */
export type ParseVuamcOptions = CommonParseOptions;

type Form = "word" | "ets" | "allpos" | "gao-verb" | "gao-seq" | "melbert-all" | "melbert-tok";

function detectForm(norm: string[]): Form | null {
  const has = (...c: string[]) => c.every((x) => norm.includes(x));
  if (has("word", "wordcat") || has("word", "metaphor", "lemma")) return "word";
  if (has("txt_id", "sentence_id", "sentence_txt")) return "ets";
  if (has("id", "sentence", "word", "label")) return "allpos";
  if (has("text_idx", "sentence_idx", "sentence", "verb_idx", "label")) return "gao-verb";
  if (has("txt_id", "sen_ix", "sentence", "label_seq")) return "gao-seq";
  if (has("index", "label", "sentence", "pos", "w_index")) return "melbert-all";
  if (has("index", "label", "sentence", "pos", "numofmetaphor")) return "melbert-tok";
  return null;
}

export function parseVuamc(fileName: string, content: ImportContent, options: ParseVuamcOptions = {}): ImportResult {
  const { input, sink } = readTable(fileName, content, { encoding: options.encoding });
  if (!input) return sink.finish(emptyImportResult());
  const norm = input.header.map(normaliseHeader);
  const form = detectForm(norm);
  if (!form) {
    const looksLikeKey = input.header.length <= 2 && /_\d+_\d+$/.test(input.header[0] ?? "");
    const isKey = looksLikeKey || (norm.length === 2 && norm[0] === "id" && norm[1] === "label");
    return failedResult([
      {
        file: fileName,
        line: input.headerLine,
        message: isKey
          ? "this is a VUA label key (token ids and labels only, no sentences); import the matching sentence file (vuamc_corpus_*.csv / VUA_allpos_*.csv) instead"
          : `unrecognised VUAMC header: ${input.header.join(", ")}`,
      },
    ]);
  }
  const language = options.sourceLang ?? "en";
  const c = new SegmentCollector(sink);
  const ctx: Ctx = { fileName, header: input.header, norm, rows: input.rows, sink, c, language, options };
  switch (form) {
    case "word":
      parseWordRows(ctx);
      break;
    case "ets":
      parseEts(ctx);
      break;
    case "allpos":
    case "gao-verb":
    case "melbert-all":
      parseTokenRows(ctx, form);
      break;
    case "gao-seq":
    case "melbert-tok":
      parseSequences(ctx, form);
      break;
  }
  const result = emptyImportResult();
  result.documents = c.documents();
  let fffd = 0;
  for (const d of result.documents) for (const s of d.segments) for (let i = s.text.indexOf("\uFFFD"); i >= 0; i = s.text.indexOf("\uFFFD", i + 1)) fffd++;
  if (fffd > 0) sink.warn(undefined, `${fffd} U+FFFD replacement characters in the sentences (characters lost before this file was made); kept as they are`);
  if (result.documents.length === 0 && !sink.hasErrors) sink.error(undefined, "no data rows");
  return sink.finish(result);
}

interface Ctx {
  fileName: string;
  header: string[];
  norm: string[];
  rows: DelimitedRecord[];
  sink: IssueSink;
  c: SegmentCollector;
  language: string;
  options: ParseVuamcOptions;
}

const col = (ctx: Ctx, ...names: string[]) => {
  for (const n of names) {
    const i = ctx.norm.indexOf(n);
    if (i >= 0) return i;
  }
  return -1;
};

/** VUAMC sentence ids are integers, a few with a letter suffix (`424a`); returns [id, sort order]. */
function sentenceIdField(ctx: Ctx, row: DelimitedRecord, i: number, what: string): [string, number] | null {
  const raw = row.fields[i].trim();
  const m = /^(\d+)([A-Za-z]*)$/.exec(raw);
  if (!m) {
    ctx.sink.error(row.line, `${what} ${JSON.stringify(raw)} is not a sentence number`, ctx.header[i], ctx.header[i]);
    return null;
  }
  const id = String(Number(m[1])) + m[2];
  return [id, Number(m[1]) + (m[2] ? (m[2].toLowerCase().charCodeAt(0) - 96) / 100 : 0)];
}

function intField(ctx: Ctx, row: DelimitedRecord, i: number, what: string): number | null {
  const raw = row.fields[i].trim();
  if (!/^\d+$/.test(raw)) {
    ctx.sink.error(row.line, `${what} ${JSON.stringify(raw)} is not a non-negative integer`, ctx.header[i], ctx.header[i]);
    return null;
  }
  return Number(raw);
}

function binaryLabel(ctx: Ctx, row: DelimitedRecord, i: number): boolean | null {
  const v = row.fields[i].trim();
  if (v === "1") return true;
  if (v === "0") return false;
  ctx.sink.error(row.line, `unknown label ${JSON.stringify(v)}: expected 0 or 1`, ctx.header[i], ctx.header[i]);
  return null;
}

// ---------------------------------------------------------------- word rows

const WORD_RE = /[\p{L}\p{N}]+(?:[-.][\p{L}\p{N}]+)*|['’][\p{L}]+/gu;

function wordStarts(text: string): number[] {
  const out: number[] = [];
  WORD_RE.lastIndex = 0;
  for (let m = WORD_RE.exec(text); m; m = WORD_RE.exec(text)) out.push(m.index);
  return out;
}

/** 1-based number of the word starting at or after `pos` (binary search over word starts). */
function wordNumberAt(starts: number[], pos: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

const MRW_LABELS: Record<string, { metaphorical: boolean; flag?: boolean }> = {
  mrw: { metaphorical: true },
  met: { metaphorical: true },
  "1": { metaphorical: true },
  yes: { metaphorical: true },
  true: { metaphorical: true },
  mflag: { metaphorical: false, flag: true },
  "0": { metaphorical: false },
  no: { metaphorical: false },
  false: { metaphorical: false },
  nonmrw: { metaphorical: false },
  "non-mrw": { metaphorical: false },
  literal: { metaphorical: false },
};

const TYPE_MAP: Record<string, string> = { met: "indirect", lit: "direct", impl: "implicit", indir: "indirect", dir: "direct", mflag: "MFlag" };

function parseWordRows(ctx: Ctx) {
  const { sink, c, rows, header } = ctx;
  const i = {
    word: col(ctx, "word"),
    lemma: col(ctx, "lemma"),
    wordcat: col(ctx, "wordcat"),
    postype: col(ctx, "postype", "pos"),
    metaphor: col(ctx, "metaphor"),
    type: col(ctx, "type"),
    status: col(ctx, "status"),
    delmet: col(ctx, "delmet"),
    sentence: col(ctx, "sentence", "sen"),
    docid: col(ctx, "docid", "txt_id", "doc_id"),
    sentenceId: col(ctx, "sentence_id"),
    snum: col(ctx, "snum"),
    windex: col(ctx, "windex"),
    reg: col(ctx, "reg", "register"),
  };
  if (i.sentence < 0 || i.word < 0) {
    sink.error(1, "VUAMC word rows need `word` and `sen`/`sentence` columns");
    return;
  }
  const wordStartCache = new Map<string, number[]>();
  const usedOccurrences = new Map<string, Map<string, number>>();
  const slug = fileSlug(ctx.fileName);
  for (const row of rows) {
    if (sink.full) return;
    if (!checkWidth(row, header.length, sink)) continue;
    const f = row.fields;
    const text = f[i.sentence];
    const word = f[i.word].trim();
    if (word === "") {
      sink.error(row.line, "empty word", header[i.word], header[i.word]);
      continue;
    }
    // ids
    let docKey: string;
    let snum: string | undefined;
    if (i.docid >= 0 && f[i.docid].trim() !== "") {
      docKey = f[i.docid].trim();
      if (i.snum >= 0 && /^\d+$/.test(f[i.snum].trim())) snum = String(Number(f[i.snum].trim()));
      else if (i.sentenceId >= 0) {
        const sid = f[i.sentenceId].trim();
        snum = sid.startsWith(docKey + "_") ? sid.slice(docKey.length + 1) : sid;
      }
    } else docKey = `doc:${slug}`;
    const docId = `vuamc:${docKey}`;
    const segId = snum !== undefined && snum !== "" ? `vuamc:${docKey}:${snum}` : `vuamc:${docKey}:${contentHash(text)}`;
    c.document(docId, { language: ctx.language, title: docKey, ...(i.reg >= 0 && f[i.reg].trim() && f[i.reg].trim() !== "-" ? { genre: f[i.reg].trim() } : {}) });
    const seg = c.segment(docId, segId, text, row.line, ctx.language, snum !== undefined && /^\d+$/.test(snum) ? Number(snum) : undefined, header[i.sentence]);
    if (!seg) continue;

    // label
    let label: { metaphorical: boolean; flag?: boolean } = { metaphorical: true };
    if (i.metaphor >= 0) {
      const raw = f[i.metaphor].trim().toLowerCase();
      const l = MRW_LABELS[raw];
      if (!l) {
        sink.error(row.line, `unknown metaphor label ${JSON.stringify(f[i.metaphor])}: expected mrw, mflag, 1 or 0`, header[i.metaphor], header[i.metaphor]);
        continue;
      }
      label = l;
    }
    let deliberate: boolean | undefined;
    if (i.delmet >= 0) {
      const d = f[i.delmet].trim();
      if (d === "1") deliberate = true;
      else if (d === "0") deliberate = false;
      else if (d !== "" && d !== "-") {
        sink.error(row.line, `unknown DELMET value ${JSON.stringify(d)}: expected 1, 0 or empty`, header[i.delmet], header[i.delmet]);
        continue;
      }
    }

    // locate
    let windex: number | undefined;
    if (i.windex >= 0) {
      const w = intField(ctx, row, i.windex, "windex");
      if (w === null) continue;
      if (w < 1) {
        sink.error(row.line, "windex is 1-based and must be ≥ 1", header[i.windex], header[i.windex]);
        continue;
      }
      windex = w;
    }
    const parts = word.split(/\s+\+\s+/).map((p) => p.trim()).filter((p) => p !== "");
    const spans: Span[] = [];
    let starts = wordStartCache.get(segId);
    if (!starts) {
      starts = wordStarts(text);
      wordStartCache.set(segId, starts);
    }
    let ok = true;
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k];
      const cands = locateWord(text, part, k > 0 ? spans[spans.length - 1].end : 0);
      if (cands.length > 0 && cands.tier > 0) {
        sink.warn(row.line, `word ${JSON.stringify(part)} found only ${cands.tier === 1 ? "with different letter case" : "inside a longer string (words glued together in the sentence)"}`, header[i.word], header[i.word]);
      }
      if (cands.length === 0) {
        // Real VUAMC exports have typos in the sentence column (“his for “This): keep the sentence, drop this MRW.
        sink.warn(row.line, `word ${JSON.stringify(part)} does not occur in the sentence${k > 0 ? " after the previous part" : ""}; MRW skipped`, header[i.word], header[i.word]);
        ok = false;
        break;
      }
      let pos: number;
      if (k > 0) pos = cands[0];
      else if (windex !== undefined) {
        let best = cands[0];
        let bestD = Infinity;
        for (const p of cands) {
          const d = Math.abs(wordNumberAt(starts, p) - windex);
          if (d < bestD) {
            bestD = d;
            best = p;
          }
        }
        pos = best;
      } else {
        const used = usedOccurrences.get(segId) ?? new Map<string, number>();
        usedOccurrences.set(segId, used);
        const n = used.get(part) ?? 0;
        used.set(part, n + 1);
        if (n >= cands.length) {
          sink.error(row.line, `word ${JSON.stringify(part)} has more rows than occurrences in the sentence (${cands.length})`, header[i.word], header[i.word]);
          ok = false;
          break;
        }
        pos = cands[n];
      }
      spans.push({ start: pos, end: pos + part.length });
    }
    if (!ok) continue;
    const rawPos = i.wordcat >= 0 && f[i.wordcat].trim() && f[i.wordcat].trim() !== "-" ? f[i.wordcat].trim() : i.postype >= 0 ? f[i.postype].trim() : undefined;
    const p = posInfo(rawPos, ctx.options);
    const rawType = i.type >= 0 ? f[i.type].trim() : "";
    const type = label.flag ? "MFlag" : rawType && rawType !== "-" ? (TYPE_MAP[rawType.toLowerCase()] ?? rawType) : undefined;
    const status = i.status >= 0 ? f[i.status].trim() : "";
    const idPart = windex !== undefined ? `t${windex}` : `c${spans[0].start}`;
    const mrw: ImportedMrw = {
      externalId: `${segId}:${idPart}`,
      spans,
      token: spans.map((s) => text.slice(s.start, s.end)).join(" "),
      ...(i.lemma >= 0 && f[i.lemma].trim() && f[i.lemma].trim() !== "-" ? { lemma: f[i.lemma].trim() } : {}),
      ...(p.rawPos ? { rawPos: p.rawPos } : {}),
      pos: p.pos,
      ...(type ? { type } : {}),
      ...(status && status !== "-" ? { subtype: status } : {}),
      ...(deliberate !== undefined ? { deliberate } : {}),
      active: p.active,
      metaphorical: label.metaphorical,
    };
    c.addMrw(seg, mrw, row.line, windex !== undefined ? header[i.windex] : header[i.word], f.join("\u0000"));
  }
}

/**
 * Candidate offsets of `word` at or after `from`, from the strictest tier that
 * finds any: 0 whole word, 1 whole word ignoring case, 2 substring, 3 substring
 * ignoring case.
 */
function locateWord(text: string, word: string, from: number): number[] & { tier: number } {
  const lower = text.toLowerCase();
  const lw = word.toLowerCase();
  const tiers: (() => number[])[] = [
    () => wordOccurrences(text, word),
    () => (lower.length === text.length ? wordOccurrences(lower, lw) : []),
    () => occurrences(text, word),
    () => (lower.length === text.length ? occurrences(lower, lw) : []),
  ];
  for (let t = 0; t < tiers.length; t++) {
    const c = tiers[t]().filter((p) => p >= from);
    if (c.length > 0) return Object.assign(c, { tier: t });
  }
  return Object.assign([] as number[], { tier: -1 });
}

// ---------------------------------------------------------------- ETS M_ sentences

function parseEts(ctx: Ctx) {
  const { sink, c, rows, header } = ctx;
  const iTxt = col(ctx, "txt_id");
  const iSid = col(ctx, "sentence_id");
  const iSen = col(ctx, "sentence_txt");
  const seen = new Map<string, number>();

  for (const row of rows) {
    if (sink.full) return;
    if (!checkWidth(row, header.length, sink)) continue;
    const txt = row.fields[iTxt].trim();
    const sidInfo = sentenceIdField(ctx, row, iSid, "sentence_id");
    if (sidInfo === null) continue;
    const [sid, order] = sidInfo;
    const raw = row.fields[iSen];
    const segId = `vuamc-ets:${txt}:${sid}`;
    const prev = seen.get(segId);
    if (prev !== undefined) {
      sink.error(row.line, `duplicate sentence ${txt} ${sid} (first on line ${prev})`, header[iSid], header[iSid]);
      continue;
    }
    seen.set(segId, row.line);
    if (raw.trim() === "") {
      sink.warn(row.line, `empty sentence ${txt} ${sid} skipped`, header[iSen], header[iSen]);
      continue;
    }
    // Remove M_ markers token by token and record marked parts.
    const toks = whitespaceTokens(raw);
    let out = "";
    let last = 0;
    const mrws: { n: number; spans: Span[] }[] = [];
    toks.forEach((t, k) => {
      out += raw.slice(last, t.start);
      last = t.end;
      const tok = raw.slice(t.start, t.end);
      if (!tok.includes("M_")) {
        out += tok;
        return;
      }
      const spans: Span[] = [];
      let j = 0;
      let openAt = -1;
      while (j < tok.length) {
        if (tok.startsWith("M_", j)) {
          openAt = out.length;
          j += 2;
          const next = tok.indexOf("M_", j);
          const stop = next < 0 ? tok.length : next;
          out += tok.slice(j, stop);
          const s = { start: openAt, end: out.length };
          if (spans.length && spans[spans.length - 1].end === s.start) spans[spans.length - 1].end = s.end;
          else if (s.end > s.start) spans.push(s);
          j = stop;
        } else {
          const next = tok.indexOf("M_", j);
          const stop = next < 0 ? tok.length : next;
          out += tok.slice(j, stop);
          j = stop;
        }
      }
      if (spans.length) mrws.push({ n: k + 1, spans });
    });
    out += raw.slice(last);
    const docId = `vuamc-ets:${txt}`;
    c.document(docId, { language: ctx.language, title: txt });
    const seg = c.segment(docId, segId, out, row.line, ctx.language, order, header[iSen]);
    if (!seg) continue;
    for (const m of mrws) {
      c.addMrw(seg, { externalId: `${segId}:t${m.n}`, spans: m.spans, token: m.spans.map((s) => out.slice(s.start, s.end)).join(" "), pos: "OTHER", active: true, metaphorical: true }, row.line);
    }
  }
}

// ---------------------------------------------------------------- one row per target token

function parseTokenRows(ctx: Ctx, form: "allpos" | "gao-verb" | "melbert-all") {
  const { sink, c, rows, header } = ctx;
  const iSen = col(ctx, "sentence");
  const iLabel = col(ctx, "label");
  const iWord = form === "allpos" ? col(ctx, "word") : -1;
  const iLemma = form === "gao-verb" ? col(ctx, "verb") : -1;
  const iPos = form === "melbert-all" ? col(ctx, "pos") : -1;
  const prefix = `vuamc-${form}`;
  const tokCache = new Map<string, Span[]>();
  for (const row of rows) {
    if (sink.full) return;
    if (!checkWidth(row, header.length, sink)) continue;
    const f = row.fields;
    let txt: string;
    let sid: string;
    let tokNo: number; // 1-based
    if (form === "allpos") {
      const m = /^(.+)_(\d+[A-Za-z]*)_(\d+)$/.exec(f[col(ctx, "id")].trim());
      if (!m) {
        sink.error(row.line, `id ${JSON.stringify(f[col(ctx, "id")])} is not <txt_id>_<sentence_id>_<token#>`, "id", "id");
        continue;
      }
      txt = m[1];
      sid = m[2];
      tokNo = Number(m[3]);
      if (tokNo < 1) {
        sink.error(row.line, "token# is 1-based and must be ≥ 1", "id", "id");
        continue;
      }
    } else if (form === "gao-verb") {
      txt = f[col(ctx, "text_idx")].trim();
      const s = sentenceIdField(ctx, row, col(ctx, "sentence_idx"), "sentence_idx");
      const v = intField(ctx, row, col(ctx, "verb_idx"), "verb_idx");
      if (s === null || v === null) continue;
      sid = s[0];
      tokNo = v + 1;
    } else {
      const idx = f[col(ctx, "index")].trim().split(/\s+/);
      if (idx.length !== 2 || !/^\d+[A-Za-z]*$/.test(idx[1])) {
        sink.error(row.line, `index ${JSON.stringify(f[col(ctx, "index")])} is not "<txt_id> <sentence_id>"`, header[col(ctx, "index")], header[col(ctx, "index")]);
        continue;
      }
      txt = idx[0];
      sid = idx[1];
      const w = intField(ctx, row, col(ctx, "w_index"), "w_index");
      if (w === null) continue;
      tokNo = w + 1;
    }
    const label = binaryLabel(ctx, row, iLabel);
    if (label === null) continue;
    const text = f[iSen];
    const sidM = /^(\d+)([A-Za-z]*)$/.exec(sid)!;
    const docId = `${prefix}:${txt}`;
    const segId = `${prefix}:${txt}:${Number(sidM[1])}${sidM[2]}`;
    c.document(docId, { language: ctx.language, title: txt });
    const seg = c.segment(docId, segId, text, row.line, ctx.language, Number(sidM[1]) + (sidM[2] ? (sidM[2].toLowerCase().charCodeAt(0) - 96) / 100 : 0), header[iSen]);
    if (!seg) continue;
    let toks = tokCache.get(segId);
    if (!toks) {
      toks = whitespaceTokens(text);
      tokCache.set(segId, toks);
    }
    if (tokNo > toks.length) {
      sink.error(row.line, `token ${tokNo} (1-based) is out of range: the sentence has ${toks.length} tokens`, form === "allpos" ? "id" : header[col(ctx, form === "gao-verb" ? "verb_idx" : "w_index")]);
      continue;
    }
    const span = toks[tokNo - 1];
    if (iWord >= 0) {
      const w = f[iWord].trim();
      if (text.slice(span.start, span.end) !== w) sink.warn(row.line, `word ${JSON.stringify(w)} differs from token ${tokNo} ${JSON.stringify(text.slice(span.start, span.end))}; using the token position`, header[iWord], header[iWord]);
    }
    const rawPos = iPos >= 0 ? f[iPos].trim() : undefined;
    const p = rawPos !== undefined ? posInfo(rawPos, ctx.options) : form === "gao-verb" ? { pos: "VERB" as const, active: (ctx.options.activePos ?? ["VERB"]).includes("VERB") } : posInfo(undefined);
    c.addMrw(
      seg,
      {
        externalId: `${segId}:t${tokNo}`,
        spans: [{ ...span }],
        token: text.slice(span.start, span.end),
        ...(iLemma >= 0 && f[iLemma].trim() ? { lemma: f[iLemma].trim() } : {}),
        ...(rawPos ? { rawPos } : {}),
        pos: p.pos,
        active: p.active,
        metaphorical: label,
      },
      row.line,
      undefined,
      f.join("\u0000"),
    );
  }
}

// ---------------------------------------------------------------- sequences

function parseSequences(ctx: Ctx, form: "gao-seq" | "melbert-tok") {
  const { sink, c, rows, header } = ctx;
  const iSen = col(ctx, "sentence");
  const iLab = col(ctx, form === "gao-seq" ? "label_seq" : "label");
  const iPos = col(ctx, form === "gao-seq" ? "pos_seq" : "pos");
  const iGenre = col(ctx, "genre");
  const iNum = col(ctx, "numofmetaphor");
  const prefix = `vuamc-${form}`;
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (sink.full) return;
    if (!checkWidth(row, header.length, sink)) continue;
    const f = row.fields;
    let txt: string;
    let sidInfo: [string, number] | null;
    if (form === "gao-seq") {
      txt = f[col(ctx, "txt_id")].trim();
      sidInfo = sentenceIdField(ctx, row, col(ctx, "sen_ix"), "sen_ix");
    } else {
      const idx = f[col(ctx, "index")].trim().split(/\s+/);
      if (idx.length !== 2) {
        sink.error(row.line, `index ${JSON.stringify(f[col(ctx, "index")])} is not "<txt_id> <sentence_id>"`, header[col(ctx, "index")], header[col(ctx, "index")]);
        continue;
      }
      txt = idx[0];
      sidInfo = sentenceIdField({ ...ctx, rows: [] }, { line: row.line, fields: [idx[1]] }, 0, "sentence id in index");
    }
    if (sidInfo === null) continue;
    const [sid, order] = sidInfo;
    const text = f[iSen];
    const toks = whitespaceTokens(text);
    let labels: (string | number)[];
    let tags: (string | number)[];
    if (form === "gao-seq") {
      const l = parsePythonList(f[iLab]);
      const t = parsePythonList(f[iPos]);
      if (!l.ok) {
        sink.error(row.line, `label_seq: ${l.error} at character ${l.position}`, header[iLab], header[iLab]);
        continue;
      }
      if (!t.ok) {
        sink.error(row.line, `pos_seq: ${t.error} at character ${t.position}`, header[iPos], header[iPos]);
        continue;
      }
      labels = l.value;
      tags = t.value;
    } else {
      labels = f[iLab].trim().split(/\s+/);
      tags = f[iPos].trim().split(/\s+/);
    }
    if (labels.length !== toks.length || tags.length !== toks.length) {
      sink.error(row.line, `sequence lengths differ: ${toks.length} tokens, ${labels.length} labels, ${tags.length} POS tags`, header[iLab], header[iLab]);
      continue;
    }
    const segId = `${prefix}:${txt}:${sid}`;
    const prev = seen.get(segId);
    if (prev !== undefined) {
      sink.error(row.line, `duplicate sentence ${txt} ${sid} (first on line ${prev})`);
      continue;
    }
    seen.set(segId, row.line);
    const docId = `${prefix}:${txt}`;
    const genre = iGenre >= 0 ? f[iGenre].trim() : "";
    c.document(docId, { language: ctx.language, title: txt, ...(genre ? { genre } : {}) });
    const seg = c.segment(docId, segId, text, row.line, ctx.language, order, header[iSen]);
    if (!seg) continue;
    let ones = 0;
    let bad = false;
    for (let k = 0; k < toks.length; k++) {
      const v = String(labels[k]);
      if (v !== "0" && v !== "1") {
        sink.error(row.line, `unknown label ${JSON.stringify(v)} at position ${k + 1}: expected 0 or 1`, header[iLab], header[iLab]);
        bad = true;
        break;
      }
      if (v !== "1") continue;
      ones++;
      const p = posInfo(String(tags[k]), ctx.options);
      c.addMrw(seg, { externalId: `${segId}:t${k + 1}`, spans: [{ ...toks[k] }], token: text.slice(toks[k].start, toks[k].end), rawPos: String(tags[k]), pos: p.pos, active: p.active, metaphorical: true }, row.line);
    }
    if (!bad && iNum >= 0 && f[iNum].trim() !== String(ones)) sink.warn(row.line, `numOfMetaphor says ${f[iNum].trim()} but the label sequence has ${ones}`, header[iNum], header[iNum]);
  }
}
