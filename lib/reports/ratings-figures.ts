/**
 * Turns one ratings matrix (coders × units, null = not coded) into agreement
 * figures with lib/agreement. Shared by the MetaHOPE and MMTE figures so both
 * follow the same conventions:
 * - coders who coded nothing here are left out;
 * - pairwise statistics (Cohen's κ, Pearson r) are given for every pair, with
 *   the pair named in `annotators` only when there are more than two coders;
 * - exact agreement is over units coded by every coder, as a percentage;
 * - optional percentile bootstrap over units (seeded; see bootstrap-ci.ts),
 *   allowing up to 10 % undefined replicates (sparse categories often resample
 *   to "no variation") before the interval is reported as undefined.
 */
import {
  bootstrapCI,
  cohenKappa,
  confusionMatrixOfEncoded,
  type ConfusionMatrix,
  encodeForAlpha,
  fleissKappa,
  krippendorffAlpha,
  krippendorffAlphaOfEncoded,
  pearsonR,
  percentAgreement,
  percentAgreementOfEncoded,
  type AgreementResult,
  type Code,
  type Ratings,
} from "@/lib/agreement";
import type { TAgreementFigure } from "./agreement-figure";
import { mixesKinds } from "@/lib/agreement/encode-ratings";
import type { TAlphaLevelName, TKappaCategoriesName, TKappaWeightsName } from "./agreement-options";

export interface TRatingsSpec {
  alphaLevels: readonly TAlphaLevelName[];
  kappaWeights: readonly TKappaWeightsName[];
  /** category lists for κ, the first one first in the output; each gives the list or undefined (= observed) */
  kappaCategoryLists: readonly { name: TKappaCategoriesName; categories: Code[] | undefined }[];
  pearson: boolean;
  totals: boolean;
  /** Fleiss' κ overall and per label over these categories */
  fleiss?: { categories: Code[] };
  bootstrap?: { iterations: number; seed: number; maxUnits: number };
}

type Base = Pick<TAgreementFigure, "scheme" | "system" | "field">;

function fig(base: Base, statistic: TAgreementFigure["statistic"], r: AgreementResult, extra: Partial<TAgreementFigure> = {}, scale = 1): TAgreementFigure {
  const f: TAgreementFigure = { ...base, statistic, ...extra, value: r.value === null ? null : r.value * scale, n: r.n ?? 0 };
  if (r.value === null && r.reason) f.reason = r.reason;
  return f;
}

function withCi(f: TAgreementFigure, ratings: Ratings, stat: (r: Ratings) => AgreementResult, spec: TRatingsSpec, units: number, scale = 1) {
  const b = spec.bootstrap;
  if (!b || f.value === null) return f;
  if (units > b.maxUnits) {
    f.ci95 = [null, null];
    f.ciReason = `bootstrap skipped: ${units} units > ${b.maxUnits}`;
    return f;
  }
  const ci = bootstrapCI(ratings, stat, { iterations: b.iterations, seed: b.seed, maxUndefinedShare: 0.1 });
  f.ci95 = [ci.lower === null ? null : ci.lower * scale, ci.upper === null ? null : ci.upper * scale];
  if (ci.lower === null && ci.reason) f.ciReason = ci.reason;
  return f;
}

/**
 * `cohenKappa(a, b, { weights, categories })` from the pair's confusion matrix
 * (`confusionMatrixOfEncoded`, equal to `confusionMatrix(a, b, { categories })`), so the weightings of one pair and
 * category list share one pass over the units: the same integer-count
 * arithmetic in the same order, hence the same numbers.
 */
function kappaOfMatrix(cm: ConfusionMatrix, weights: TKappaWeightsName, categoriesGiven: boolean): AgreementResult {
  const { categories, counts, n } = cm;
  if (weights !== "unweighted" && !categoriesGiven && mixesKinds(categories)) {
    throw new Error("cohenKappa: weighted kappa of mixed number and string codes needs an ordered categories option");
  }
  if (n === 0) return { value: null, reason: "no unit coded by both coders", n };
  const k = categories.length;
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  let diag = 0;
  for (let i = 0; i < k; i++) {
    diag += counts[i][i];
    for (let j = 0; j < k; j++) {
      rows[i] += counts[i][j];
      cols[j] += counts[i][j];
    }
  }
  let chance = 0;
  for (let i = 0; i < k; i++) chance += rows[i] * cols[i];
  const n2 = n * n;
  if (chance === n2) return { value: null, reason: "no variation: both coders used only one and the same category, so expected agreement is 1", n };
  if (weights === "unweighted") return { value: (n * diag - chance) / (n2 - chance), n };
  let wo = 0;
  let we = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j) continue;
      const w = weights === "linear" ? Math.abs(i - j) : (i - j) * (i - j);
      wo += w * counts[i][j];
      we += w * rows[i] * cols[j];
    }
  }
  return { value: 1 - (n * wo) / we, n };
}

