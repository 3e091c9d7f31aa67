/**
 * Importer for the MetaHOPE annotation workbooks (Liang & Han 2026; files in
 * `shared/data/real/metahope/`, layout and pitfalls in its SOURCE.md).
 *
 * One sheet row per MRW. The MRW and the target words aligned to it are marked
 * only by bold + underlined rich-text runs (source sentence cell, and each MT
 * output cell). The header repeats IMP RAM MIS STL PRF SEGS once per system, so
 * system blocks are found by position: a system-name column followed by the
 * five category columns. One workbook per annotator; nothing in the sheet
 * names the annotator, so it comes from `opts.annotator` or the file name.
 *
 * Identity is derived from content only, never from the file name, so A's and
 * B's sheets yield the same documents, segments, MRWs, translations and
 * alignments, and differ only in error spans, post-edits and comments:
 * - document  `metahope:doc:<docid>`            (word_id = <docid>_<sentence#>_<word#>)
 * - segment   `metahope:<docid>_<sentence#>`     (the number most rows of that sentence carry;
 *                                                 `~<hash of text>` appended only on a clash)
 * - MRW       `metahope:mrw:<word_id>`
 * Rows are grouped into segments by the sentence text (after removing annotator
 * notes), not by the id, because some ids carry a wrong sentence number
 * (`al5-fragment03_32_47` belongs to sentence 5).
 *
 * Errors: one `ImportedErrorSpan` per non-zero category cell. In an MRW-level
 * sheet it is tied to the row's MRW; in the sentence-level sheet
 * (`…full_sentence-level_error.xlsx`, or `opts.level = "sentence"`) it has no
 * `mrwId`. Its span is the MRW's bold+underlined span in that system's output
 * (the covering span when the mark is discontinuous), or an empty span at 0
 * when the MRW is not realised.
 *
 * Never throws on a malformed row: row-level oddities become warnings (file,
 * line = sheet row, column, field); unknown severity values and an unreadable
 * layout are errors.
 */
import ExcelJS from "exceljs";
import {
  emptyImportResult,
  MAX_ERRORS,
  type ImportedAlignment,
  type ImportedDocument,
  type ImportedMrw,
  type ImportedSegment,
  type ImportIssue,
  type ImportResult,
  type MetahopeCategory,
  type MetahopeSeverity,
  type NormalisedPos,
  type Span,
} from "./types";
import { cellPlainText, readRichCell, spansWithin, type RichCellText } from "./metahope-rich-text";
import { parseMetahopeSeverity } from "./metahope-severity";
import { normaliseMetahopeSystem } from "./metahope-systems";
import { compareWithOriginal, splitSourceCell, wordTokens } from "./metahope-sentence";
import { classInContext, characterContext } from "./pos-in-context";

export interface TParseMetahopeOptions {
  /** annotator name; default: from the file name (`annotator-A` → `A`) */
  annotator?: string;
  /** default: `zh` when the source sentences contain CJK characters, else `en` */
  sourceLang?: string;
  /** default: `en` for a Chinese source, else `zh` */
  targetLang?: string;
  /** `sentence` = errors are sentence-level (no mrwId); default: from the file name (`sentence-level`) */
  level?: "mrw" | "sentence";
}

export const METAHOPE_CATEGORIES: readonly MetahopeCategory[] = ["IMP", "RAM", "MIS", "STL", "PRF"];

interface SystemBlock {
  system: string;
  /** 1-based column of the MT output; categories follow at +1..+5, SEGS at +6 */
  col: number;
}

interface SheetLayout {
  blocks: SystemBlock[];
  wordCol: number;
  posCol: number;
  goldCol?: number;
  noteCol?: number;
  noteKind?: "comment" | "segment-penalty";
}

interface RowSystem {
  block: SystemBlock;
  mt?: RichCellText;
  severities: (MetahopeSeverity | 0)[];
}

