/**
 * MetaHOPE penalty tables (its tables 5 and 6) from per-cell penalties, for
 * one annotator or for the panel (adjudicated value where there is one, else
 * the mean or majority of the annotators who reviewed the translation).
 *
 * Same arithmetic as lib/scoring/metahope-scores.ts (computeEps/computeEpm),
 * but over cells rather than single errors, because an aggregated cell can
 * hold a penalty that is no single severity (mean of 2 and 4 = 3):
 * - EPS per category = Σ of the cells counted for EPS: every cell (epsScope
 *   "all") or only sentence-level cells ("sentence-level", the MetaHOPE pilot's
 *   separate sentence-level pass); SEGS = Σ over categories; per sentence =
 *   SEGS / sentences.
 * - EPM per category = Σ of the MRW cells; per sentence = SEGS / sentences;
 *   per metaphor = SEGS / MRW instances; Ratio (M/S) = EPM SEGS / EPS SEGS.
 * A quotient with a zero denominator is undefined with its reason.
 *
 * The categories are the paper's five unless `categories` lists a variant's
 * (metahopeCategoriesOf: the five, then the ones it adds, each with its totals
 * like the five); SEGS is the sum over the paper's five either way.
 */
import { METAHOPE_CATEGORY_ORDER, metahopeCategoriesOf, quotient, type TCategoryTotals, type TQuotient } from "@/lib/scoring/metahope-scores";

export interface TMetahopeCell {
  system: string;
  /** true for a metaphor-level cell (an MRW of the translation), false for the sentence level */
  mrw: boolean;
  /** one of the table's categories */
  category: string;
  penalty: number;
}

/** Totals per category: the paper's five always, and a variant's categories beside them. */
export type TMetahopeTotals = TCategoryTotals & Record<string, number>;

export interface TMetahopeSystemSize {
  system: string;
  sentences: number;
  mrwInstances: number;
}

export interface TMetahopePenaltyRow {
  system: string;
  sentences: number;
  mrwInstances: number;
  eps: { totals: TMetahopeTotals; segs: number; perSentence: TQuotient };
  epm: { totals: TMetahopeTotals; segs: number; perSentence: TQuotient; perMetaphor: TQuotient; ratioMS: TQuotient };
}

const segsOf = (t: TMetahopeTotals) => METAHOPE_CATEGORY_ORDER.reduce((a, c) => a + t[c], 0);

export function metahopePenaltyTable(
  cells: readonly TMetahopeCell[],
  sizes: readonly TMetahopeSystemSize[],
  opts: { epsScope?: "all" | "sentence-level"; categories?: readonly string[] } = {},
): TMetahopePenaltyRow[] {
  const scope = opts.epsScope ?? "all";
  const categories = metahopeCategoriesOf(opts.categories);
  const zero = () => Object.fromEntries(categories.map((c) => [c, 0])) as TMetahopeTotals;
  const eps = new Map(sizes.map((s) => [s.system, zero()]));
  const epm = new Map(sizes.map((s) => [s.system, zero()]));
  for (const c of cells) {
    if (!Number.isFinite(c.penalty) || c.penalty < 0) throw new Error(`MetaHOPE: penalty ${c.penalty} of a ${c.category} cell of ${c.system} is not a non-negative number`);
    if (!categories.includes(c.category)) throw new Error(`MetaHOPE: unknown category ${String(c.category)}`);
    const e = eps.get(c.system);
    const m = epm.get(c.system);
    if (!e || !m) continue;
    if (scope === "all" || !c.mrw) e[c.category] += c.penalty;
    if (c.mrw) m[c.category] += c.penalty;
  }
  return sizes.map((s) => {
    const et = eps.get(s.system)!;
    const mt = epm.get(s.system)!;
    const es = segsOf(et);
    const ms = segsOf(mt);
    const sent = `the number of sentences of ${s.system}`;
    return {
      system: s.system,
      sentences: s.sentences,
      mrwInstances: s.mrwInstances,
      eps: { totals: et, segs: es, perSentence: quotient(es, s.sentences, sent) },
      epm: {
        totals: mt,
        segs: ms,
        perSentence: quotient(ms, s.sentences, sent),
        perMetaphor: quotient(ms, s.mrwInstances, `the number of MRW instances of ${s.system}`),
        ratioMS: quotient(ms, es, `the EPS SEGS of ${s.system}`),
      },
    };
  });
}
