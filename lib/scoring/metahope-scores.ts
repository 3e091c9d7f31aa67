/**
 * MetaHOPE penalty tables (Liang & Han 2026, §3 and tables 5–6) and the
 * per-MRW penalty vectors its agreement tables 3–4 are computed on. Pure: plain
 * arrays in, typed rows out; no database, no framework.
 *
 * Penalties: minor 2, medium 4, major 6, severe 8, critical 10 (no error = 0).
 * - EPS (table 5), per system: the sum of penalties per category over all the
 *   errors given; SEGS = the sum of the five categories; per sentence = SEGS /
 *   number of sentences.
 * - EPM (table 6), per system: the same over MRW-tied errors only (`mrwId`
 *   set); per sentence = SEGS / sentences; per metaphor = SEGS / MRW
 *   instances; Ratio (M/S) = EPM SEGS / EPS SEGS.
 * A ratio whose denominator is 0 is `{ value: null, reason }`, never NaN/0.
 * Pass one annotator's errors: the tables do not separate annotators.
 *
 * Worked example from the paper (annotator A, EN→ZH pilot): GoogleMT EPS SEGS
 * 24 → 24 / 20 = 1.2; EPM SEGS 22 → 22 / 20 = 1.1, 22 / 65 = 0.338, ratio
 * 22 / 24 = 0.917 (see the tests and METAHOPE-REPRODUCTION.md).
 */
import type { MetahopeCategory, MetahopeSeverity } from "@/lib/import/types";

export const METAHOPE_CATEGORY_ORDER: readonly MetahopeCategory[] = ["IMP", "RAM", "MIS", "STL", "PRF"];

/**
 * The error categories the MetaHOPE tables of lib/reports compute (`metahopeCategories` of the score
 * and agreement options): the paper's five by default; a variant of the scheme passes them first, in
 * the paper's order, then the categories it adds (each computed like the five, in a column of its
 * own; SEGS stays the sum over the paper's five).
 * @throws Error when the list does not start with the paper's five in order, or repeats a category.
 */
export function metahopeCategoriesOf(categories: readonly string[] = METAHOPE_CATEGORY_ORDER): readonly string[] {
  if (categories === METAHOPE_CATEGORY_ORDER) return categories;
  if (!METAHOPE_CATEGORY_ORDER.every((c, i) => categories[i] === c) || new Set(categories).size !== categories.length) {
    throw new Error(`MetaHOPE: the categories must be ${METAHOPE_CATEGORY_ORDER.join(", ")} in that order, then any others once each (got ${categories.join(", ")})`);
  }
  return categories;
}

export const METAHOPE_PENALTY = {
  minor: 2,
  medium: 4,
  major: 6,
  severe: 8,
  critical: 10,
} as const satisfies Record<string, MetahopeSeverity>;

/** The ordered penalty levels including "no error", as MetaHOPE's agreement treats them. */
export const METAHOPE_PENALTY_LEVELS = [0, 2, 4, 6, 8, 10] as const;

export interface TMetahopeScoredError {
  system: string;
  segmentId: string;
  /** undefined for a sentence-level error */
  mrwId?: string;
  category: MetahopeCategory;
  severity: MetahopeSeverity;
  /** needed only by perMrwPenaltyVectors */
  annotator?: string;
}

export interface TMetahopeSystemCounts {
  system: string;
  /** number of sentences (segments) the system translated */
  sentences: number;
  /** number of MRW instances (segment × MRW) in those sentences */
  mrwInstances: number;
}

/** A quotient that may be undefined. */
export interface TQuotient {
  value: number | null;
  reason?: string;
}

export type TCategoryTotals = Record<MetahopeCategory, number>;

export interface TEpsRow {
  system: string;
  totals: TCategoryTotals;
  segs: number;
  /** number of errors counted */
  errors: number;
  sentences: number;
  perSentence: TQuotient;
}

export interface TEpmRow extends TEpsRow {
  mrwInstances: number;
  perMetaphor: TQuotient;
  /** the EPS SEGS the ratio divides by */
  epsSegs: number;
  ratioMS: TQuotient;
}

function zeroTotals(): TCategoryTotals {
  return { IMP: 0, RAM: 0, MIS: 0, STL: 0, PRF: 0 };
}

export function quotient(num: number, den: number, what: string): TQuotient {
  if (den === 0) return { value: null, reason: `${what} is 0` };
  return { value: num / den };
}

function assertSeverity(e: TMetahopeScoredError) {
  if (!([2, 4, 6, 8, 10] as number[]).includes(e.severity)) {
    throw new Error(`MetaHOPE: severity ${String(e.severity)} of a ${e.category} error is not 2, 4, 6, 8 or 10`);
  }
  if (!METAHOPE_CATEGORY_ORDER.includes(e.category)) {
    throw new Error(`MetaHOPE: unknown category ${String(e.category)}`);
  }
}

/** Systems in the order of `counts`, then any system that only occurs in the errors. */
function systemOrder(errors: readonly TMetahopeScoredError[], counts: readonly TMetahopeSystemCounts[]): string[] {
  const out = counts.map((c) => c.system);
  for (const e of errors) if (!out.includes(e.system)) out.push(e.system);
  return out;
}

function totalsBySystem(errors: readonly TMetahopeScoredError[]) {
  const by = new Map<string, { totals: TCategoryTotals; n: number }>();
  for (const e of errors) {
    assertSeverity(e);
    let t = by.get(e.system);
    if (!t) by.set(e.system, (t = { totals: zeroTotals(), n: 0 }));
    t.totals[e.category] += e.severity;
    t.n++;
  }
  return by;
}

const segsOf = (t: TCategoryTotals) => METAHOPE_CATEGORY_ORDER.reduce((a, c) => a + t[c], 0);