interface SheetRow {
  line: number;
  wordId: string;
  docId: string;
  sentNo?: string;
  wordNo?: number;
  source: RichCellText;
  sentence: string;
  note?: string;
  noteKind?: "arrow" | "parenthesis";
  word?: string;
  rawPos?: string;
  systems: RowSystem[];
  gold?: string;
  note2?: string;
  cellCount: number;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;

export async function parseMetahopeXlsx(
  fileName: string,
  content: Buffer,
  opts: TParseMetahopeOptions = {},
): Promise<ImportResult> {
  const result = emptyImportResult();
  const warn = (line: number | undefined, field: string | undefined, message: string, column?: number | string) =>
    result.warnings.push(issue(fileName, line, column, field, message));
  const fail = (line: number | undefined, field: string | undefined, message: string, column?: number | string) => {
    if (result.errors.length < MAX_ERRORS) result.errors.push(issue(fileName, line, column, field, message));
  };

  const wb = new ExcelJS.Workbook();
  try {
    // ExcelJS's typings predate Node's generic Buffer; the runtime accepts any Buffer.
    await wb.xlsx.load(content as unknown as ArrayBuffer);
  } catch (e) {
    fail(undefined, undefined, `not a readable .xlsx workbook: ${(e as Error).message}`);
    return result;
  }
  const ws = wb.worksheets.find((s) => cellPlainText(s.getRow(1).getCell(1).value)?.trim().toLowerCase() === "word_id");
  if (!ws) {
    fail(1, "word_id", "no worksheet has `word_id` in cell A1; not a MetaHOPE annotation sheet", "A");
    return result;
  }

  const layout = readLayout(ws, fail, warn);
  if (!layout) return result;

  const annotator = opts.annotator ?? annotatorFromFileName(fileName);
  if (!annotator) {
    warn(undefined, "annotator", 'no annotator given and none in the file name (e.g. "annotator-A"); using "unknown"');
  }
  const annotatorName = annotator ?? "unknown";
  const level = opts.level ?? (/sentence[-_ ]?level/i.test(fileName) ? "sentence" : "mrw");
  const split = /pilot/i.test(fileName) ? ("pilot" as const) : /test/i.test(fileName) ? ("test" as const) : undefined;

  // ---- pass 1: read rows -------------------------------------------------
  const rows: SheetRow[] = [];
  const blankLines: number[] = [];
  const lastRow = ws.rowCount;
  for (let r = 2; r <= lastRow; r++) {
    const row = ws.getRow(r);
    if (!row.hasValues || isBlankRow(row)) {
      blankLines.push(r);
      continue;
    }
    const parsed = readRow(row, r, layout, warn, fail);
    if (parsed) rows.push(parsed);
  }
  const lastDataLine = rows.length ? rows[rows.length - 1].line : 1;
  for (const b of blankLines) if (b < lastDataLine) warn(b, undefined, "blank row inside the data; skipped");
  if (rows.length === 0) {
    fail(undefined, undefined, "the sheet has no MRW rows");
    return result;
  }

  const sourceIsChinese = rows.some((r) => CJK.test(r.sentence));
  const sourceLang = opts.sourceLang ?? (sourceIsChinese ? "zh" : "en");
  const targetLang = opts.targetLang ?? (sourceLang === "zh" ? "en" : "zh");

  // ---- pass 2: group rows into segments by (document, sentence text) -----
  interface Group {
    docId: string;
    sentence: string;
    rows: SheetRow[];
    id?: string;
  }
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = `${row.docId}\u0000${row.sentence}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { docId: row.docId, sentence: row.sentence, rows: [] }));
    g.rows.push(row);
  }
  assignSegmentIds([...groups.values()]);

  // ---- pass 3: documents, segments, MRWs, translations, alignments, errors
  const docs = new Map<string, ImportedDocument>();
  const translations = new Map<string, string>(); // `${segmentId}\u0000${system}` → text
  const seenMrw = new Map<string, number>();
  // one post-edit per sentence (an annotator's post-edit is keyed by segment): the first row's
  const postEdits = new Map<string, { text: string; line: number }>();

  for (const g of groups.values()) {
    let doc = docs.get(g.docId);
    if (!doc) {
      doc = { externalId: `metahope:doc:${g.docId}`, language: sourceLang, genre: "news", split, segments: [] };
      docs.set(g.docId, doc);
    }
    const segmentId = g.id!;
    const segment: ImportedSegment = {
      externalId: segmentId,
      index: doc.segments.length,
      text: g.sentence,
      language: sourceLang,
      split,
      metaphorical: true,
      mrws: [],
      line: g.rows[0].line,
    };
    doc.segments.push(segment);
    const shuffledAt = g.rows.find(
      (r) => r.noteKind === "arrow" && compareWithOriginal(r.sentence, r.note ?? "") === "shuffled",
    )?.line;

    const outOfOrder = rowsOutOfOrder(g.rows);
    for (const row of g.rows) {
      // -- row-level mess -------------------------------------------------
      if (row.noteKind === "arrow") {
        const cmp = compareWithOriginal(row.sentence, row.note ?? "");
        const what =
          cmp === "shuffled"
            ? "its words are shuffled"
            : cmp === "same-words-same-order"
              ? "its punctuation was lost"
              : "it differs from it";
        warn(row.line, "sentence", `the cell adds the original sentence after "=>" (${what}); kept the sheet's sentence, the part after "=>" is dropped`, "B");
      } else if (row.noteKind === "parenthesis") {
        warn(row.line, "sentence", `annotator note "(${row.note})" after the sentence dropped`, "B");
      }
      if (shuffledAt !== undefined && row.noteKind !== "arrow") {
        warn(row.line, "sentence", `the sentence's words are shuffled (the original is given on row ${shuffledAt})`, "B");
      }
      const ownId = row.sentNo !== undefined ? `${row.docId}_${row.sentNo}` : undefined;
      if (ownId !== undefined && `metahope:${ownId}` !== segmentId.replace(/~[0-9a-f]+$/, "")) {
        warn(row.line, "word_id", `word_id ${row.wordId} names sentence ${ownId}, but its sentence is that of ${segmentId}; grouped by sentence text`, "A");
      }
      if (row.cellCount < (layout.goldCol ?? 0)) {
        warn(row.line, undefined, `ragged row: only ${row.cellCount} cells; the missing trailing cells are read as empty`);
      }

