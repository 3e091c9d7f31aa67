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
  bootstrapCIs,
  confusionMatrixOfEncoded,
  type ConfusionMatrix,
  encodeForAlpha,
  encodeRatings,
  type EncodedRatings,
  fleissKappaOfEncoded,
  krippendorffAlphaOfEncoded,
  pearsonR,
  pearsonROfEncoded,
  percentAgreementOfEncoded,
  resampleEncoded,
  type AgreementResult,
  type Code,
  type Ratings,
} from "@/lib/agreement";
import type { TAgreementFigure } from "./agreement-figure";
import { coincidenceMatrix, type CoincidenceMatrix } from "@/lib/agreement/coincidence-matrix";
import { mixesKinds } from "@/lib/agreement/encode-ratings";
import { alphaDistances, alphaFromCoincidences } from "@/lib/agreement/krippendorff-alpha";
import type { TAlphaLevelName, TKappaCategoriesName, TKappaWeightsName } from "./agreement-options";
import { figureNote, intervalAllowed } from "./figure-note";
import { codesKey, memoIntervals } from "./interval-memo";

export interface TRatingsSpec {
  /** what one unit (column) is, for the figures' notes: "translation", "MRW instance", "item"… */
  unit: string;
  alphaLevels: readonly TAlphaLevelName[];
  kappaWeights: readonly TKappaWeightsName[];
  /** category lists for κ, the first one first in the output; each gives the list or undefined (= observed) */
  kappaCategoryLists: readonly { name: TKappaCategoriesName; categories: Code[] | undefined }[];
  pearson: boolean;
  totals: boolean;
  /** Fleiss' κ overall and per label over these categories */
  fleiss?: { categories: Code[] };
  bootstrap?: {
    iterations: number;
    seed: number;
    maxUnits: number;
    /** only the figures this accepts get an interval (the dashboard: those its summary tables show); all when absent */
    wants?: (f: TAgreementFigure) => boolean;
  };
}

type Base = Pick<TAgreementFigure, "scheme" | "system" | "field">;

function fig(base: Base, statistic: TAgreementFigure["statistic"], r: AgreementResult, raters: number, extra: Partial<TAgreementFigure> = {}, scale = 1): TAgreementFigure {
  const f: TAgreementFigure = { ...base, statistic, ...extra, value: r.value === null ? null : r.value * scale, n: r.n ?? 0, raters };
  if (r.value === null && r.reason) f.reason = r.reason;
  return f;
}

/** One resample of the matrix, as the statistics of a replicate read it (see bootstrap below). */
interface TSample {
  enc: EncodedRatings;
  fleiss: EncodedRatings | null;
  /** coincidences of this resample, counted once when the first α asks (α at any level derives from them) */
  cm: CoincidenceMatrix | null;
  /** the buffer `cm` is counted into, kept across resamples */
  cmBuffer: CoincidenceMatrix | undefined;
  /** confusion matrices of this resample per pair and category list */
  matrices: Map<string, ConfusionMatrix>;
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
  const raters = ratings.length;
  const out: TAgreementFigure[] = [];
  // bootstrap: every interval of this matrix from one set of resamples (bootstrapCIs), each
  // statistic computed on the resample's codes as the figure's own function would
  const jobs: { f: TAgreementFigure; scale: number; stat: (s: TSample) => number | null }[] = [];
  const withCi = (f: TAgreementFigure, stat: (s: TSample) => number | null, scale = 1) => {
    const b = spec.bootstrap;
    if (!b || f.value === null || (b.wants && !b.wants(f))) return f;
    if (units > b.maxUnits) {
      f.ci95 = [null, null];
      f.ciReason = `bootstrap skipped: ${units} units > ${b.maxUnits}`;
      return f;
    }
    const allowed = intervalAllowed(f.n);
    if (!allowed.allowed) {
      f.ci95 = [null, null];
      f.ciReason = allowed.reason;
      return f;
    }
    jobs.push({ f, scale, stat });
    return f;
  };

