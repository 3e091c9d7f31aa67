/**
 * Scores an annotator's answers on gold items (qualification and hidden gold checks, issue 31
 * points 1–2) against the gold values of the fields that declare `gold`
 * (lib/schemes/language/scheme-field.ts). Pure: lib/db/gold-checks/ reads the rows.
 *
 * The rule, for every kind of field:
 * - An answer is correct when it equals the gold value under the comparison key the report's
 *   accuracy figure uses (lib/reports/scheme-gold.ts goldKey): text for single values (an item's
 *   gold "3" equals a scale's 3), a set for a multi field, the WHOLE value otherwise. So spans
 *   and tags are scored by exact match of the whole set of spans / the whole tag sequence: one
 *   span off by a character, or one tag, makes the answer wrong (no partial credit).
 * - Gold `{from: "item", key}` is the gold of every unit of the item: each of the annotator's
 *   values of the field on the item is scored; an item where they gave none counts one wrong.
 * - Gold `{from: "adjudication"}` is the gold of its unit: a unit with gold and no answer counts
 *   wrong.
 * - A scale's or number's answer is also correct within the lead's tolerance of the gold value
 *   (field-rules.ts): |given − gold| ≤ tolerance.
 * - Per field: correct / total = the share of correct answers; the attempt passes when every
 *   field scored reaches its pass mark, the field's own or the project's (at least one field must
 *   be scored).
 */
import type { TGoldFieldRules } from "./field-rules";
import { goldKey } from "@/lib/reports/scheme-gold";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";

export { GOLD_RATIONALE_KEY } from "@/lib/gold-checks/gold-rationale";

export interface TGoldAnswer {
  segmentId: string;
  itemKey: string;
  field: string;
  value: unknown;
}

export interface TGoldValue {
  segmentId: string;
  field: string;
  /** null: the item's gold, for every unit of the item; else the one unit's */
  itemKey: string | null;
  value: unknown;
}

export interface TScoredAnswer {
  segmentId: string;
  field: string;
  itemKey: string | null;
  given: unknown;
  gold: unknown;
  correct: boolean;
}

export interface TFieldScore {
  correct: number;
  total: number;
  share: number;
  /** the mark the field had to reach (absent in attempts scored before marks per field) */
  passMark?: number;
}

export interface TGoldScore {
  answers: TScoredAnswer[];
  byField: Record<string, TFieldScore>;
}

/** The fields that declare gold, by id (the first of an id). */
export function goldFields(definition: TSchemeDefinition): Map<string, TSchemeField> {
  const out = new Map<string, TSchemeField>();
  for (const f of definition.fields) if (f.gold && !out.has(f.id)) out.set(f.id, f);
  return out;
}

/** Whether an answer is within a tolerance of a gold value (both numbers; the item's gold may be text such as "3"). */
function withinTolerance(given: unknown, gold: unknown, tolerance: number | undefined): boolean {
  if (tolerance === undefined || typeof given !== "number") return false;
  const g = typeof gold === "number" ? gold : typeof gold === "string" && gold.trim() !== "" ? Number(gold) : NaN;
  return Number.isFinite(g) && Math.abs(given - g) <= tolerance + 1e-9;
}

export function scoreAgainstGold(definition: TSchemeDefinition, answers: readonly TGoldAnswer[], gold: readonly TGoldValue[], rules: TGoldFieldRules = {}): TGoldScore {
  const fields = goldFields(definition);
  const given = new Map<string, TGoldAnswer[]>();
  for (const a of answers) {
    if (!fields.has(a.field)) continue;
    const k = `${a.field}\u0000${a.segmentId}`;
    given.set(k, [...(given.get(k) ?? []), a]);
  }
  const out: TScoredAnswer[] = [];
  const sorted = [...gold].filter((g) => fields.has(g.field) && g.value !== null && g.value !== undefined)
    .sort((a, b) => a.segmentId.localeCompare(b.segmentId) || a.field.localeCompare(b.field) || (a.itemKey ?? "").localeCompare(b.itemKey ?? ""));
  for (const g of sorted) {
    const field = fields.get(g.field)!;
    const mine = (given.get(`${g.field}\u0000${g.segmentId}`) ?? []).filter((a) => g.itemKey === null || a.itemKey === g.itemKey);
    const key = goldKey(field, g.value);
    if (mine.length === 0) out.push({ segmentId: g.segmentId, field: g.field, itemKey: g.itemKey, given: null, gold: g.value, correct: false });
    const tolerance = rules[g.field]?.tolerance;
    for (const a of mine) out.push({ segmentId: g.segmentId, field: g.field, itemKey: a.itemKey, given: a.value, gold: g.value, correct: goldKey(field, a.value) === key || withinTolerance(a.value, g.value, tolerance) });
  }
  const byField: Record<string, TFieldScore> = {};
  for (const a of out) {
    const s = (byField[a.field] ??= { correct: 0, total: 0, share: 0 });
    s.total++;
    if (a.correct) s.correct++;
  }
  for (const s of Object.values(byField)) s.share = s.total ? s.correct / s.total : 0;
  return { answers: out, byField };
}

/** Each field's score with the mark it had to reach: its own (rules), else `passMark`. */
export function withPassMarks(byField: Record<string, TFieldScore>, passMark: number, rules: TGoldFieldRules = {}): Record<string, TFieldScore> {
  return Object.fromEntries(Object.entries(byField).map(([f, s]) => [f, { ...s, passMark: rules[f]?.passMark ?? passMark }]));
}

/** Every scored field reaches its pass mark, its own (rules) or `passMark` (and at least one was scored). */
export function passesMark(byField: Record<string, TFieldScore>, passMark: number, rules: TGoldFieldRules = {}): boolean {
  const scores = Object.entries(byField);
  return scores.length > 0 && scores.every(([f, s]) => s.share >= (rules[f]?.passMark ?? passMark) - 1e-9);
}