      // -- MRW --------------------------------------------------------------
      let mrwExt = `metahope:mrw:${row.wordId}`;
      const dup = seenMrw.get(mrwExt);
      if (dup !== undefined) {
        warn(row.line, "word_id", `word_id ${row.wordId} repeats row ${dup}; this MRW gets the id suffix #${row.line}`, "A");
        mrwExt = `${mrwExt}#${row.line}`;
      } else seenMrw.set(mrwExt, row.line);

      const spans = locateMrw(row, sourceIsChinese, warn);
      const markedText = spans.map((s) => row.sentence.slice(s.start, s.end)).join(" ");
      if (markedText.includes("+")) {
        warn(row.line, "sentence", `multi-word MRW joined with "+" in the sentence ("${markedText}"; word column: "${row.word ?? ""}")`, "B");
      }
      if (row.word && spans.length && norm(markedText) !== norm(row.word)) {
        warn(row.line, "word", `marked text "${markedText}" differs from the word column "${row.word}"`, "C");
      }
      if (shuffledAt === undefined && outOfOrder.has(row.line)) {
        warn(row.line, "word_id", `the word number in ${row.wordId} disagrees with where its MRW sits among the sentence's other MRWs (shuffled words or a wrong id?)`, "A");
      }
      // a PSUCMC idiom (i, l) takes its class from its sentence, as the source CSVs do (pos-in-context.ts)
      const ctx = spans.length && row.rawPos ? classInContext(row.rawPos, characterContext(row.sentence, spans[0].start, spans[spans.length - 1].end)) : undefined;
      const pos = ctx ?? normalisePos(row.rawPos);
      const mrw: ImportedMrw = {
        externalId: mrwExt,
        spans,
        token: row.word ?? markedText,
        rawPos: row.rawPos,
        pos,
        active: pos !== "OTHER",
        metaphorical: true,
      };
      segment.mrws.push(mrw);