/**
 * EPS, MetaHOPE table 5: every error given counts (MRW-tied and sentence-level).
 * @throws Error on a severity outside 2/4/6/8/10 or an unknown category.
 */
export function computeEps(errors: readonly TMetahopeScoredError[], counts: readonly TMetahopeSystemCounts[]): TEpsRow[] {
  const by = totalsBySystem(errors);
  return systemOrder(errors, counts).map((system) => {
    const t = by.get(system) ?? { totals: zeroTotals(), n: 0 };
    const sentences = counts.find((c) => c.system === system)?.sentences ?? 0;
    const segs = segsOf(t.totals);
    return {
      system,
      totals: t.totals,
      segs,
      errors: t.n,
      sentences,
      perSentence: quotient(segs, sentences, `the number of sentences of ${system}`),
    };
  });
}

/**
 * EPM, MetaHOPE table 6: only errors with an `mrwId` count.
 *
 * Ratio (M/S) divides by EPS SEGS: by default the EPS of the same `errors`
 * (all of them); pass `opts.eps` when the sentence-level errors were annotated
 * separately, as in the MetaHOPE pilot (EPS from the sentence-level sheet, EPM
 * from the MRW sheet).
 */
export function computeEpm(
  errors: readonly TMetahopeScoredError[],
  counts: readonly TMetahopeSystemCounts[],
  opts: { eps?: readonly TEpsRow[] } = {},
): TEpmRow[] {
  const eps = opts.eps ?? computeEps(errors, counts);
  const mrwRows = computeEps(
    errors.filter((e) => e.mrwId !== undefined),
    counts,
  );
  const systems = systemOrder(errors, counts);
  for (const r of eps) if (!systems.includes(r.system)) systems.push(r.system);
  return systems.map((system) => {
    const row =
      mrwRows.find((r) => r.system === system) ??
      ({
        system,
        totals: zeroTotals(),
        segs: 0,
        errors: 0,
        sentences: counts.find((c) => c.system === system)?.sentences ?? 0,
        perSentence: quotient(0, counts.find((c) => c.system === system)?.sentences ?? 0, `the number of sentences of ${system}`),
      } satisfies TEpsRow);
    const mrwInstances = counts.find((c) => c.system === system)?.mrwInstances ?? 0;
    const epsSegs = eps.find((r) => r.system === system)?.segs ?? 0;
    return {
      ...row,
      mrwInstances,
      perMetaphor: quotient(row.segs, mrwInstances, `the number of MRW instances of ${system}`),
      epsSegs,
      ratioMS: quotient(row.segs, epsSegs, `the EPS SEGS of ${system}`),
    };
  });
}

export interface TMrwInstance {
  system: string;
  segmentId: string;
  mrwId: string;
}

export interface TMrwPenaltyVectors {
  system: string;
  /** the units, in the order given */
  units: { segmentId: string; mrwId: string }[];
  /** annotator → penalty summed over the five categories, per unit */
  segs: Record<string, number[]>;
  /** category → annotator → penalty per unit */
  byCategory: Record<MetahopeCategory, Record<string, number[]>>;
  /** MRW-tied errors of this system whose (segment, MRW) is not among the units, or whose annotator is not listed */
  unmatchedErrors: number;
}

/**
 * The unit of MetaHOPE's agreement tables 3–4: for each system and each MRW
 * instance (segment × MRW), each annotator's penalty per category and summed
 * over the categories (SEGS). A unit an annotator gave no error is 0 (the
 * sheets leave "no error" blank), so every vector has one value per unit.
 * Several errors of one annotator in one cell add up. Sentence-level errors
 * (no `mrwId`) are not part of any unit and are ignored.
 *
 * Systems come in the order of their first MRW instance.
 */
export function perMrwPenaltyVectors(
  errors: readonly TMetahopeScoredError[],
  mrwInstances: readonly TMrwInstance[],
  annotators: readonly string[],
): TMrwPenaltyVectors[] {
  const out = new Map<string, TMrwPenaltyVectors & { index: Map<string, number> }>();
  for (const inst of mrwInstances) {
    let v = out.get(inst.system);
    if (!v) {
      const perAnnotator = () => Object.fromEntries(annotators.map((a) => [a, [] as number[]]));
      v = {
        system: inst.system,
        units: [],
        segs: perAnnotator(),
        byCategory: { IMP: perAnnotator(), RAM: perAnnotator(), MIS: perAnnotator(), STL: perAnnotator(), PRF: perAnnotator() },
        unmatchedErrors: 0,
        index: new Map(),
      };
      out.set(inst.system, v);
    }
    const key = `${inst.segmentId}\u0000${inst.mrwId}`;
    if (v.index.has(key)) throw new Error(`perMrwPenaltyVectors: MRW instance ${inst.system}/${inst.segmentId}/${inst.mrwId} listed twice`);
    v.index.set(key, v.units.length);
    v.units.push({ segmentId: inst.segmentId, mrwId: inst.mrwId });
    for (const a of annotators) {
      v.segs[a].push(0);
      for (const c of METAHOPE_CATEGORY_ORDER) v.byCategory[c][a].push(0);
    }
  }
  for (const e of errors) {
    if (e.mrwId === undefined) continue;
    assertSeverity(e);
    const v = out.get(e.system);
    if (!v) continue;
    const u = v.index.get(`${e.segmentId}\u0000${e.mrwId}`);
    if (u === undefined || e.annotator === undefined || !annotators.includes(e.annotator)) {
      v.unmatchedErrors++;
      continue;
    }
    v.segs[e.annotator][u] += e.severity;
    v.byCategory[e.category][e.annotator][u] += e.severity;
  }
  return [...out.values()].map(({ index: _index, ...rest }) => rest);
}
