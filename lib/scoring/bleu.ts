/**
 * Corpus BLEU (Papineni et al. 2002) computed the way sacreBLEU 2.x computes
 * it with its defaults, so numbers are comparable with published ones:
 *
 * - tokenization `13a` (default) or `zh` for Chinese targets (sacreBLEU picks
 *   `zh` for target language zh); see ./sacrebleu-tokenizers.ts;
 * - case-sensitive; each segment is `rstrip`ped before tokenizing;
 * - clipped n-gram counts summed over the corpus (not averaged per sentence);
 * - brevity penalty BP = 1 if c ≥ r, else exp(1 − r/c) (0 when c = 0), with
 *   c = total hypothesis tokens and r = total reference tokens (the closest
 *   reference length per segment, shortest on ties, when several references);
 * - BLEU = BP · exp((1/N) Σ log pₙ) on a 0–100 scale, N = max n-gram order
 *   (4 for BLEU-4, 1 for BLEU-1);
 * - smoothing `exp` (Chen & Cherry 2014 method 3, mteval-v13a's NIST
 *   smoothing): the k-th order with zero matches gets pₙ = 100 / (2ᵏ · totalₙ);
 * - effective order off for corpus BLEU (sacreBLEU's default), on for
 *   sentence BLEU (as `sacrebleu.sentence_bleu`): orders with no hypothesis
 *   n-grams at all are then left out of the mean instead of zeroing it;
 * - no match at all (no matching unigram) gives 0, as sacreBLEU (#141).
 *
 * Source: sacrebleu/metrics/bleu.py `BLEU.compute_bleu`, `_get_closest_ref_len`.
 * MMTE table 3 reports BLEU on a 0–1 scale: divide `score` by 100.
 *
 * @example corpusBleu(["The cat sat."], ["The cat sat."]).score // 100
 */
import { pyRstrip, sacrebleuTokenize, type TBleuTokenizer } from "./sacrebleu-tokenizers";

export type TBleuSmoothing = "exp" | "floor" | "add-k" | "none";

export interface TBleuOptions {
  /** Default "13a"; use "zh" for Chinese targets. */
  tokenize?: TBleuTokenizer;
  /** 4 for BLEU-4 (default), 1 for BLEU-1. */
  maxNgramOrder?: number;
  /** Default "exp". */
  smoothMethod?: TBleuSmoothing;
  /** For "floor" (default 0.1) and "add-k" (default 1). */
  smoothValue?: number;
  /** Default false for corpus BLEU, true for sentenceBleu. */
  effectiveOrder?: boolean;
  lowercase?: boolean;
}

export interface TBleuResult {
  /** 0–100 */
  score: number;
  /** matching n-gram counts per order (after add-k smoothing, as sacreBLEU reports them) */
  counts: number[];
  totals: number[];
  /** 0–100 per order, smoothed */
  precisions: number[];
  bp: number;
  sysLen: number;
  refLen: number;
}

const SMOOTH_DEFAULTS: Record<TBleuSmoothing, number | undefined> = { none: undefined, floor: 0.1, "add-k": 1, exp: undefined };

/** sacrebleu.utils.my_log: log(0) is a large negative number instead of -Infinity. */
function myLog(x: number): number {
  return x === 0 ? -9999999999 : Math.log(x);
}

function ngramCounts(tokens: readonly string[], maxOrder: number): Map<string, number> {
  const m = new Map<string, number>();
  for (let n = 1; n <= maxOrder; n++) {
    for (let i = 0; i + n <= tokens.length; i++) {
      // Tokens come from a whitespace split, so none contains " ": the joined key is unambiguous.
      const key = `${n}\u0000${tokens.slice(i, i + n).join(" ")}`;
      m.set(key, (m.get(key) ?? 0) + 1);
    }
  }
  return m;
}

function closestRefLen(hypLen: number, refLens: readonly number[]): number {
  let closestDiff = -1;
  let closestLen = -1;
  for (const r of refLens) {
    const d = Math.abs(hypLen - r);
    if (closestDiff === -1 || d < closestDiff) {
      closestDiff = d;
      closestLen = r;
    } else if (d === closestDiff && r < closestLen) {
      closestLen = r;
    }
  }
  return closestLen;
}

/** Sufficient statistics of one segment: [sysLen, refLen, correct₁..N, total₁..N]. */
export interface TBleuStats {
  sysLen: number;
  refLen: number;
  correct: number[];
  total: number[];
}

export function bleuSegmentStats(hypTokens: readonly string[], refTokensList: readonly (readonly string[])[], maxOrder: number): TBleuStats {
  const hyp = ngramCounts(hypTokens, maxOrder);
  const refMax = new Map<string, number>();
  for (const ref of refTokensList) {
    for (const [k, c] of ngramCounts(ref, maxOrder)) refMax.set(k, Math.max(refMax.get(k) ?? 0, c));
  }
  const correct = new Array<number>(maxOrder).fill(0);
  const total = new Array<number>(maxOrder).fill(0);
  for (const [k, c] of hyp) {
    const n = Number(k.slice(0, k.indexOf("\u0000")));
    total[n - 1] += c;
    correct[n - 1] += Math.min(c, refMax.get(k) ?? 0);
  }
  return {
    sysLen: hypTokens.length,
    refLen: closestRefLen(hypTokens.length, refTokensList.map((r) => r.length)),
    correct,
    total,
  };
}

