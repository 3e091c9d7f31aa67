/**
 * The adjudication units of a project that runs its own scheme: every (item, unit, field) at least
 * one annotator gave a value for, with the values side by side and how strongly they disagree, by
 * the field's kind (the built-in queue's rules, lib/reports/disagreements.ts, for any field):
 * - scale and number: spread = max − min; strength = spread / the field's range (a number field
 *   without min and max: 1 for any difference); a `threshold` keeps only larger spreads;
 * - tags: per token (issue 16 point 5): a token disagrees when the annotators' tags there differ
 *   (an untagged token is O); spread = the number of such tokens, strength = their share of the
 *   tokens, so a sentence with one disputed word of twenty ranks below one disputed throughout;
 * - every other kind: any two different values (a multi as a set, objects with sorted keys);
 *   strength = 1 − share of the most frequent value.
 * A unit is keyed like the stored rows: storage segment (a document value: the document's first
 * segment), item key, field. Pure; the data layer (lib/db/adjudication/scheme-decisions.ts) reads the rows.
 */
import { canonicalValue } from "@/lib/schemes/canonical-value";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";

export interface TSchemeValueRow {
  segmentId: string;
  translationId: string | null;
  mrwId: string | null;
  itemKey: string;
  field: string;
  annotatorId: string;
  value: unknown;
  /** the translation's system name */
  system: string | null;
  /** the translation's target language (a study may have several); null for a value not about a translation */
  language?: string | null;
}

export interface TSchemeDecisionKey {
  segmentId: string;
  itemKey: string;
  field: string;
  automatic: boolean;
}

export interface TSchemeUnit {
  segmentId: string;
  translationId: string | null;
  mrwId: string | null;
  itemKey: string;
  /** the item text a role-scope value is anchored to */
  role: string | null;
  field: string;
  system: string | null;
  /** the translation's target language: a study over several is adjudicated one language pair at a time */
  language?: string | null;
  values: { annotatorId: string; value: unknown }[];
  unanimous: boolean;
  /** scale and number: max − min; else the number of distinct values − 1 */
  spread: number;
  /** 0..1, comparable across fields */
  strength: number;
  adjudication: "open" | "decided" | "automatic";
}

const isNumericKind = (f: TSchemeField) => f.kind === "scale" || f.kind === "number";

/** Equal values compare equal: a multi's options in any order, objects with keys in any order. */
function canonicalOf(field: TSchemeField, v: unknown): string {
  if (field.kind === "multi" && Array.isArray(v)) return JSON.stringify(v.map((x) => JSON.stringify(x)).sort());
  return canonicalValue(v);
}

/** The tokens whose tags differ between the sequences (an untagged token or a missing one is O). */
export function disagreeingTokens(values: readonly unknown[]): number[] {
  const seqs = values.filter(Array.isArray) as unknown[][];
  const n = Math.max(0, ...seqs.map((s) => s.length));
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const tags = new Set(seqs.map((s) => (s[i] === null || s[i] === undefined ? "O" : String(s[i]))));
    if (tags.size > 1) out.push(i);
  }
  return out;
}

export function measureSchemeDisagreement(field: TSchemeField, values: readonly unknown[]): { unanimous: boolean; spread: number; strength: number } {
  if (field.kind === "tags" && values.length && values.every(Array.isArray)) {
    const n = Math.max(...values.map((v) => (v as unknown[]).length));
    const spread = disagreeingTokens(values).length;
    return { unanimous: spread === 0, spread, strength: n ? spread / n : 0 };
  }
  if (isNumericKind(field) && values.length && values.every((v) => typeof v === "number")) {
    const xs = values as number[];
    const spread = Math.max(...xs) - Math.min(...xs);
    const range = field.kind === "scale" ? field.max - field.min : field.kind === "number" && field.min !== undefined && field.max !== undefined ? field.max - field.min : null;
    return { unanimous: spread === 0, spread, strength: spread === 0 ? 0 : range ? Math.min(1, spread / range) : 1 };
  }
  const counts = new Map<string, number>();
  for (const v of values) {
    const k = canonicalOf(field, v);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const top = counts.size ? Math.max(...counts.values()) : 0;
  return { unanimous: counts.size <= 1, spread: Math.max(0, counts.size - 1), strength: values.length ? 1 - top / values.length : 0 };
}

export const unitKey = (u: { segmentId: string; itemKey: string; field: string }) => `${u.segmentId}|${u.itemKey}|${u.field}`;

/**
 * The units of the rows (fields the definition does not have are left out), in segment order
 * (`segmentOrder`: segment id → position), then scheme field order, system, language and item key.
 */
export function schemeUnits(definition: TSchemeDefinition, rows: readonly TSchemeValueRow[], decisions: readonly TSchemeDecisionKey[], segmentOrder: ReadonlyMap<string, number>, opts: { minValues?: number } = {}): TSchemeUnit[] {
  const fieldOrder = new Map<string, number>();
  const fieldById = new Map<string, TSchemeField>();
  for (const f of definition.fields) {
    if (!fieldOrder.has(f.id)) fieldOrder.set(f.id, fieldOrder.size);
    if (!fieldById.has(f.id)) fieldById.set(f.id, f);
  }
  const decided = new Map(decisions.map((d) => [unitKey(d), d.automatic]));
  const groups = new Map<string, Omit<TSchemeUnit, "unanimous" | "spread" | "strength" | "adjudication">>();
  for (const r of rows) {
    if (!fieldById.has(r.field)) continue;
    const k = unitKey(r);
    let g = groups.get(k);
    if (!g) {
      const role = r.itemKey.startsWith("role:") ? r.itemKey.slice("role:".length) : null;
      groups.set(k, (g = { segmentId: r.segmentId, translationId: r.translationId, mrwId: r.mrwId, itemKey: r.itemKey, role, field: r.field, system: r.system, language: r.language ?? null, values: [] }));
    }
    g.values.push({ annotatorId: r.annotatorId, value: r.value });
  }
  const min = opts.minValues ?? 2;
  const units: TSchemeUnit[] = [];
  for (const g of groups.values()) {
    if (g.values.length < min) continue;
    const a = decided.get(unitKey(g));
    units.push({ ...g, ...measureSchemeDisagreement(fieldById.get(g.field)!, g.values.map((v) => v.value)), adjudication: a === undefined ? "open" : a ? "automatic" : "decided" });
  }
  const pos = (id: string) => segmentOrder.get(id) ?? Number.MAX_SAFE_INTEGER;
  return units.sort(
    (a, b) => pos(a.segmentId) - pos(b.segmentId) || fieldOrder.get(a.field)! - fieldOrder.get(b.field)! || (a.system ?? "").localeCompare(b.system ?? "") || (a.language ?? "").localeCompare(b.language ?? "") || a.itemKey.localeCompare(b.itemKey),
  );
}

/** The queue: units whose annotators differ (scale and number: by more than `threshold`), strongest first. */
export function schemeDisagreementQueue(definition: TSchemeDefinition, units: readonly TSchemeUnit[], opts: { threshold?: number } = {}): TSchemeUnit[] {
  const threshold = opts.threshold ?? 0;
  const numeric = new Set(definition.fields.filter(isNumericKind).map((f) => f.id));
  return units.filter((u) => !u.unanimous && (!numeric.has(u.field) || u.spread > threshold)).sort((a, b) => b.strength - a.strength || b.spread - a.spread);
}