export function ratingsFigures(base: Base, ratingsIn: Ratings, coderEmails: readonly string[], spec: TRatingsSpec): TAgreementFigure[] {
  const keep = ratingsIn.map((row, i) => i).filter((i) => ratingsIn[i].some((v) => v !== null && v !== undefined));
  const ratings = keep.map((i) => ratingsIn[i]);
  const emails = keep.map((i) => coderEmails[i]);
  const units = ratings[0]?.length ?? 0;
  const out: TAgreementFigure[] = [];

  if (spec.fleiss) {
    const cats = spec.fleiss.categories;
    const fk = (r: Ratings) => fleissKappa(r, { categories: cats });
    const whole = fk(ratings);
    out.push(withCi(fig(base, "fleiss_kappa", whole), ratings, fk, spec, units));
    for (const c of whole.perCategory) {
      const f: TAgreementFigure = { ...base, statistic: "fleiss_kappa", label: String(c.category), value: c.value, n: whole.n };
      if (c.value === null && c.reason) f.reason = c.reason;
      out.push(f);
    }
  }
  // one encoding of the matrix for every statistic below (α at all levels shares one
  // coincidence matrix, each pair's κ one confusion count): the same numbers as one call per
  // statistic, without re-reading a million codes for each
  const enc = encodeForAlpha(ratings, spec.alphaLevels);
  const alphas = krippendorffAlphaOfEncoded(enc, spec.alphaLevels);
  spec.alphaLevels.forEach((level, i) => {
    const st = (r: Ratings) => krippendorffAlpha(r, { level });
    out.push(withCi(fig(base, "krippendorff_alpha", alphas[i], { level }), ratings, st, spec, units));
  });
  const pairs: [number, number][] = [];
  for (let i = 0; i < ratings.length; i++) for (let j = i + 1; j < ratings.length; j++) pairs.push([i, j]);
  const named = ratings.length > 2;
  for (const [i, j] of pairs) {
    const pair = named ? { annotators: [emails[i], emails[j]] as [string, string] } : {};
    const ab: Ratings = [ratings[i], ratings[j]];
    // one confusion matrix per category list, shared by the weightings
    const matrices = new Map<(typeof spec.kappaCategoryLists)[number], ConfusionMatrix>();
    const matrixOf = (list: (typeof spec.kappaCategoryLists)[number]) => {
      let cm = matrices.get(list);
      if (!cm) matrices.set(list, (cm = confusionMatrixOfEncoded(enc, i, j, { categories: list.categories })));
      return cm;
    };
    for (const weights of spec.kappaWeights) {
      const lists = weights === "unweighted" ? spec.kappaCategoryLists.slice(0, 1) : spec.kappaCategoryLists;
      for (const list of lists) {
        const st = (r: Ratings) => cohenKappa(r[0], r[1], { weights, categories: list.categories });
        const extra = weights === "unweighted" ? { weights } : { weights, kappaCategories: list.name };
        out.push(withCi(fig(base, "cohen_kappa", kappaOfMatrix(matrixOf(list), weights, list.categories !== undefined), { ...extra, ...pair }), ab, st, spec, units));
      }
    }
    if (spec.pearson) {
      const st = (r: Ratings) => pearsonR(r[0] as (number | null)[], r[1] as (number | null)[]);
      out.push(withCi(fig(base, "pearson_r", st(ab), pair), ab, st, spec, units));
    }
  }
  const pa = (r: Ratings) => percentAgreement(r);
  out.push(withCi(fig(base, "exact_agreement", percentAgreementOfEncoded(enc), {}, 100), ratings, pa, spec, units, 100));
  if (spec.totals) {
    ratings.forEach((row, i) => {
      let sum = 0;
      let n = 0;
      for (const v of row) {
        if (typeof v !== "number") continue;
        sum += v;
        n++;
      }
      out.push({ ...base, statistic: "total", annotator: emails[i], value: sum, n });
    });
  }
  return out;
}
