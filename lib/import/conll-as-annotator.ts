/**
 * CoNLL token tags as one annotator's values of a `tags` field (issue 16: `tropos import
 * <file> --format conll --annotator ann1@lab.org` into a project whose scheme has a BIO tags field,
 * the meta4xnli preset's `metaphor`). The CoNLL parser reads the file as a corpus (segment text =
 * the tokens joined by single spaces, each B…I run an MRW, lib/import/parse-conll.ts); here each
 * sentence is matched to the project's segment with the same token sequence and its MRWs become
 * the tag sequence `O`, `B-<tag>`, `I-<tag>` over the whitespace tokens. A sentence that is not in
 * the project is an error naming the file and its line; nothing of the file is stored then.
 * Pure: the caller gives the project's segments by text.
 */
import type { ImportIssue, ImportResult, ImportedAnnotation } from "./types";

/** Token index ranges of a text split at single spaces, as the CoNLL parser joined them. */
function tokenRanges(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  for (const tok of text.split(" ")) {
    out.push({ start, end: start + tok.length });
    start += tok.length + 1;
  }
  return out;
}

/** The BIO tags of a sentence from its MRW spans. */
export function bioTags(text: string, spans: readonly { start: number; end: number }[], tag: string): string[] {
  const tokens = tokenRanges(text);
  const tags = tokens.map(() => "O");
  for (const s of spans) {
    const covered = tokens.map((t, i) => (t.start < s.end && t.end > s.start ? i : -1)).filter((i) => i >= 0);
    covered.forEach((i, k) => (tags[i] = `${k === 0 ? "B" : "I"}-${tag}`));
  }
  return tags;
}

export function conllAsAnnotator(
  parsed: ImportResult,
  opts: { fileName: string; annotator: string; field: string; tag: string; segmentByText: ReadonlyMap<string, string> },
): ImportResult {
  const annotations: ImportedAnnotation[] = [];
  const errors: ImportIssue[] = [...parsed.errors];
  for (const d of parsed.documents) {
    for (const s of d.segments) {
      const segmentId = opts.segmentByText.get(s.text);
      if (!segmentId) {
        errors.push({ file: opts.fileName, line: s.line, field: "tokens", message: `the sentence "${s.text.length > 60 ? `${s.text.slice(0, 57)}...` : s.text}" is not in the project (no segment has these tokens); import the corpus first` });
        continue;
      }
      const spans = s.mrws.flatMap((m) => m.spans);
      annotations.push({ annotator: opts.annotator, segmentId, field: opts.field, value: bioTags(s.text, spans, opts.tag), line: s.line });
    }
  }
  const base = { ...parsed, documents: [], translations: [], alignments: [], errorSpans: [], postEdits: [], warnings: parsed.warnings };
  return errors.length ? { ...base, annotations: [], errors } : { ...base, annotations, errors: [] };
}