  let fleissEnc: EncodedRatings | null = null;
  if (spec.fleiss) {
    fleissEnc = encodeRatings(ratings, { categories: spec.fleiss.categories, what: "fleissKappa" });
    // the same as fleissKappa(ratings, { categories }), without encoding the matrix a second time
    const whole = fleissKappaOfEncoded(fleissEnc);
    out.push(withCi(fig(base, "fleiss_kappa", whole, raters), (s) => fleissKappaOfEncoded(s.fleiss!).value));
    for (const c of whole.perCategory) {
      const f: TAgreementFigure = { ...base, statistic: "fleiss_kappa", label: String(c.category), value: c.value, n: whole.n, raters };
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
    const distances = level === "ordinal" ? undefined : alphaDistances(enc.categories, new Float64Array(enc.categories.length), level);
    const st = (s: TSample) => alphaFromCoincidences((s.cm ??= s.cmBuffer = coincidenceMatrix(s.enc, s.cmBuffer)), enc.categories, level, distances).value;
    out.push(withCi(fig(base, "krippendorff_alpha", alphas[i], raters, { level }), st));
  });
  const pairs: [number, number][] = [];
  for (let i = 0; i < ratings.length; i++) for (let j = i + 1; j < ratings.length; j++) pairs.push([i, j]);
  const named = ratings.length > 2;
  for (const [i, j] of pairs) {
    const pair = named ? { annotators: [emails[i], emails[j]] as [string, string] } : {};
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
        const key = `${i}|${j}|${spec.kappaCategoryLists.indexOf(list)}`;
        const st = (s: TSample) => {
          let cm = s.matrices.get(key);
          if (!cm) s.matrices.set(key, (cm = confusionMatrixOfEncoded(s.enc, i, j, { categories: list.categories })));
          return kappaOfMatrix(cm, weights, list.categories !== undefined).value;
        };
        const extra = weights === "unweighted" ? { weights } : { weights, kappaCategories: list.name };
        out.push(withCi(fig(base, "cohen_kappa", kappaOfMatrix(matrixOf(list), weights, list.categories !== undefined), 2, { ...extra, ...pair }), st));
      }
    }
    if (spec.pearson) {
      const r = pearsonR(ratings[i] as (number | null)[], ratings[j] as (number | null)[]);
      out.push(withCi(fig(base, "pearson_r", r, 2, pair), (s) => pearsonROfEncoded(s.enc, i, j).value));
    }
  }
  out.push(withCi(fig(base, "exact_agreement", percentAgreementOfEncoded(enc), raters, {}, 100), (s) => percentAgreementOfEncoded(s.enc).value, 100));
  if (spec.totals) {
    ratings.forEach((row, i) => {
      let sum = 0;
      let n = 0;
      for (const v of row) {
        if (typeof v !== "number") continue;
        sum += v;
        n++;
      }
      out.push({ ...base, statistic: "total", annotator: emails[i], value: sum, n, raters: 1 });
    });
  }

  const b = spec.bootstrap;
  if (b && jobs.length > 0) {
    const sample: TSample = { enc: { ...enc, codes: new Int32Array(enc.codes.length) }, fleiss: fleissEnc && { ...fleissEnc, codes: new Int32Array(fleissEnc.codes.length) }, cm: null, cmBuffer: undefined, matrices: new Map() };
    // deterministic: the same matrix, statistics, B and seed give the same intervals (interval-memo.ts)
    const codes = codesKey(enc.codes);
    const key = codes === null ? null : JSON.stringify([b.iterations, b.seed, enc.categories, spec.fleiss?.categories ?? null, spec.kappaCategoryLists.map((l) => l.categories ?? null), jobs.map(({ f }) => [f.statistic, f.level, f.weights, f.kappaCategories, f.annotators])]) + "\u0000" + codes;
    const cis = memoIntervals(key, () =>
      bootstrapCIs(
        units,
        jobs.map((j) => (j.f.value === null ? null : j.f.value / j.scale)),
        (picks, values) => {
          resampleEncoded(enc, picks, sample.enc);
          if (fleissEnc) resampleEncoded(fleissEnc, picks, sample.fleiss!);
          sample.cm = null;
          sample.matrices.clear();
          jobs.forEach((j, k) => (values[k] = j.stat(sample)));
        },
        { iterations: b.iterations, seed: b.seed, maxUndefinedShare: 0.1 },
      ),
    );
    jobs.forEach(({ f, scale }, k) => {
      const ci = cis[k];
      f.ci95 = [ci.lower === null ? null : ci.lower * scale, ci.upper === null ? null : ci.upper * scale];
      if (ci.lower === null && ci.reason) f.ciReason = ci.reason;
    });
  }
  for (const f of out) {
    const { note } = figureNote(f, spec.unit);
    if (note) f.note = note;
  }
  return out;
}