      // -- per system --------------------------------------------------------
      for (const rs of row.systems) {
        const system = rs.block.system;
        const tKey = `${segmentId}\u0000${system}`;
        let tSpans: Span[] = [];
        if (!rs.mt || rs.mt.text.trim() === "") {
          warn(row.line, system, `no ${system} output in this row`, colLetter(rs.block.col));
        } else {
          tSpans = rs.mt.marked;
          if (tSpans.length === 0 && rs.mt.partial.length > 0) {
            tSpans = rs.mt.partial;
            warn(row.line, system, `the aligned words in the ${system} output are bold or underlined but not both; used as the alignment`, colLetter(rs.block.col));
          }
          const canonical = translations.get(tKey);
          if (canonical === undefined) {
            translations.set(tKey, rs.mt.text);
            result.translations.push({ segmentId, system, language: targetLang, text: rs.mt.text, line: row.line });
          } else if (canonical !== rs.mt.text) {
            tSpans = relocate(rs.mt.text, tSpans, canonical);
            warn(row.line, system, `the ${system} output differs from the one on an earlier row of this sentence; kept the first, alignment moved onto it`, colLetter(rs.block.col));
          }
        }
        const alignment: ImportedAlignment = {
          segmentId,
          mrwId: mrwExt,
          system,
          spans: tSpans,
          pattern: tSpans.length ? "DIRECT" : "OMISSION",
        };
        result.alignments.push(alignment);

        const errSpan = tSpans.length
          ? { start: Math.min(...tSpans.map((s) => s.start)), end: Math.max(...tSpans.map((s) => s.end)) }
          : { start: 0, end: 0 };
        rs.severities.forEach((sev, k) => {
          if (sev === 0) return;
          result.errorSpans.push({
            annotator: annotatorName,
            segmentId,
            system,
            mrwId: level === "mrw" ? mrwExt : undefined,
            category: METAHOPE_CATEGORIES[k],
            severity: sev,
            span: { ...errSpan },
            comment: level === "sentence" ? `sentence-level error entered on the row of MRW ${row.wordId}` : undefined,
            line: row.line,
          });
        });
      }

      // -- post-edit and notes ------------------------------------------------
      if (row.gold !== undefined && row.gold.trim() !== "") {
        const outputs = row.systems.map((s) => s.mt?.text.trim() ?? "").filter((t) => t !== "");
        const shortest = outputs.length ? Math.min(...outputs.map((t) => t.length)) : 0;
        const first = postEdits.get(segmentId);
        if (first && first.text !== row.gold) {
          // a second, different cell for the same sentence would replace the first post-edit (the
          // pilot's A has "资格", a note, on the second MRW row of a sentence already post-edited)
          warn(row.line, "Human Gold Standard", `a second post-edit of this sentence ("${row.gold.trim()}") differs from the one on line ${first.line}; the sentence keeps that one`, colLetter(layout.goldCol!));
        } else if (!first) {
          if (row.gold.trim().length < shortest / 2) {
            warn(row.line, "Human Gold Standard", `post-edit "${row.gold.trim()}" is much shorter than the MT outputs (a fragment or a note?); imported as is`, colLetter(layout.goldCol!));
          }
          postEdits.set(segmentId, { text: row.gold, line: row.line });
          const from = row.systems.find((s) => s.mt && s.mt.text.trim() === row.gold!.trim());
          result.postEdits.push({
            annotator: annotatorName,
            segmentId,
            system: from?.block.system,
            text: row.gold,
            kind: "figurative",
            language: targetLang,
          });
        }
      }
      if (row.note2 !== undefined && row.note2.trim() !== "") {
        if (layout.noteKind === "segment-penalty") {
          const n = Number(row.note2);
          result.annotations.push({
            annotator: annotatorName,
            segmentId,
            mrwId: mrwExt,
            field: "METAHOPE_SEGMENT_PENALTY",
            value: Number.isFinite(n) ? n : row.note2,
            line: row.line,
          });
        } else {
          result.annotations.push({
            annotator: annotatorName,
            segmentId,
            mrwId: mrwExt,
            field: "METAHOPE_COMMENT",
            value: row.note2,
            line: row.line,
          });
        }
      }
    }
  }
  result.documents = [...docs.values()];
  // The sheet has a row for every MRW and system of every sentence and leaves "no error" blank:
  // its annotator reviewed every sentence in it (MetaHOPE tables 3-4 read a blank cell as 0).
  result.completed = result.documents.flatMap((d) => d.segments.map((sg) => ({ annotator: annotatorName, segmentId: sg.externalId })));
  return result;
}

// ---------------------------------------------------------------------------

function issue(file: string, line: number | undefined, column: number | string | undefined, field: string | undefined, message: string): ImportIssue {
  const i: ImportIssue = { file, message };
  if (line !== undefined) i.line = line;
  if (column !== undefined) i.column = column;
  if (field !== undefined) i.field = field;
  return i;
}

/** `annotator-A`, `annotator_B`, `annotatorC` → `A`, `B`, `C`. */
export function annotatorFromFileName(fileName: string): string | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const m = /annotator[-_ ]?([A-Za-z0-9]+)/i.exec(base.replace(/\.xlsx$/i, ""));
  return m ? m[1] : undefined;
}

