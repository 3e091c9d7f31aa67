/**
 * CoNLL token tags as one annotator's values of a `tags` field (issue 16: `tropos import
 * <file> --format conll --annotator ann1@lab.org` into a project whose scheme has a BIO tags field,
 * the meta4xnli preset's `metaphor`). The CoNLL parser reads the file as a corpus (segment text =
 * the tokens joined by single spaces, each B…I run an MRW, lib/import/parse-conll.ts); here each
 * sentence is matched to the project's segment with the same token sequence and its MRWs become
 * the annotator's tag sequence over the whitespace tokens. A sentence that is not in the project is
 * an error naming the file and its line; nothing of the file is stored then.
 *
 * The tags are stored as the file writes them (`X-METAPHOR` becomes `X-<tag>` of the field): an
 * `I-METAPHOR` after `O` stays `I-`, so agreement counts the annotator's own labels and equals
 * sklearn's cohen_kappa_score on the file (issue 30.6: read as `B-` it gave 0.3324 against 0.3363).
 * Each such tag is a warning. With `repairBio` (`--repair-bio`, the import page's checkbox) the lab
 * asks for BIO repair instead: the tag is stored as `B-<tag>`, one warning per repaired token.
 * Pure: the caller gives the project's segments by text.
 */
import { STRAY_INSIDE_WARNING } from "./parse-conll";
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

/** The file's tags with the field's tag name (`I-METAPHOR` → `I-<tag>`), as written. */
function tagsAsWritten(fileTags: readonly string[], tag: string): string[] {
  return fileTags.map((t) => (t === "O" ? "O" : `${t.slice(0, 2)}${tag}`));
}

export function conllAsAnnotator(
  parsed: ImportResult,
  opts: { fileName: string; annotator: string; field: string; tag: string; segmentByText: ReadonlyMap<string, string>; repairBio?: boolean },
): ImportResult {
  const annotations: ImportedAnnotation[] = [];
  const errors: ImportIssue[] = [...parsed.errors];
  const warnings: ImportIssue[] = [];
  for (const d of parsed.documents) {
    for (const s of d.segments) {
      const segmentId = opts.segmentByText.get(s.text);
      if (!segmentId) {
        errors.push({ file: opts.fileName, line: s.line, field: "tokens", message: `the sentence "${s.text.length > 60 ? `${s.text.slice(0, 57)}...` : s.text}" is not in the project (no segment has these tokens); import the corpus first` });
        continue;
      }
      const fileTags = s.lists?.tags as string[] | undefined;
      const spans = s.mrws.flatMap((m) => m.spans);
      const repaired = bioTags(s.text, spans, opts.tag);
      const written = fileTags && fileTags.length === repaired.length ? tagsAsWritten(fileTags, opts.tag) : repaired;
      // the sentence's lines are consecutive from s.line: token k is on line s.line + k
      written.forEach((t, k) => {
        if (t === repaired[k] || s.line === undefined) return;
        const what = `${fileTags![k]} after ${k === 0 ? "the sentence start" : fileTags![k - 1]}`;
        const message = opts.repairBio
          ? `${what} repaired (BIO repair asked for): stored and counted in agreement as ${repaired[k]}`
          : `${what} kept as written: stored and counted in agreement as ${t} (BIO repair, --repair-bio, would store ${repaired[k]})`;
        warnings.push({ file: opts.fileName, line: s.line + k, column: 2, field: "tag", message });
      });
      annotations.push({ annotator: opts.annotator, segmentId, field: opts.field, value: opts.repairBio ? repaired : written, line: s.line });
    }
  }
  // the corpus reading's "treated as B-METAPHOR" is not what happens to an annotator's tags: said above instead
  const base = { ...parsed, documents: [], translations: [], alignments: [], errorSpans: [], postEdits: [], warnings: [...parsed.warnings.filter((w) => w.message !== STRAY_INSIDE_WARNING), ...warnings] };
  return errors.length ? { ...base, annotations: [], errors } : { ...base, annotations, errors: [] };
}
