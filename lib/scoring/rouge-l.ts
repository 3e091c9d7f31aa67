/**
 * ROUGE-L (Lin 2004, §3.1 "sentence-level LCS"): with X the reference (m
 * tokens), Y the candidate (n tokens) and LCS(X, Y) their longest common
 * subsequence,
 *
 *   R = LCS/m,  P = LCS/n,  F = (1 + β²)·R·P / (R + β²·P).
 *
 * β = 1 by default (F is the harmonic mean of P and R), the convention of
 * Google's `rouge-score` package, which is what most MT papers report.
 * Lin's ROUGE-1.5.5 uses a large β (favouring recall); pass `beta` to match.
 * F is 0 when LCS = 0; P, R and F are 0 when either side has no tokens, but
 * an empty pair (both sides empty) is reported as undefined with a reason.
 *
 * The corpus score is the macro average of sentence F over the segments
 * (as `rouge-score`'s aggregation and MMTE table 3's per-group averages);
 * undefined segments are left out and counted.
 *
 * Tokenisation (documented, not rouge-score's ASCII-only one, which drops
 * Chinese and accented letters): lowercase, then
 *   - "zh": every Han character is a token; runs of other letters/digits are
 *     word tokens;
 *   - otherwise: runs of Unicode letters, marks and digits are tokens
 *     (`[\p{L}\p{M}\p{N}]+`: "squarciò" stays one word, "L'urlo" gives
 *     "l", "urlo").
 * Punctuation and whitespace are dropped in both modes. Scores are 0–1.
 */

export type TRougeLanguage = "zh" | "other";

export interface TRougeOptions {
  /** "zh" for Chinese (character level), anything else word level. */
  language?: TRougeLanguage | string;
  /** Default 1. */
  beta?: number;
}

export type TRougeLScore =
  | { defined: true; precision: number; recall: number; f: number; lcs: number; refLen: number; candLen: number }
  | { defined: false; reason: string };

const HAN_OR_WORD = /\p{Script=Han}|[\p{L}\p{M}\p{N}]+/gu;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export function rougeTokens(text: string, language: TRougeOptions["language"] = "other"): string[] {
  const lower = text.toLowerCase();
  if (language === "zh" || (typeof language === "string" && language.toLowerCase().startsWith("zh"))) {
    // Han characters are also \p{L}, so a letter run that starts with Latin ("abc中文") swallows them;
    // split such runs again into single Han characters and non-Han pieces.
    const out: string[] = [];
    for (const m of lower.matchAll(HAN_OR_WORD)) {
      const t = m[0];
      if (/\p{Script=Han}/u.test(t) && t.length > 1) {
        for (const part of t.match(/\p{Script=Han}|[^\p{Script=Han}]+/gu) ?? []) out.push(part);
      } else {
        out.push(t);
      }
    }
    return out;
  }
  return lower.match(WORD) ?? [];
}

/** Length of the longest common subsequence, O(m·n) time, O(min(m, n)) memory. */
export function lcsLength<T>(a: readonly T[], b: readonly T[]): number {
  if (a.length < b.length) [a, b] = [b, a];
  const prev = new Array<number>(b.length + 1).fill(0);
  const cur = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    }
    for (let j = 0; j <= b.length; j++) prev[j] = cur[j];
  }
  return prev[b.length];
}

export function rougeLFromTokens(candidate: readonly string[], reference: readonly string[], beta = 1): TRougeLScore {
  const m = reference.length;
  const n = candidate.length;
  if (m === 0 && n === 0) return { defined: false, reason: "both candidate and reference have no tokens" };
  if (m === 0 || n === 0) return { defined: true, precision: 0, recall: 0, f: 0, lcs: 0, refLen: m, candLen: n };
  const lcs = lcsLength(candidate, reference);
  const recall = lcs / m;
  const precision = lcs / n;
  const b2 = beta * beta;
  const f = lcs === 0 ? 0 : ((1 + b2) * recall * precision) / (recall + b2 * precision);
  return { defined: true, precision, recall, f, lcs, refLen: m, candLen: n };
}

export function rougeL(candidate: string, reference: string, opts: TRougeOptions = {}): TRougeLScore {
  return rougeLFromTokens(rougeTokens(candidate, opts.language), rougeTokens(reference, opts.language), opts.beta ?? 1);
}

export type TCorpusRougeL =
  | { defined: true; f: number; precision: number; recall: number; n: number; undefinedSegments: number }
  | { defined: false; reason: string; undefinedSegments: number };

/**
 * Macro-averaged ROUGE-L over aligned candidate/reference lists.
 * @throws RangeError when the lists differ in length.
 */
export function corpusRougeL(candidates: readonly string[], references: readonly string[], opts: TRougeOptions = {}): TCorpusRougeL {
  if (candidates.length !== references.length) {
    throw new RangeError(`ROUGE-L: ${candidates.length} candidates but ${references.length} references`);
  }
  let f = 0;
  let p = 0;
  let r = 0;
  let n = 0;
  let undef = 0;
  candidates.forEach((c, i) => {
    const s = rougeL(c, references[i], opts);
    if (!s.defined) {
      undef++;
      return;
    }
    f += s.f;
    p += s.precision;
    r += s.recall;
    n++;
  });
  if (n === 0) {
    return { defined: false, reason: candidates.length === 0 ? "no segments" : "no segment has tokens", undefinedSegments: undef };
  }
  return { defined: true, f: f / n, precision: p / n, recall: r / n, n, undefinedSegments: undef };
}
