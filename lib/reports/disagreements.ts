/**
 * The adjudication queue: every unit (item × scheme field) at least two
 * annotators gave a value for, with how strongly they disagree.
 *
 * Units and values:
 * - MMTE: Annotation rows grouped by (translation, MRW, field) for FLUENCY,
 *   INTELLIGIBILITY, FIDELITY, OVERALL, EQUIVALENCE, EMOTION, AUTHENTICITY,
 *   ALIGNMENT and TARGET_WORDS (the same marked words, or both "not rendered");
 * - MetaHOPE: per (translation, MRW or sentence level, category), field
 *   `METAHOPE_<CAT>`, the penalty of each annotator who reviewed the
 *   translation (metahope-cells.ts; 0 = reviewed, no error).
 * Disagreement:
 * - numeric fields (Likert 1–5, penalties): spread = max − min; the unit is in
 *   the queue when spread > threshold (0 = any difference); strength = spread /
 *   scale range (4 for Likert, 10 for a penalty), capped at 1;
 * - labels and alignments: any two different values; strength = 1 − share of
 *   the most frequent value.
 * Unanimous units (every value equal) are the ones automatic acceptance takes.
 */
import { METAHOPE_CATEGORY_ORDER } from "@/lib/scoring/metahope-scores";
import { cellKey, metahopeCellsOf } from "./metahope-cells";
import { buildReportIndex, scopeIndexOf } from "./report-index";
import { METAHOPE_ADJUDICATION_FIELDS, type TReportData, type TReportFilter } from "./report-input";
import { scopeReportData } from "./report-scope";
import { canonicalValue } from "@/lib/schemes/canonical-value";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

export { canonicalValue };

export const QUEUE_FIELDS = [
  "FLUENCY",
  "INTELLIGIBILITY",
  "FIDELITY",
  "OVERALL",
  "EQUIVALENCE",
  "EMOTION",
  "AUTHENTICITY",
  "ALIGNMENT",
  "TARGET_WORDS",
  ...Object.values(METAHOPE_ADJUDICATION_FIELDS),
] as const;
export type TQueueField = (typeof QUEUE_FIELDS)[number];

/**
 * The queue's fields of a built-in project, read from its scheme in force (issue 14): its scale,
 * choice and alignment fields, and for its error spans field one penalty field per category
 * label (METAHOPE_<label>), in the definition's order. QUEUE_FIELDS stays the union the built-in
 * reports and adjudication checks know (every preset field whatever parts are on: a part switched
 * off keeps its values); this is what a project's queue lists and computes.
 */
export function queueFieldsOf(def: TSchemeDefinition): string[] {
  const out: string[] = [];
  for (const f of def.fields) {
    const ids = f.kind === "scale" || f.kind === "choice" || f.kind === "alignment" ? [f.id] : f.kind === "spans" ? f.labels.map((l) => `METAHOPE_${String(l.value)}`) : [];
    for (const id of ids) if ((QUEUE_FIELDS as readonly string[]).includes(id) && !out.includes(id)) out.push(id);
  }
  return out;
}

const NUMERIC_RANGE: Partial<Record<string, number>> = { FLUENCY: 4, INTELLIGIBILITY: 4, FIDELITY: 4, OVERALL: 4, AUTHENTICITY: 4 };
export const isNumericField = (f: string) => f in NUMERIC_RANGE || f.startsWith("METAHOPE_");

export interface TUnitValue {
  annotatorId: string;
  value: unknown;
}

export interface TDisagreementUnit {
  segmentId: string;
  translationId: string | null;
  mrwId: string | null;
  field: string;
  system: string | null;
  /** the translation's target language (a study may have several) */
  language?: string | null;
  values: TUnitValue[];
  unanimous: boolean;
  /** numeric fields: max − min; else the number of distinct values − 1 */
  spread: number;
  /** 0..1, comparable across fields */
  strength: number;
  adjudication: "open" | "decided" | "automatic";
}

export function measureDisagreement(field: string, values: readonly unknown[]): { unanimous: boolean; spread: number; strength: number } {
  if (isNumericField(field) && values.every((v) => typeof v === "number")) {
    const xs = values as number[];
    const spread = Math.max(...xs) - Math.min(...xs);
    const range = NUMERIC_RANGE[field] ?? 10;
    return { unanimous: spread === 0, spread, strength: Math.min(1, spread / range) };
  }
  const counts = new Map<string, number>();
  for (const v of values) counts.set(canonicalValue(v), (counts.get(canonicalValue(v)) ?? 0) + 1);
  const top = Math.max(...counts.values());
  return { unanimous: counts.size === 1, spread: counts.size - 1, strength: values.length ? 1 - top / values.length : 0 };
}

