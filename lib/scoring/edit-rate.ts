/**
 * HTER-style edit rate between an MT output and its post-edit (Snover et al.
 * 2006, "A Study of Translation Edit Rate with Targeted Human Annotation"):
 *
 *   edit rate = (insertions + deletions + substitutions) / |post-edit|
 *
 * where the numerator is the minimum word-level Levenshtein distance turning
 * the hypothesis into the post-edit and |post-edit| is the post-edit's length
 * in tokens (the "reference" of HTER). This is TER *without shifts*: a moved
 * block costs its deletions plus insertions instead of 1, so the rate is an
 * upper bound of TER/HTER on the same tokens (equal when nothing moves).
 * It can exceed 1.
 *
 * Tokens: whitespace-separated words, case-sensitive, punctuation attached
 * (sacreBLEU TER's default, no normalisation); for Chinese ("zh*") every
 * non-whitespace character is a token (character-level, as is usual for CER).
 *
 * Undefined (with reason) when the post-edit has no tokens. Corpus rate =
 * Σ edits / Σ post-edit tokens (as TER aggregates), not a mean of ratios.
 *
 * Display chunks come from the `diff` package (`diffArrays`, an LCS diff:
 * equal / insert / delete runs); a substitution shows as a delete followed by
 * an insert. The chunk diff is for display only; the count is the Levenshtein
 * distance, which may be smaller than (deletes + inserts) of the chunks.
 */
import { diffArrays } from "diff";

export interface TEditRateOptions {
  /** "zh…" → character level; anything else → whitespace words. */
  language?: string;
}

export function editTokens(text: string, language?: string): string[] {
  if (language && language.toLowerCase().startsWith("zh")) {
    return Array.from(text).filter((ch) => !/\s/u.test(ch));
  }
  return text.split(/\s+/u).filter((t) => t !== "");
}

export interface TEditCounts {
  insertions: number;
  deletions: number;
  substitutions: number;
  /** insertions + deletions + substitutions */
  edits: number;
}

/**
 * Minimum-cost edit script (unit costs) from `hyp` to `ref` with its
 * operation counts. Ties between equal-cost scripts are broken by preferring
 * match/substitution, then deletion, then insertion, so the counts are
 * deterministic.
 */
export function levenshteinCounts<T>(hyp: readonly T[], ref: readonly T[]): TEditCounts {
  const n = hyp.length;
  const m = ref.length;
  // d[i][j] = distance between hyp[0..i) and ref[0..j)
  const d: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 0; i <= n; i++) d[i][0] = i;
  for (let j = 0; j <= m; j++) d[0][j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const sub = d[i - 1][j - 1] + (hyp[i - 1] === ref[j - 1] ? 0 : 1);
      d[i][j] = Math.min(sub, d[i - 1][j] + 1, d[i][j - 1] + 1);
    }
  }
  let i = n;
  let j = m;
  const c = { insertions: 0, deletions: 0, substitutions: 0 };
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + (hyp[i - 1] === ref[j - 1] ? 0 : 1)) {
      if (hyp[i - 1] !== ref[j - 1]) c.substitutions++;
      i--;
      j--;
    } else if (i > 0 && d[i][j] === d[i - 1][j] + 1) {
      c.deletions++;
      i--;
    } else {
      c.insertions++;
      j--;
    }
  }
  return { ...c, edits: c.insertions + c.deletions + c.substitutions };
}

export interface TDiffChunk {
  kind: "equal" | "insert" | "delete";
  tokens: string[];
}

export type TEditRate =
  | ({ defined: true; rate: number; hypLen: number; refLen: number; chunks: TDiffChunk[] } & TEditCounts)
  | ({ defined: false; reason: string; hypLen: number; refLen: number; chunks: TDiffChunk[] } & TEditCounts);

/** Token diff for display: from the MT output (old) to the post-edit (new). */
export function diffChunks(hypTokens: string[], refTokens: string[]): TDiffChunk[] {
  return diffArrays(hypTokens, refTokens).map((c) => ({
    kind: c.added ? "insert" : c.removed ? "delete" : "equal",
    tokens: c.value,
  }));
}

/** Edit rate of one MT output against its post-edit. */
export function editRate(hypothesis: string, postEdit: string, opts: TEditRateOptions = {}): TEditRate {
  const hyp = editTokens(hypothesis, opts.language);
  const ref = editTokens(postEdit, opts.language);
  const counts = levenshteinCounts(hyp, ref);
  const chunks = diffChunks(hyp, ref);
  if (ref.length === 0) {
    return { defined: false, reason: "the post-edit has no tokens", hypLen: hyp.length, refLen: 0, chunks, ...counts };
  }
  return { defined: true, rate: counts.edits / ref.length, hypLen: hyp.length, refLen: ref.length, chunks, ...counts };
}

export type TCorpusEditRate =
  | ({ defined: true; rate: number; refLen: number; segments: number } & TEditCounts)
  | { defined: false; reason: string };

/**
 * Σ edits / Σ post-edit tokens over aligned lists.
 * @throws RangeError when the lists differ in length.
 */
export function corpusEditRate(hypotheses: readonly string[], postEdits: readonly string[], opts: TEditRateOptions = {}): TCorpusEditRate {
  if (hypotheses.length !== postEdits.length) {
    throw new RangeError(`edit rate: ${hypotheses.length} hypotheses but ${postEdits.length} post-edits`);
  }
  const tot = { insertions: 0, deletions: 0, substitutions: 0, edits: 0, refLen: 0 };
  hypotheses.forEach((h, i) => {
    const hyp = editTokens(h, opts.language);
    const ref = editTokens(postEdits[i], opts.language);
    const c = levenshteinCounts(hyp, ref);
    tot.insertions += c.insertions;
    tot.deletions += c.deletions;
    tot.substitutions += c.substitutions;
    tot.edits += c.edits;
    tot.refLen += ref.length;
  });
  if (tot.refLen === 0) return { defined: false, reason: hypotheses.length === 0 ? "no segments" : "the post-edits have no tokens" };
  return { defined: true, rate: tot.edits / tot.refLen, segments: hypotheses.length, ...tot };
}
