/**
 * `tropos export --what errors --format mqm|marot` (issue 20.3): a project's error spans as the
 * WMT MQM release writes them, or as Marot reads them. Pure; lib/db/export/mqm.ts reads the rows.
 *
 * mqm: the nine columns `system doc doc_id seg_id rater source target category severity`, one row
 *   per error with its span enclosed in `<v>…</v>` in the text that holds it, and one `No-error`
 *   row (category and severity) for a translation its rater marked with nothing.
 * marot: the same rows in Marot's ten columns (`docSegId`, `globalSegId`, …, `metadata`), with the
 *   header line Marot writes itself. The metadata is what Marot's parser reads (marot.js, setData,
 *   addSegmentAggregations and setMarkedText; the fields pinned in
 *   tests/fixtures/mqm/marot-loader-fields.json): `timestamp` (ms since the epoch: when a rater
 *   saved the value in Tropos; left out for imported raters, whose file gave none), `note` (the
 *   span's comment), `source_spans`/`target_spans` (pairs of inclusive token indices into
 *   `segment.source_tokens`/`target_tokens`, which join to the texts), `marked_text`, and
 *   `corrected_translation` (the rater's edit of the translation, when the scheme has one).
 *   Tokens are split after whitespace and at every span boundary of the translation's rows, so
 *   each span is a whole run of tokens; an empty span (an omission's position) has no tokens and
 *   is written as `<v></v>` only. With tokens Marot also needs `segment.source_sentence_splits`
 *   and `target_sentence_splits` (it counts each sentence's characters from them, and stopped on
 *   "sentence_splits is not iterable" without): a Tropos segment is one sentence,
 *   `[{num_tokens: n}]`.
 *
 * Conventions: doc_id is the segment's position + 1, seg_id its external id; an empty span at the
 * start of the target is written without markers (how the import reads an error row without
 * markers). Tabs and line breaks inside texts would break the rows: they are written as spaces.
 */
import { writeMarkers } from "@/lib/import/v-markers";

export const MQM_COLUMNS = ["system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity"] as const;
export const MAROT_COLUMNS = ["system", "doc", "docSegId", "globalSegId", "rater", "source", "target", "category", "severity", "metadata"] as const;

export interface TMqmSpan {
  start: number;
  end: number;
  label: string | number;
  attributes?: Record<string, string | number>;
  on?: "source" | "target";
  comment?: string;
}

/** One rater's value of one translation. */
export interface TMqmRated {
  doc: string;
  /** the segment's position in the document, from 0 */
  index: number;
  segmentId: string;
  source: string;
  system: string;
  target: string;
  rater: string;
  /** [] = rated, nothing marked */
  spans: TMqmSpan[];
  /** ms since the epoch, when a rater saved it; none for an imported value (Marot would show the import time as the rating's) */
  timestamp?: number;
  correctedTranslation?: string;
}

const clean = (s: string) => s.replace(/[\t\r\n]/g, " ");
const NO_ERROR = "No-error";

/** Token boundaries: after each whitespace run, and at every given offset. */
export function tokensOf(text: string, cuts: Iterable<number>): string[] {
  const at = new Set<number>([0, text.length]);
  for (let i = 1; i < text.length; i++) if (/\s/.test(text[i - 1]) && !/\s/.test(text[i])) at.add(i);
  for (const c of cuts) if (c > 0 && c < text.length) at.add(c);
  const sorted = [...at].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) out.push(text.slice(sorted[i], sorted[i + 1]));
  return out;
}

/** The inclusive token range of [start, end) when the tokens' boundaries include both ends. */
function tokenRange(tokens: readonly string[], start: number, end: number): [number, number] | null {
  let pos = 0;
  let first = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (pos === start) first = i;
    pos += tokens[i].length;
    if (pos === end && first >= 0) return [first, i];
  }
  return null;
}

function severityOf(s: TMqmSpan, severityAttribute: string): string {
  const v = s.attributes?.[severityAttribute];
  return v === undefined ? "" : String(v);
}

/** The nine WMT columns of one rated translation: one row per span, or one No-error row. */
export function mqmRows(r: TMqmRated, severityAttribute = "severity"): string[][] {
  const base = [clean(r.system), clean(r.doc), String(r.index + 1), clean(r.segmentId), clean(r.rater)];
  const source = clean(r.source);
  const target = clean(r.target);
  if (r.spans.length === 0) return [[...base, source, target, NO_ERROR, NO_ERROR]];
  return r.spans.map((s) => {
    const onSource = s.on === "source";
    const unmarked = !onSource && s.start === 0 && s.end === 0;
    return [
      ...base,
      onSource ? writeMarkers(source, s.start, s.end) : source,
      onSource || unmarked ? target : writeMarkers(target, s.start, s.end),
      clean(String(s.label)),
      clean(severityOf(s, severityAttribute)),
    ];
  });
}

/**
 * Marot's ten columns for the rated translations of one segment × system (every rater's), so the
 * tokens are shared and cut at every rater's span boundaries.
 */
export function marotRows(group: readonly TMqmRated[], severityAttribute = "severity"): string[][] {
  if (group.length === 0) return [];
  const source = clean(group[0].source);
  const target = clean(group[0].target);
  const cuts = (side: "source" | "target") => group.flatMap((r) => r.spans.filter((s) => (s.on ?? "target") === side).flatMap((s) => [s.start, s.end]));
  const sourceTokens = tokensOf(source, cuts("source"));
  const targetTokens = tokensOf(target, cuts("target"));
  const segment = {
    source_tokens: sourceTokens,
    target_tokens: targetTokens,
    source_sentence_splits: [{ num_tokens: sourceTokens.length }],
    target_sentence_splits: [{ num_tokens: targetTokens.length }],
  };
  const rows: string[][] = [];
  for (const r of group) {
    const nine = mqmRows(r, severityAttribute);
    const common = {
      ...(r.timestamp !== undefined ? { timestamp: r.timestamp } : {}),
      ...(r.correctedTranslation !== undefined ? { corrected_translation: r.correctedTranslation } : {}),
    };
    if (r.spans.length === 0) {
      rows.push([...nine[0], JSON.stringify({ ...common, marked_text: "", segment })]);
      continue;
    }
    r.spans.forEach((s, i) => {
      const onSource = s.on === "source";
      const tokens = onSource ? segment.source_tokens : segment.target_tokens;
      const range = s.end > s.start ? tokenRange(tokens, s.start, s.end) : null;
      const text = onSource ? source : target;
      const metadata = {
        ...common,
        ...(s.comment ? { note: s.comment } : {}),
        ...(range ? { [onSource ? "source_spans" : "target_spans"]: [range] } : {}),
        marked_text: text.slice(s.start, s.end),
        segment,
      };
      rows.push([...nine[i], JSON.stringify(metadata)]);
    });
  }
  return rows;
}