/** sacrebleu `BLEU.compute_bleu`, line for line. */
export function computeBleu(stats: TBleuStats, opts: Omit<TBleuOptions, "tokenize" | "lowercase"> = {}): TBleuResult {
  const maxOrder = opts.maxNgramOrder ?? 4;
  const method = opts.smoothMethod ?? "exp";
  const smoothValue = opts.smoothValue ?? SMOOTH_DEFAULTS[method] ?? 0;
  const effectiveOrder = opts.effectiveOrder ?? false;
  const correct = [...stats.correct];
  const total = [...stats.total];
  const { sysLen, refLen } = stats;

  const bp = sysLen < refLen ? (sysLen > 0 ? Math.exp(1 - refLen / sysLen) : 0) : 1;
  const precisions = new Array<number>(maxOrder).fill(0);

  if (!correct.some((c) => c !== 0)) {
    return { score: 0, counts: correct, totals: total, precisions, bp, sysLen, refLen };
  }

  let smoothMteval = 1;
  let effOrder = maxOrder;
  for (let n = 1; n <= maxOrder; n++) {
    if (method === "add-k" && n > 1) {
      correct[n - 1] += smoothValue;
      total[n - 1] += smoothValue;
    }
    if (total[n - 1] === 0) break;
    if (effectiveOrder) effOrder = n;
    if (correct[n - 1] === 0) {
      if (method === "exp") {
        smoothMteval *= 2;
        precisions[n - 1] = 100 / (smoothMteval * total[n - 1]);
      } else if (method === "floor") {
        precisions[n - 1] = (100 * smoothValue) / total[n - 1];
      }
    } else {
      precisions[n - 1] = (100 * correct[n - 1]) / total[n - 1];
    }
  }
  let sumLog = 0;
  for (let i = 0; i < effOrder; i++) sumLog += myLog(precisions[i]);
  const score = bp * Math.exp(sumLog / effOrder);
  return { score, counts: correct, totals: total, precisions, bp, sysLen, refLen };
}

function tokens(s: string, opts: TBleuOptions): string[] {
  let line = opts.lowercase ? s.toLowerCase() : s;
  line = pyRstrip(line);
  return sacrebleuTokenize(line, opts.tokenize ?? "13a");
}

/**
 * Corpus BLEU with several references per segment, laid out as sacreBLEU's
 * `corpus_score(hyps, [refStream1, refStream2, …])`: each stream holds one
 * reference per hypothesis.
 *
 * @throws RangeError when a stream's length differs from the hypotheses'.
 */
export function corpusBleuMultiRef(hypotheses: readonly string[], refStreams: readonly (readonly string[])[], opts: TBleuOptions = {}): TBleuResult {
  for (const s of refStreams) {
    if (s.length !== hypotheses.length) {
      throw new RangeError(`BLEU: ${hypotheses.length} hypotheses but a reference stream has ${s.length} segments`);
    }
  }
  if (refStreams.length === 0) throw new RangeError("BLEU: no references");
  const maxOrder = opts.maxNgramOrder ?? 4;
  const sum: TBleuStats = { sysLen: 0, refLen: 0, correct: new Array(maxOrder).fill(0), total: new Array(maxOrder).fill(0) };
  hypotheses.forEach((h, i) => {
    const st = bleuSegmentStats(tokens(h, opts), refStreams.map((s) => tokens(s[i], opts)), maxOrder);
    sum.sysLen += st.sysLen;
    sum.refLen += st.refLen;
    for (let n = 0; n < maxOrder; n++) {
      sum.correct[n] += st.correct[n];
      sum.total[n] += st.total[n];
    }
  });
  return computeBleu(sum, { ...opts, effectiveOrder: opts.effectiveOrder ?? false });
}

/** Corpus BLEU with one reference per segment (Tropos's gold reference). */
export function corpusBleu(hypotheses: readonly string[], references: readonly string[], opts: TBleuOptions = {}): TBleuResult {
  return corpusBleuMultiRef(hypotheses, [references], opts);
}

/** Sentence BLEU as `sacrebleu.sentence_bleu`: effective order on unless told otherwise. */
export function sentenceBleu(hypothesis: string, reference: string, opts: TBleuOptions = {}): TBleuResult {
  return corpusBleuMultiRef([hypothesis], [[reference]], { ...opts, effectiveOrder: opts.effectiveOrder ?? true });
}

/** BLEU-1 and BLEU-4 together (MMTE table 3 reports both). */
export function corpusBleu14(hypotheses: readonly string[], references: readonly string[], opts: Omit<TBleuOptions, "maxNgramOrder"> = {}) {
  return {
    bleu1: corpusBleu(hypotheses, references, { ...opts, maxNgramOrder: 1 }),
    bleu4: corpusBleu(hypotheses, references, { ...opts, maxNgramOrder: 4 }),
  };
}
