/**
 * EMOS, the emotion-preservation score of the EMOS paper (../shared/papers/emos-2025.txt, section
 * "Metrics"), with the definitions pinned as issue 18 states them; they are written out in
 * lib/scoring/EMOS.md, beside the paper's numbers that do and do not follow from them.
 *
 * A text's vector is the mean of its annotators' L1-normalised vectors (A: source, B: translation).
 *   CS  = cosine similarity;  MD = Σ|Aᵢ − Bᵢ| (0–2);  ED = √Σ(Aᵢ − Bᵢ)² (0–√2)
 *   VSS = 0.5·CS + 0.25·(1 − MD/2) + 0.25·(1 − ED/√2)
 *   LMR = |D(A) ∩ D(B)| / max(|D(A)|, |D(B)|), D(X) = the dimensions holding X's maximum (ties all count)
 *   EDR = min(H(A), H(B)) / max(H(A), H(B)), H(X) = −Σ Xᵢ log₂ Xᵢ (0·log 0 = 0); 1 when both are 0
 *   EMOS = α·VSS + β·LMR + γ·EDR, (α, β, γ) = (0.50, 0.35, 0.15) unless the project sets others
 *
 * Pure; checked against an independent numpy implementation (scripts/research/emos_fixture.py).
 */

// a type, not an interface: it is stored as JSON in the project's settings
export type TEmosWeights = {
  vss: number;
  lmr: number;
  edr: number;
};

/** The paper's weights (its equation 9). */
export const EMOS_PAPER_WEIGHTS: TEmosWeights = { vss: 0.5, lmr: 0.35, edr: 0.15 };

export interface TEmosMetrics {
  CS: number;
  MD: number;
  ED: number;
  VSS: number;
  LMR: number;
  EDR: number;
  EMOS: number;
}

/** Ties for the maximum are decided on exact equality up to this (means of normalised vectors carry rounding). */
const TIE = 1e-12;

/** v / Σv; an all-zero vector has no emotion distribution and is refused (the scheme refuses it at save time too). */
export function l1Normalise(v: readonly number[]): number[] {
  let s = 0;
  for (const x of v) {
    if (!(x >= 0) || !Number.isFinite(x)) throw new RangeError(`emotion intensities are finite and non-negative, got ${x}`);
    s += x;
  }
  if (s === 0) throw new RangeError("an emotion vector of all zeros has no distribution (mark neutrality when no emotion is present)");
  return v.map((x) => x / s);
}

/** The text's vector: the mean of its annotators' L1-normalised vectors (all of the same length). */
export function textVector(annotators: readonly (readonly number[])[]): number[] {
  if (annotators.length === 0) throw new RangeError("a text vector needs at least one annotator's vector");
  const d = annotators[0].length;
  const sum = new Array<number>(d).fill(0);
  for (const a of annotators) {
    if (a.length !== d) throw new RangeError(`vectors of ${d} and ${a.length} dimensions`);
    const n = l1Normalise(a);
    for (let i = 0; i < d; i++) sum[i] += n[i];
  }
  return sum.map((x) => x / annotators.length);
}

function dominant(x: readonly number[]): Set<number> {
  const max = Math.max(...x);
  const out = new Set<number>();
  x.forEach((v, i) => {
    if (Math.abs(v - max) <= TIE) out.add(i);
  });
  return out;
}

/** Shannon entropy in bits, 0·log 0 = 0. */
export function entropyBits(x: readonly number[]): number {
  let h = 0;
  for (const v of x) if (v > 0) h -= v * Math.log2(v);
  return h;
}

/** Every metric of one source/translation pair of text vectors (each summing to 1). */
export function emosMetrics(A: readonly number[], B: readonly number[], weights: TEmosWeights = EMOS_PAPER_WEIGHTS): TEmosMetrics {
  if (A.length !== B.length) throw new RangeError(`vectors of ${A.length} and ${B.length} dimensions`);
  let dot = 0, na = 0, nb = 0, md = 0, sq = 0;
  for (let i = 0; i < A.length; i++) {
    dot += A[i] * B[i];
    na += A[i] * A[i];
    nb += B[i] * B[i];
    md += Math.abs(A[i] - B[i]);
    sq += (A[i] - B[i]) ** 2;
  }
  const CS = dot / Math.sqrt(na * nb);
  const ED = Math.sqrt(sq);
  const VSS = 0.5 * CS + 0.25 * (1 - md / 2) + 0.25 * (1 - ED / Math.SQRT2);
  const da = dominant(A);
  const db = dominant(B);
  let both = 0;
  for (const i of da) if (db.has(i)) both++;
  const LMR = both / Math.max(da.size, db.size);
  const ha = entropyBits(A);
  const hb = entropyBits(B);
  const EDR = ha === 0 && hb === 0 ? 1 : Math.min(ha, hb) / Math.max(ha, hb);
  return { CS, MD: md, ED, VSS, LMR, EDR, EMOS: weights.vss * VSS + weights.lmr * LMR + weights.edr * EDR };
}

/** The metrics of one translation from its annotators' raw vectors and its source's. */
export function emosOfTranslation(source: readonly (readonly number[])[], translation: readonly (readonly number[])[], weights?: TEmosWeights): TEmosMetrics {
  return emosMetrics(textVector(source), textVector(translation), weights);
}
