/**
 * One unit a model is asked about: a translation (segment × system), or one MRW of the source in
 * one translation (MMTE's equivalence, emotion and authenticity). The texts are what the prompt
 * shows; the ids are what the suggestion is stored under.
 */
export interface TSuggestUnit {
  segmentId: string;
  segmentExternalId: string;
  translationId: string;
  system: string;
  mrwId: string | null;
  mrwExternalId: string | null;
  sourceText: string;
  translationText: string;
  sourceLang: string;
  targetLang: string;
  /** the MRW's spans in the source text (start inclusive, end exclusive, UTF-16) */
  mrwSpans: { start: number; end: number }[];
  /** whether the source unit is metaphorical (the MRW's flag, else the segment's): picks MMTE's equivalence label set */
  metaphorical: boolean;
}

/** "<translationId|->:<mrwId|->", as Annotation.itemKey, so the unique key has no NULL columns. */
export const unitItemKey = (u: { translationId: string | null; mrwId: string | null }) => `${u.translationId ?? "-"}:${u.mrwId ?? "-"}`;

/**
 * The source with the MRW marked as MMTE appendix D marks target words: `@word@`. Spans are
 * applied from the end so earlier offsets stay valid.
 */
export function markTarget(text: string, spans: readonly { start: number; end: number }[]): string {
  let out = text;
  for (const s of [...spans].sort((a, b) => b.start - a.start)) {
    if (s.start < 0 || s.end > out.length || s.end <= s.start) continue;
    out = `${out.slice(0, s.start)}@${out.slice(s.start, s.end)}@${out.slice(s.end)}`;
  }
  return out;
}
