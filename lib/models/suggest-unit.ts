/**
 * One unit a model is asked about, at the scope of the field it fills: a document, a segment (the
 * item: a CR-ST blank, a Meta4XNLI sentence, an EMOS source), an MRW of the source, an item text
 * by role (a Meta4XNLI hypothesis, with its premise beside it), a translation (segment × system),
 * or one MRW in one translation (MMTE's equivalence, emotion and authenticity). The texts are
 * what the prompt shows; `segmentId` and `itemKey` are what the suggestion is stored under, the
 * same anchor an annotator's value of that field has (lib/schemes/language/value-anchor.ts).
 *
 * Item lists travel without the keys any field takes its gold from: a model, like an annotator,
 * never sees the answer (CR-ST's `answer`, Meta4XNLI's corpus `tags`).
 */

export interface TSuggestUnit {
  /** the segment the suggestion is stored on (a document-scope one: the document's first segment) */
  segmentId: string;
  segmentExternalId: string;
  /** Annotation.itemKey of the field's scope: "-:-", "<t>:-", "-:<m>", "<t>:<m>", "role:<id>", "document" */
  itemKey: string;
  translationId: string | null;
  system: string | null;
  mrwId: string | null;
  mrwExternalId: string | null;
  /** the role the field is anchored to (role scope) */
  role: string | null;
  /** the source segment's text; for a document-scope unit the document's segments, one per line */
  sourceText: string;
  translationText: string | null;
  sourceLang: string;
  targetLang: string | null;
  /** the MRW's spans in the source text (start inclusive, end exclusive, UTF-16) */
  mrwSpans: { start: number; end: number }[];
  /** whether the source unit is metaphorical (the MRW's flag, else the segment's): picks MMTE's equivalence label set */
  metaphorical: boolean;
  /** the item's texts by role, in the scheme's role order, with their labels */
  texts: { role: string; label: string; text: string }[];
  /** the item's lists (cloze candidates, tokens) without any gold key */
  lists: Record<string, unknown[]>;
}

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

/** The text a token-level field (tags) of this unit tags: the translation, the role's text, or the source. */
export function unitText(u: Pick<TSuggestUnit, "translationText" | "role" | "texts" | "sourceText" | "sourceLang" | "targetLang">): { text: string; language: string } {
  if (u.translationText !== null) return { text: u.translationText, language: u.targetLang ?? u.sourceLang };
  if (u.role !== null) return { text: u.texts.find((t) => t.role === u.role)?.text ?? "", language: u.sourceLang };
  return { text: u.sourceText, language: u.sourceLang };
}
