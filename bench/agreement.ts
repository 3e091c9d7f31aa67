/**
 * Benchmark of lib/agreement (not a timed test).
 *
 *   npx tsx bench/agreement.ts            # prints JSON
 *
 * Data sets (seeded, so runs are comparable):
 *   A. 1,000,000 units × 3 coders, 6 ordinal levels, 10% missing.
 *   B. 10,000 units × 50 coders, 6 ordinal levels, 10% missing.
 * For each statistic: median wall time of `repeats` runs after one warm-up,
 * units/s, and peak RSS above the pre-run baseline, sampled every ~1 ms by a
 * worker thread (the computation is synchronous, so an in-thread timer could
 * not sample it).
 *
 * Baseline: a naive Krippendorff's α that enumerates all value pairs (O(n²)
 * in pairable values), run on a subsample of units because the full data
 * would take days. The ratio compares time per unit on the same subsample;
 * the fast method is linear, the naive one quadratic, so the full-size ratio
 * would be far larger (an extrapolation is printed and labelled as such).
 *
 * `runAgreementBench(opts)` returns the result object for an overall bench.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { Worker } from "node:worker_threads";
import {
  bootstrapCI,
  cohenKappa,
  fleissKappa,
  krippendorffAlpha,
  pairwiseAgreement,
  pairwiseCohenMatrix,
  pearsonR,
  percentAgreement,
  seededRandom,
  type AlphaLevel,
  type Ratings,
} from "../lib/agreement";

export interface AgreementBenchOptions {
  /** Units in data set A (default 1,000,000). */
  unitsA?: number;
  /** Units in data set B (default 10,000). */
  unitsB?: number;
  /** Coders in data set B (default 50). */
  codersB?: number;
  /** Timed runs per statistic after one warm-up (default 3). */
  repeats?: number;
  /** Units in the naive-baseline subsample of A (default 2,000) and B (default 150). */
  baselineUnitsA?: number;
  baselineUnitsB?: number;
  seed?: number;
}

interface StatResult {
  statistic: string;
  seconds: number;
  unitsPerSecond: number;
  peakRssDeltaMB: number;
  value: number | null;
}

// ---------------------------------------------------------------- helpers

function makeRatings(units: number, coders: number, levels: number, missing: number, seed: number): Ratings {
  const rng = seededRandom(seed);
  const ratings: Ratings = Array.from({ length: coders }, () => new Array(units));
  const p = Math.round(missing * 1_000_000);
  for (let u = 0; u < units; u++) {
    const truth = 1 + rng.int(levels);
    for (let c = 0; c < coders; c++) {
      if (rng.int(1_000_000) < p) ratings[c][u] = null;
      else if (rng.int(10) < 6) ratings[c][u] = truth; // 60% copy a latent value
      else ratings[c][u] = 1 + rng.int(levels);
    }
  }
  return ratings;
}

function getGc(): () => void {
  v8.setFlagsFromString("--expose_gc");
  const gc = vm.runInNewContext("gc") as () => void;
  return () => {
    gc();
    gc();
  };
}

