import { encodeRatings, type EncodedRatings } from "./encode-ratings";
import type { AgreementResult, Ratings } from "./types";

export interface PercentAgreementResult extends AgreementResult {
  /** Fully coded units (every coder gave a value). */
  n: number;
  /** Fully coded units on which all coders gave the same code. */
  agreed: number;
}

/**
 * Percent agreement: the share (0..1, not 0..100) of fully coded units on
 * which all coders gave the same code. value = agreed / n.
 *
 * Conventions: only units coded by every coder count (`n`); a unit with any
 * missing value is left out, whatever the others say. Codes compare by
 * identity (`1` and `"1"` differ). Undefined (`value: null`, `reason`): fewer
 * than two coders, or no fully coded unit.
 * No chance correction; source: the usual definition, e.g. Krippendorff
 * (2004), Content Analysis, 2nd ed., section 11.2.1.
 *
 * @throws Error on a ragged matrix or an invalid code.
 * @example percentAgreement([[1, 2, 3], [1, 2, 1]]).value // 2/3
 */
export function percentAgreement(ratings: Ratings): PercentAgreementResult {
  return percentAgreementOfEncoded(encodeRatings(ratings, { what: "percentAgreement" }));
}

/** `percentAgreement` of already encoded ratings (any encoding of them: only equality of codes counts). */
export function percentAgreementOfEncoded(enc: EncodedRatings): PercentAgreementResult {
  const { nCoders, nUnits, codes } = enc;
  if (nCoders < 2) return { value: null, reason: "fewer than two coders", n: 0, agreed: 0 };
  let n = 0;
  let agreed = 0;
  for (let u = 0, base = 0; u < nUnits; u++, base += nCoders) {
    const first = codes[base];
    if (first < 0) continue;
    let complete = true;
    let same = true;
    for (let c = 1; c < nCoders; c++) {
      const v = codes[base + c];
      if (v < 0) {
        complete = false;
        break;
      }
      if (v !== first) same = false;
    }
    if (!complete) continue;
    n++;
    if (same) agreed++;
  }
  if (n === 0) return { value: null, reason: "no unit was coded by all coders", n, agreed };
  return { value: agreed / n, n, agreed };
}
