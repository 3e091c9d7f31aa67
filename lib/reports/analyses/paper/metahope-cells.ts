/**
 * Per-annotator MetaHOPE penalties per cell, the unit of both the agreement
 * tables (MetaHOPE tables 3–4) and the penalty tables (5–6).
 *
 * A cell is (translation, MRW or sentence level, category). An annotator's
 * penalty in a cell is the sum of the penalties of their non-deleted error
 * spans there (several errors add up), 0 when they reviewed the translation
 * and marked nothing, and missing (null) when they did not review it (see
 * `metahope-coverage.ts`).
 *
 * Cells are numbered over the dense indexes of report-index.ts:
 * `cellKey(t, slot, c)` with t the translation index, slot 0 for the sentence
 * level and 1 + the MRW's position among its segment's active MRWs, and c the
 * category's index in the cells' `categories`: the paper's five
 * (METAHOPE_CATEGORY_ORDER) unless a variant's list is passed (its five, then
 * the ones it adds; spans of a category not in the list are not counted).
 */
import { METAHOPE_CATEGORY_ORDER, metahopeCategoriesOf } from "@/lib/scoring/metahope-scores";
import type { TReportData } from "../../report-input";
import type { TReportScope } from "../../report-scope";
import { metahopeCoverageOf, type TMetahopeCoverage } from "./metahope-coverage";
import { buildReportIndex, scopeIndexOf, type TReportIndex, type TScopeIndex } from "../../report-index";

export interface TMetahopeCells {
  coverage: TMetahopeCoverage;
  /** the categories of the cells, in order (cellKey's `category` is an index in it) */
  categories: readonly string[];
  /** slots per translation (1 + the most active MRWs of a segment) */
  slots: number;
  /** cellKey → penalty sum per annotator position (coverage order); only cells where someone marked an error */
  sums: Map<number, Float64Array>;
  /** error spans whose MRW is not an active MRW of the translation's segment (not part of any unit) */
  unmatchedMrwErrors: number;
}

export const cellKey = (cells: Pick<TMetahopeCells, "slots" | "categories">, t: number, slot: number, category: number) => (t * cells.slots + slot) * cells.categories.length + category;

export function metahopeCells(data: TReportData, scope: TReportScope, categories?: readonly string[]): TMetahopeCells {
  const ix = buildReportIndex(data);
  return metahopeCellsOf(ix, scopeIndexOf(ix, scope), categories);
}

/** `categories`: see metahopeCategoriesOf (default: the paper's five). */
export function metahopeCellsOf(ix: TReportIndex, sx: TScopeIndex, categoriesIn?: readonly string[]): TMetahopeCells {
  const categories = metahopeCategoriesOf(categoriesIn);
  const memoKey = `metahopeCells|${categories.join(",")}`;
  const memo = (ix.memo.get(memoKey) as Map<TScopeIndex, TMetahopeCells> | undefined) ?? new Map<TScopeIndex, TMetahopeCells>();
  ix.memo.set(memoKey, memo);
  const hit = memo.get(sx);
  if (hit) return hit;
  const coverage = metahopeCoverageOf(ix);
  let slots = 1;
  for (const list of sx.activeMrws) if (list && list.length + 1 > slots) slots = list.length + 1;
  const out: TMetahopeCells = { coverage, categories, slots, sums: new Map(), unmatchedMrwErrors: 0 };
  const { spans } = ix;
  const A = coverage.annotators.length;
  // a span's category (index in spans.categoryNames) → its index in `categories`, -1 when not computed
  const position = Int32Array.from(spans.categoryNames, (c) => categories.indexOf(c));
  for (let i = 0; i < spans.length; i++) {
    const t = spans.translation[i];
    const c = position[spans.category[i]];
    if (sx.tSystem[t] < 0 || c < 0) continue;
    let slot = 0;
    const m = spans.mrw[i];
    if (m >= 0) {
      if (ix.mActive[m] !== 1 || ix.mSegment[m] !== ix.tSegment[t] || sx.mrwPosition[m] < 0) {
        out.unmatchedMrwErrors++;
        continue;
      }
      slot = sx.mrwPosition[m] + 1;
    }
    const k = cellKey(out, t, slot, c);
    let by = out.sums.get(k);
    if (!by) out.sums.set(k, (by = new Float64Array(A)));
    by[coverage.positionOf[spans.annotator[i]]] += spans.penalty[i];
  }
  memo.set(sx, out);
  return out;
}

export interface TMetahopeUnitVectors {
  system: string;
  /** MRW instances (translation × active MRW), in segment then MRW order */
  units: { translationId: string; segmentId: string; mrwId: string }[];
  annotators: string[];
  /** the categories of `byCategory`, in order (the cells' `categories`) */
  categories: readonly string[];
  /** annotator index → per-unit SEGS, the sum over the paper's five categories (null = not reviewed) */
  segs: (number | null)[][];
  /** category (each of the cells' `categories`) → annotator index → per-unit penalty */
  byCategory: Record<string, (number | null)[][]>;
}

export function metahopeUnitVectorsOf(ix: TReportIndex, sx: TScopeIndex, categories?: readonly string[]): TMetahopeUnitVectors[] {
  const cells = metahopeCellsOf(ix, sx, categories);
  const C = cells.categories.length;
  const { cols } = ix;
  const annotators = cells.coverage.annotators;
  const A = annotators.length;
  const vectors: TMetahopeUnitVectors[] = sx.scope.systems.map((s) => ({
    system: s.name,
    units: [],
    annotators,
    categories: cells.categories,
    segs: annotators.map(() => []),
    byCategory: Object.fromEntries(cells.categories.map((c) => [c, annotators.map(() => [])])),
  }));
  // segment order, then (translations of one system and segment, e.g. two target languages) id order
  const order = Array.from(sx.translations);
  const segOf = (t: number) => sx.segmentOrder[ix.tSegment[t]];
  order.sort((a, b) => segOf(a) - segOf(b) || sx.tSystem[a] - sx.tSystem[b] || cols.translations.ids[a].localeCompare(cols.translations.ids[b]));
  const reviewed = new Uint8Array(A);
  const sum = new Float64Array(A);
  for (const t of order) {
    const sys = sx.tSystem[t];
    if (sys < 0) continue;
    const v = vectors[sys];
    const seg = ix.tSegment[t];
    const mrws = sx.activeMrws[seg];
    if (!mrws || mrws.length === 0) continue;
    reviewed.fill(0);
    for (const p of cells.coverage.reviewerPositions(t)) reviewed[p] = 1;
    const translationId = cols.translations.ids[t];
    const segmentId = cols.segments.ids[seg];
    for (let mi = 0; mi < mrws.length; mi++) {
      v.units.push({ translationId, segmentId, mrwId: cols.mrws.ids[mrws[mi]] });
      sum.fill(0);
      for (let c = 0; c < C; c++) {
        const rows = v.byCategory[cells.categories[c]];
        // SEGS is the paper's sum: over its five categories, the first five of the list
        const inSegs = c < METAHOPE_CATEGORY_ORDER.length;
        const by = cells.sums.get(cellKey(cells, t, mi + 1, c));
        for (let ai = 0; ai < A; ai++) {
          if (reviewed[ai] !== 1) {
            rows[ai].push(null);
            continue;
          }
          const p = by ? by[ai] : 0;
          rows[ai].push(p);
          if (inSegs) sum[ai] += p;
        }
      }
      for (let ai = 0; ai < A; ai++) v.segs[ai].push(reviewed[ai] === 1 ? sum[ai] : null);
    }
  }
  return vectors;
}