export interface TDisagreementOptions extends TReportFilter {
  fields?: readonly string[];
}

/** Every unit with at least two values, in segment order. */
export function findUnits(data: TReportData, opts: TDisagreementOptions = {}): TDisagreementUnit[] {
  const scope = scopeReportData(data, opts);
  const wanted = new Set<string>(opts.fields?.length ? opts.fields : QUEUE_FIELDS);
  const adj = new Map<string, boolean>();
  for (const a of data.adjudications) adj.set(`${a.translationId ?? "-"}|${a.mrwId ?? "-"}|${a.field}`, a.automatic);
  const status = (t: string | null, m: string | null, f: string): TDisagreementUnit["adjudication"] => {
    const a = adj.get(`${t ?? "-"}|${m ?? "-"}|${f}`);
    return a === undefined ? "open" : a ? "automatic" : "decided";
  };
  const units: TDisagreementUnit[] = [];
  const groups = new Map<string, { segmentId: string; translationId: string; mrwId: string | null; field: string; values: TUnitValue[] }>();
  for (const a of data.annotations) {
    if (!wanted.has(a.field) || !a.translationId || !scope.translationById.has(a.translationId)) continue;
    const k = `${a.translationId}|${a.mrwId ?? "-"}|${a.field}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { segmentId: a.segmentId, translationId: a.translationId, mrwId: a.mrwId, field: a.field, values: [] }));
    g.values.push({ annotatorId: a.annotatorId, value: a.value });
  }
  for (const g of groups.values()) {
    if (g.values.length < 2) continue;
    const t = scope.translationById.get(g.translationId)!;
    units.push({ ...g, system: scope.systemNameById.get(t.systemId) ?? null, language: t.language ?? null, ...measureDisagreement(g.field, g.values.map((v) => v.value)), adjudication: status(g.translationId, g.mrwId, g.field) });
  }
  const metahopeWanted = METAHOPE_CATEGORY_ORDER.map((c, i) => [c, i] as const).filter(([c]) => wanted.has(METAHOPE_ADJUDICATION_FIELDS[c]));
  if (metahopeWanted.length) {
    const ix = buildReportIndex(data);
    const sx = scopeIndexOf(ix, scope);
    const cells = metahopeCellsOf(ix, sx);
    const ids = cells.coverage.annotators;
    for (let ti = 0; ti < scope.translations.length; ti++) {
      const t = scope.translations[ti];
      const tIndex = sx.translations[ti];
      const who = cells.coverage.reviewerPositions(tIndex);
      if (who.length < 2) continue;
      const mrws = scope.activeMrwsBySegment.get(t.segmentId) ?? [];
      for (let slot = 0; slot <= mrws.length; slot++) {
        const mrwId = slot === 0 ? null : mrws[slot - 1].id;
        for (const [c, ci] of metahopeWanted) {
          const field = METAHOPE_ADJUDICATION_FIELDS[c];
          const by = cells.sums.get(cellKey(cells, tIndex, slot, ci));
          const values = Array.from(who, (p) => ({ annotatorId: ids[p], value: by ? by[p] : 0 }));
          units.push({
            segmentId: t.segmentId,
            translationId: t.id,
            mrwId,
            field,
            system: scope.systemNameById.get(t.systemId) ?? null,
            language: t.language ?? null,
            values,
            ...measureDisagreement(field, values.map((v) => v.value)),
            adjudication: status(t.id, mrwId, field),
          });
        }
      }
    }
  }
  const segOrder = new Map([...scope.segments.keys()].map((id, i) => [id, i]));
  return units.sort((a, b) => segOrder.get(a.segmentId)! - segOrder.get(b.segmentId)! || (a.system ?? "").localeCompare(b.system ?? "") || (a.language ?? "").localeCompare(b.language ?? "") || a.field.localeCompare(b.field));
}

/** The queue: units whose annotators differ by more than `threshold` (numeric fields), strongest first. */
export function disagreementQueue(units: readonly TDisagreementUnit[], opts: { threshold?: number } = {}): TDisagreementUnit[] {
  const threshold = opts.threshold ?? 0;
  return units
    .filter((u) => !u.unanimous && (!isNumericField(u.field) || u.spread > threshold))
    .sort((a, b) => b.strength - a.strength || b.spread - a.spread);
}
