/**
 * Per-annotator MetaHOPE penalties per cell, the unit of both the agreement
 * tables (MetaHOPE tables 3–4) and the penalty tables (5–6).
 *
 * A cell is (translation, MRW or sentence level, category). An annotator's
 * penalty in a cell is the sum of the penalties of their non-deleted error
 * spans there (several errors add up), 0 when they reviewed the translation
 * and marked nothing, and missing (null) when they did not review it (see
 * `metahope-coverage.ts`).
 */
import type { MetahopeCategory } from "@/lib/import/types";
import { METAHOPE_CATEGORY_ORDER } from "@/lib/scoring/metahope-scores";
import type { TReportData } from "./report-input";
import type { TReportScope } from "./report-scope";
import { metahopeCoverage, type TMetahopeCoverage } from "./metahope-coverage";

/** "-" is the sentence level. */
export const SENTENCE_LEVEL = "-";

export const cellKey = (translationId: string, mrwId: string | null, category: MetahopeCategory) =>
  `${translationId}|${mrwId ?? SENTENCE_LEVEL}|${category}`;

export interface TMetahopeCells {
  coverage: TMetahopeCoverage;
  /** cellKey → annotatorId → summed penalty (only cells where someone marked an error) */
  sums: Map<string, Map<string, number>>;
  /** error spans whose MRW is not an active MRW of the translation's segment (not part of any unit) */
  unmatchedMrwErrors: number;
}

export function metahopeCells(data: TReportData, scope: TReportScope): TMetahopeCells {
  const coverage = metahopeCoverage(data);
  const sums = new Map<string, Map<string, number>>();
  let unmatchedMrwErrors = 0;
  for (const e of data.errorSpans) {
    const t = scope.translationById.get(e.translationId);
    if (!t) continue;
    if (e.mrwId !== null) {
      const m = scope.mrwById.get(e.mrwId);
      if (!m || !m.active || m.segmentId !== t.segmentId) {
        unmatchedMrwErrors++;
        continue;
      }
    }
    const k = cellKey(e.translationId, e.mrwId, e.category);
    let by = sums.get(k);
    if (!by) sums.set(k, (by = new Map()));
    by.set(e.annotatorId, (by.get(e.annotatorId) ?? 0) + e.penalty);
  }
  return { coverage, sums, unmatchedMrwErrors };
}

/** An annotator's penalty in a cell: the sum, 0 when reviewed without error, null when not reviewed. */
export function cellPenalty(cells: TMetahopeCells, annotatorId: string, translationId: string, segmentId: string, mrwId: string | null, category: MetahopeCategory): number | null {
  if (!cells.coverage.covers(annotatorId, translationId, segmentId)) return null;
  return cells.sums.get(cellKey(translationId, mrwId, category))?.get(annotatorId) ?? 0;
}

export interface TMetahopeUnitVectors {
  system: string;
  /** MRW instances (translation × active MRW), in segment then MRW order */
  units: { translationId: string; segmentId: string; mrwId: string }[];
  annotators: string[];
  /** annotator index → per-unit SEGS (null = not reviewed) */
  segs: (number | null)[][];
  byCategory: Record<MetahopeCategory, (number | null)[][]>;
}

/**
 * The MetaHOPE agreement vectors per system: one unit per MRW instance, each
 * annotator's penalty per category and summed over categories (SEGS).
 */
export function metahopeUnitVectors(data: TReportData, scope: TReportScope, cells: TMetahopeCells): TMetahopeUnitVectors[] {
  const annotators = cells.coverage.annotators;
  const bySystem = new Map<string, TMetahopeUnitVectors>();
  for (const s of scope.systems) {
    bySystem.set(s.id, {
      system: s.name,
      units: [],
      annotators,
      segs: annotators.map(() => []),
      byCategory: Object.fromEntries(METAHOPE_CATEGORY_ORDER.map((c) => [c, annotators.map(() => [])])) as unknown as Record<MetahopeCategory, (number | null)[][]>,
    });
  }
  const segOrder = new Map([...scope.segments.keys()].map((id, i) => [id, i]));
  const translations = [...scope.translations].sort((a, b) => (segOrder.get(a.segmentId)! - segOrder.get(b.segmentId)!) || a.id.localeCompare(b.id));
  for (const t of translations) {
    const v = bySystem.get(t.systemId)!;
    const mrws = scope.activeMrwsBySegment.get(t.segmentId) ?? [];
    if (mrws.length === 0) continue;
    const reviewers = new Set(cells.coverage.reviewersOf(t.id, t.segmentId));
    for (const m of mrws) {
      v.units.push({ translationId: t.id, segmentId: t.segmentId, mrwId: m.id });
      annotators.forEach((a, ai) => {
        if (!reviewers.has(a)) {
          v.segs[ai].push(null);
          for (const c of METAHOPE_CATEGORY_ORDER) v.byCategory[c][ai].push(null);
          return;
        }
        let total = 0;
        for (const c of METAHOPE_CATEGORY_ORDER) {
          const p = cells.sums.get(cellKey(t.id, m.id, c))?.get(a) ?? 0;
          v.byCategory[c][ai].push(p);
          total += p;
        }
        v.segs[ai].push(total);
      });
    }
  }
  return [...bySystem.values()];
}