/** Peak-RSS sampler on a worker thread; shared[0] = max RSS seen, shared[1] = stop flag. */
function startSampler() {
  const shared = new Float64Array(new SharedArrayBuffer(16));
  const worker = new Worker(
    `const { workerData } = require("node:worker_threads");
     const v = new Float64Array(workerData);
     const tick = new Int32Array(new SharedArrayBuffer(4));
     while (v[1] === 0) {
       const r = process.memoryUsage.rss();
       if (r > v[0]) v[0] = r;
       Atomics.wait(tick, 0, 0, 1);
     }`,
    { eval: true, workerData: shared.buffer },
  );
  return {
    reset(): void {
      shared[0] = 0;
    },
    peak(): number {
      return Math.max(shared[0], process.memoryUsage.rss());
    },
    async stop(): Promise<void> {
      shared[1] = 1;
      await worker.terminate();
    },
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const MB = 1024 * 1024;
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

// ---------------------------------------------------------------- naive baseline

/**
 * Krippendorff's α by enumerating every ordered pair of values: pairs within
 * units for D_o, all pairs of pairable values for D_e (O(n²)). Same definition
 * as the generator's reference; used only as a speed baseline.
 */
export function naivePairwiseAlpha(ratings: Ratings, level: AlphaLevel): number | null {
  const units: number[][] = [];
  for (let u = 0; u < ratings[0].length; u++) {
    const vals: number[] = [];
    for (const row of ratings) if (row[u] !== null && row[u] !== undefined) vals.push(row[u] as number);
    if (vals.length >= 2) units.push(vals);
  }
  const pooled = units.flat();
  const n = pooled.length;
  const freq = new Map<number, number>();
  for (const v of pooled) freq.set(v, (freq.get(v) ?? 0) + 1);
  if (n === 0 || freq.size < 2) return null;
  const sorted = [...freq.keys()].sort((a, b) => a - b);
  const cumBefore = new Map<number, number>();
  let acc = 0;
  for (const v of sorted) {
    cumBefore.set(v, acc);
    acc += freq.get(v)!;
  }
  const delta2 = (a: number, b: number): number => {
    if (a === b) return 0;
    if (level === "nominal") return 1;
    if (level === "interval") return (a - b) ** 2;
    if (level === "ratio") return ((a - b) / (a + b)) ** 2;
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const d = cumBefore.get(hi)! + freq.get(hi)! - cumBefore.get(lo)! - (freq.get(a)! + freq.get(b)!) / 2;
    return d * d;
  };
  let dO = 0;
  for (const vals of units) {
    let s = 0;
    for (let i = 0; i < vals.length; i++) for (let j = 0; j < vals.length; j++) if (i !== j) s += delta2(vals[i], vals[j]);
    dO += s / (vals.length - 1);
  }
  let dE = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) dE += delta2(pooled[i], pooled[j]);
  return 1 - ((n - 1) * dO) / dE;
}

// ---------------------------------------------------------------- runner

export async function runAgreementBench(opts: AgreementBenchOptions = {}) {
  const unitsA = opts.unitsA ?? 1_000_000;
  const unitsB = opts.unitsB ?? 10_000;
  const codersB = opts.codersB ?? 50;
  const repeats = opts.repeats ?? 3;
  const seed = opts.seed ?? 20240611;
  const gc = getGc();
  const sampler = startSampler();

  const measure = (statistic: string, units: number, fn: () => number | null, runs = repeats): StatResult => {
    fn(); // warm-up (JIT)
    const times: number[] = [];
    let peak = 0;
    let value: number | null = null;
    for (let i = 0; i < runs; i++) {
      gc();
      const base = process.memoryUsage.rss();
      sampler.reset();
      const t0 = process.hrtime.bigint();
      value = fn();
      const t1 = process.hrtime.bigint();
      peak = Math.max(peak, sampler.peak() - base);
      times.push(Number(t1 - t0) / 1e9);
    }
    const seconds = median(times);
    return { statistic, seconds: round(seconds, 4), unitsPerSecond: Math.round(units / seconds), peakRssDeltaMB: round(peak / MB, 1), value };
  };

  const baseline = (ratings: Ratings, sub: number, level: AlphaLevel, fastSecondsFull: number, fullUnits: number) => {
    const subset = ratings.map((row) => row.slice(0, sub));
    const naive = measure(`naive pairwise α (${level}), first ${sub} units`, sub, () => naivePairwiseAlpha(subset, level), 1);
    const fast = measure(`coincidence α (${level}), first ${sub} units`, sub, () => krippendorffAlpha(subset, { level }).value, 5);
    const quadratic = (fullUnits / sub) ** 2;
    return {
      subsampleUnits: sub,
      naive,
      fastOnSubsample: fast,
      valuesAgree: naive.value !== null && fast.value !== null && Math.abs(naive.value - fast.value) < 1e-9,
      ratioPerUnitSameSubsample: round(naive.seconds / fast.seconds, 1),
      note:
        "ratio = naive time / fast time on the same subsample (equal units, so also per unit). " +
        "Naive cost grows with the square of the units; extrapolatedNaiveSecondsFull = naive seconds × (full/sub)² is an estimate, not a measurement.",
      extrapolatedNaiveSecondsFull: round(naive.seconds * quadratic, 0),
      extrapolatedRatioFull: round((naive.seconds * quadratic) / fastSecondsFull, 0),
    };
  };

  const levels: AlphaLevel[] = ["nominal", "ordinal", "interval", "ratio"];

  // Data set A
  const A = makeRatings(unitsA, 3, 6, 0.1, seed);
  gc();
  const statsA: StatResult[] = [
    ...levels.map((level) => measure(`krippendorffAlpha (${level})`, unitsA, () => krippendorffAlpha(A, { level }).value)),
    measure("fleissKappa", unitsA, () => fleissKappa(A).value),
    measure("percentAgreement", unitsA, () => percentAgreement(A).value),
    measure("pairwiseAgreement", unitsA, () => pairwiseAgreement(A).value),
    measure("cohenKappa (coders 1, 2)", unitsA, () => cohenKappa(A[0], A[1]).value),
    measure("cohenKappa quadratic (coders 1, 2)", unitsA, () => cohenKappa(A[0], A[1], { weights: "quadratic" }).value),
    measure("pearsonR (coders 1, 2)", unitsA, () => pearsonR(A[0] as (number | null)[], A[1] as (number | null)[]).value),
    measure("pairwiseCohenMatrix (3 coders)", unitsA, () => pairwiseCohenMatrix(A).values[0][1]),
  ];
  const bootUnits = Math.min(unitsA, 100_000);
  const Aboot = A.map((row) => row.slice(0, bootUnits));
  statsA.push(
    measure(
      `bootstrapCI ordinal α, 100 iterations, first ${bootUnits} units (units/s counts resampled units)`,
      bootUnits * 100,
      () => bootstrapCI(Aboot, (r) => krippendorffAlpha(r, { level: "ordinal" }), { iterations: 100, seed: 1 }).lower,
      1,
    ),
  );
  const alphaOrdinalA = statsA[1];
  const baselineA = baseline(A, Math.min(opts.baselineUnitsA ?? 2_000, unitsA), "ordinal", alphaOrdinalA.seconds, unitsA);

  // Data set B
  const B = makeRatings(unitsB, codersB, 6, 0.1, seed + 1);
  gc();
  const statsB: StatResult[] = [
    ...levels.map((level) => measure(`krippendorffAlpha (${level})`, unitsB, () => krippendorffAlpha(B, { level }).value)),
    measure("fleissKappa", unitsB, () => fleissKappa(B).value),
    measure("percentAgreement", unitsB, () => percentAgreement(B).value),
    measure("pairwiseAgreement", unitsB, () => pairwiseAgreement(B).value),
    measure(`pairwiseCohenMatrix (${codersB} coders, ${(codersB * (codersB + 1)) / 2} pairs)`, unitsB, () => pairwiseCohenMatrix(B).values[0][1], 1),
  ];
  const baselineB = baseline(B, Math.min(opts.baselineUnitsB ?? 150, unitsB), "ordinal", statsB[1].seconds, unitsB);

  await sampler.stop();
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    method:
      "median of repeats after 1 warm-up; peakRssDeltaMB = peak RSS (worker-thread sampling, ~1 ms) minus RSS before the run, after GC. " +
      "RSS is process-wide and the allocator keeps freed pages, so small runs after large ones (data set B) can read ~0: " +
      "they fit in memory already mapped. α allocates 4 bytes per unit × coder (Int32Array of codes) plus 8·K² bytes (coincidence matrix).",
    datasets: {
      A: { units: unitsA, coders: 3, levels: 6, missing: 0.1, statistics: statsA, naiveBaseline: baselineA },
      B: { units: unitsB, coders: codersB, levels: 6, missing: 0.1, statistics: statsB, naiveBaseline: baselineB },
    },
    target: {
      krippendorffAlphaOrdinalA_seconds: alphaOrdinalA.seconds,
      under1s: statsA.slice(0, 4).every((s) => s.seconds < 1),
    },
  };
}

const invokedDirectly = typeof process !== "undefined" && /bench[\\/]agreement\.[cm]?[jt]s$/.test(process.argv[1] ?? "");
if (invokedDirectly) {
  runAgreementBench().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