export function colLetter(col: number): string {
  let s = "";
  for (let c = col; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

function headerText(ws: ExcelJS.Worksheet, col: number): string {
  return (cellPlainText(ws.getRow(1).getCell(col).value) ?? "").trim();
}

function readLayout(
  ws: ExcelJS.Worksheet,
  fail: (line: number | undefined, field: string | undefined, message: string, column?: number | string) => void,
  warn: (line: number | undefined, field: string | undefined, message: string, column?: number | string) => void,
): SheetLayout | undefined {
  const width = Math.max(ws.getRow(1).cellCount, ws.columnCount);
  const blocks: SystemBlock[] = [];
  let ok = true;
  if (headerText(ws, 2).toLowerCase() !== "sentence") {
    fail(1, "sentence", `column B must be "sentence", found "${headerText(ws, 2)}"`, "B");
    ok = false;
  }
  // A system block is a column followed by IMP RAM MIS STL PRF, read by position
  // because the category names repeat once per system.
  for (let c = 2; c + 5 <= width; c++) {
    const names = [1, 2, 3, 4, 5].map((k) => headerText(ws, c + k).toUpperCase());
    if (names.join(" ") !== METAHOPE_CATEGORIES.join(" ")) continue;
    const raw = headerText(ws, c);
    const system = normaliseMetahopeSystem(raw);
    if (!system) warn(1, "system", `unknown MT system "${raw}"; kept as written`, colLetter(c));
    if (headerText(ws, c + 6).toUpperCase() !== "SEGS") {
      warn(1, "SEGS", `expected SEGS after ${raw}'s PRF column, found "${headerText(ws, c + 6)}"`, colLetter(c + 6));
    }
    blocks.push({ system: system ?? raw, col: c });
    c += 5;
  }
  if (blocks.length === 0) {
    fail(1, "IMP", "no system block (a system column followed by IMP RAM MIS STL PRF) in the header");
    ok = false;
  }
  const seen = new Set<string>();
  for (const b of blocks) {
    if (seen.has(b.system)) {
      fail(1, "system", `system ${b.system} has two column blocks`, colLetter(b.col));
      ok = false;
    }
    seen.add(b.system);
  }
  if (!ok) return undefined;
  let goldCol: number | undefined;
  for (let c = 1; c <= width; c++) if (/human gold/i.test(headerText(ws, c))) goldCol = c;
  if (goldCol === undefined) warn(1, "Human Gold Standard", 'no "Human Gold Standard" column; no post-edits imported');
  const noteCol = goldCol !== undefined && goldCol + 1 <= width ? goldCol + 1 : undefined;
  const noteHeader = noteCol ? headerText(ws, noteCol) : "";
  const noteKind = /segment penalty/i.test(noteHeader) ? "segment-penalty" : /comment/i.test(noteHeader) ? "comment" : undefined;
  return { blocks, wordCol: 3, posCol: 4, goldCol, noteCol: noteKind ? noteCol : undefined, noteKind };
}

function isBlankRow(row: ExcelJS.Row): boolean {
  let blank = true;
  row.eachCell({ includeEmpty: false }, (cell) => {
    const t = cellPlainText(cell.value);
    if (t !== undefined && t.trim() !== "") blank = false;
  });
  return blank;
}

function readRow(
  row: ExcelJS.Row,
  line: number,
  layout: SheetLayout,
  warn: (line: number | undefined, field: string | undefined, message: string, column?: number | string) => void,
  fail: (line: number | undefined, field: string | undefined, message: string, column?: number | string) => void,
): SheetRow | undefined {
  // before any getCell(): ExcelJS creates the cells it is asked for
  const cellCount = row.cellCount;
  const text = (col: number) => {
    const t = cellPlainText(row.getCell(col).value);
    return t === undefined || t.trim() === "" ? undefined : t;
  };
  const wordId = text(1)?.trim();
  if (!wordId) {
    warn(line, "word_id", "row has no word_id; skipped", "A");
    return undefined;
  }
  const source = readRichCell(row.getCell(2).value);
  if (!source || source.text.trim() === "") {
    warn(line, "sentence", "row has no sentence; skipped", "B");
    return undefined;
  }
  const m = /^(.+)_(\d+)_(\d+)$/.exec(wordId);
  if (!m) warn(line, "word_id", `word_id "${wordId}" is not <docid>_<sentence#>_<word#>`, "A");
  const parts = splitSourceCell(source.text);

  const systems: RowSystem[] = layout.blocks.map((block) => {
    const severities = METAHOPE_CATEGORIES.map((cat, k) => {
      const col = block.col + 1 + k;
      const parsed = parseMetahopeSeverity(row.getCell(col).value);
      if (!parsed.ok) {
        fail(line, `${block.system} ${cat}`, `row ${line}, column ${colLetter(col)} (${block.system} ${cat}): ${parsed.reason}`, colLetter(col));
        return 0 as const;
      }
      return parsed.severity;
    });
    const segsCell = text(block.col + 6);
    if (segsCell !== undefined) {
      const sum = severities.reduce<number>((a, b) => a + b, 0);
      if (Number(segsCell) !== sum) {
        warn(line, `${block.system} SEGS`, `SEGS cell says ${segsCell.trim()} but the five categories sum to ${sum}; the categories are used`, colLetter(block.col + 6));
      }
    }
    return { block, mt: readRichCell(row.getCell(block.col).value), severities };
  });

  return {
    line,
    wordId,
    docId: m ? m[1] : wordId,
    sentNo: m ? m[2] : undefined,
    wordNo: m ? Number(m[3]) : undefined,
    source,
    sentence: parts.sentence,
    note: parts.note,
    noteKind: parts.noteKind,
    word: text(layout.wordCol)?.trim(),
    rawPos: text(layout.posCol)?.trim(),
    systems,
    gold: layout.goldCol ? text(layout.goldCol) : undefined,
    note2: layout.noteCol ? text(layout.noteCol) : undefined,
    cellCount,
  };
}

/**
 * Rows whose word number (from word_id) is out of order with respect to at least
 * half of the other MRWs of the same sentence, comparing word numbers with the
 * positions of the marks in the text. Word numbers follow the corpus
 * tokenisation, so they are compared only by order, never by value.
 */
function rowsOutOfOrder(rows: SheetRow[]): Set<number> {
  const items = rows
    .map((r) => ({ line: r.line, no: r.wordNo, at: spansWithin(r.source.marked, r.sentence.length)[0]?.start }))
    .filter((x): x is { line: number; no: number; at: number } => x.no !== undefined && x.at !== undefined);
  const out = new Set<number>();
  for (const a of items) {
    const others = items.filter((b) => b !== a && b.at !== a.at && b.no !== a.no);
    const inversions = others.filter((b) => Math.sign(b.no - a.no) !== Math.sign(b.at - a.at)).length;
    if (inversions > 0 && inversions * 2 >= others.length) out.add(a.line);
  }
  return out;
}

/** FNV-1a, 32 bit, hex: a short content hash for disambiguating segment ids. */
function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/**
 * Segment id = the `<docid>_<sentence#>` most of a sentence's rows carry. When
 * two different sentences claim the same id, the one with more rows carrying it
 * keeps it and the other gets `~<hash of its text>` — decided by content only,
 * so every annotator's sheet gives the same ids.
 */
function assignSegmentIds(groups: { docId: string; sentence: string; rows: SheetRow[]; id?: string }[]) {
  const claims = new Map<string, { g: (typeof groups)[number]; votes: number }[]>();
  for (const g of groups) {
    const votes = new Map<string, number>();
    for (const r of g.rows) {
      const id = r.sentNo !== undefined ? `${r.docId}_${r.sentNo}` : r.docId;
      votes.set(id, (votes.get(id) ?? 0) + 1);
    }
    let best = "";
    let bestVotes = -1;
    for (const [id, v] of votes) if (v > bestVotes || (v === bestVotes && id < best)) [best, bestVotes] = [id, v];
    const list = claims.get(best) ?? [];
    list.push({ g, votes: bestVotes });
    claims.set(best, list);
  }
  for (const [id, list] of claims) {
    list.sort((a, b) => b.votes - a.votes || (a.g.sentence < b.g.sentence ? -1 : 1));
    list.forEach(({ g }, i) => {
      g.id = i === 0 ? `metahope:${id}` : `metahope:${id}~${fnv1a(g.sentence)}`;
    });
  }
}

const norm = (s: string) => s.toLowerCase().replace(/\s*\+\s*/g, " ").replace(/\s+/g, " ").trim();

/**
 * The MRW's spans in the sentence: the bold+underlined runs; failing that, a
 * bold-only or underline-only run; failing that, the word column found in the
 * text (nearest to the word number). Each fallback is a warning.
 */
function locateMrw(
  row: SheetRow,
  chinese: boolean,
  warn: (line: number | undefined, field: string | undefined, message: string, column?: number | string) => void,
): Span[] {
  const limit = row.sentence.length;
  const marked = spansWithin(row.source.marked, limit);
  if (marked.length) return marked;
  const partial = spansWithin(row.source.partial, limit);
  if (partial.length) {
    warn(row.line, "sentence", "the MRW is bold or underlined but not both; used as the MRW", "B");
    return partial;
  }
  const found = row.word ? findWord(row.sentence, row.word, chinese, row.wordNo) : undefined;
  if (found) {
    warn(row.line, "sentence", `the MRW is not marked in the sentence; located "${row.word}" by search`, "B");
    return [found];
  }
  warn(row.line, "sentence", `the MRW is not marked in the sentence and "${row.word ?? ""}" was not found in it; MRW has no span`, "B");
  return [];
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function findWord(text: string, word: string, chinese: boolean, wordNo?: number): Span | undefined {
  const variants = [word, word.replace(/\s*\+\s*/g, "+"), word.replace(/\s*\+\s*/g, " "), word.replace(/\s+/g, "+")];
  for (const v of [...new Set(variants)]) {
    const re = chinese
      ? new RegExp(escapeRe(v), "g")
      : new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(v)}(?![\\p{L}\\p{N}])`, "giu");
    const hits = [...text.matchAll(re)];
    if (!hits.length) continue;
    let best = hits[0];
    if (wordNo !== undefined && hits.length > 1 && !chinese) {
      const tokIndex = (i: number) => wordTokens(text.slice(0, i)).length + 1;
      best = hits.reduce((a, b) => (Math.abs(tokIndex(b.index!) - wordNo) < Math.abs(tokIndex(a.index!) - wordNo) ? b : a));
    }
    return { start: best.index!, end: best.index! + best[0].length };
  }
  return undefined;
}

/** Move spans marked in `from` onto the same words in `to` (nearest occurrence); drop those not found. */
function relocate(from: string, spans: Span[], to: string): Span[] {
  const out: Span[] = [];
  for (const s of spans) {
    const piece = from.slice(s.start, s.end);
    if (to.slice(s.start, s.end) === piece) {
      out.push({ ...s });
      continue;
    }
    let best = -1;
    for (let i = to.indexOf(piece); i >= 0; i = to.indexOf(piece, i + 1)) {
      if (best < 0 || Math.abs(i - s.start) < Math.abs(best - s.start)) best = i;
    }
    if (best >= 0) out.push({ start: best, end: best + piece.length });
  }
  return out;
}

/**
 * VUAMC wordcat (N, V, AJ, AV, compound `V + AV`: first part) and PSUCMC
 * ICTCLAS tags (n*, vn, v*, a*, d*, i, l) → NOUN/VERB/ADJ/ADV as lib/import/normalise-pos.ts
 * does; anything else OTHER.
 */
export function normalisePos(raw: string | undefined): NormalisedPos {
  if (!raw) return "OTHER";
  const head = raw.split("+")[0].trim();
  const up = head.toUpperCase();
  if (up === "N" || up === "NN" || up.startsWith("NOUN")) return "NOUN";
  if (up === "V" || up.startsWith("VERB")) return "VERB";
  if (up === "AJ" || up === "ADJ" || up === "JJ") return "ADJ";
  if (up === "AV" || up === "ADV" || up === "RB") return "ADV";
  // ICTCLAS (lower-case in PSUCMC): n, ng, nr…, vn (a verb working as a noun, see
  // normalise-pos.ts); v, vg…; a, ag, ad…; d; idioms i, l a predicate without their sentence
  if (/^[a-z]+$/.test(head)) {
    if (head === "vn") return "NOUN";
    if (head === "i" || head === "l") return "VERB";
    if (head.startsWith("n")) return "NOUN";
    if (head.startsWith("v")) return "VERB";
    if (head.startsWith("a")) return "ADJ";
    if (head.startsWith("d")) return "ADV";
  }
  return "OTHER";
}
