/**
 * MMTE annotations as ratings matrices: per system and field, one unit per
 * translation (quality fields) or per translation × MRW (Equivalence, Emotion,
 * Authenticity), one row per annotator who gave that field a value there.
 * Values outside the field's scale or label set are dropped (they cannot be
 * agreement data) and counted.
 */
import { EMOTION_LABELS, EQUIVALENCE_LITERAL_LABELS, EQUIVALENCE_METAPHORICAL_LABELS, LIKERT_VALUES } from "@/lib/schemes/presets/paper-codes";
import type { Code } from "@/lib/agreement";
import type { TMmteAgreementField } from "./mmte-agreement-fields";
import type { TReportData } from "../../report-input";
import type { TReportScope } from "../../report-scope";
import { buildReportIndex, scopeIndexOf, type TReportIndex, type TScopeIndex } from "../../report-index";

export const MMTE_NOMINAL_FIELDS = ["EQUIVALENCE", "EMOTION"] as const;
export const MMTE_MRW_FIELDS = ["EQUIVALENCE", "EMOTION", "AUTHENTICITY"] as const;

export function isNominalMmteField(f: string): boolean {
  return (MMTE_NOMINAL_FIELDS as readonly string[]).includes(f);
}

const EQUIVALENCE_CODES: readonly Code[] = [...EQUIVALENCE_METAPHORICAL_LABELS, ...EQUIVALENCE_LITERAL_LABELS.filter((l) => l !== "ERROR")];
const EMOTION_CODES: readonly Code[] = [...EMOTION_LABELS];
const LIKERT_CODES: readonly Code[] = [...LIKERT_VALUES];
// sets built once: mmteCode runs for every annotation row (about a million on a large project)
const CODE_SETS = { EQUIVALENCE: new Set(EQUIVALENCE_CODES), EMOTION: new Set(EMOTION_CODES), LIKERT: new Set(LIKERT_CODES) };

/** The field's categories in display order (Likert 1..5; labels in definition order). A fresh copy. */
export function mmteCategories(field: TMmteAgreementField): Code[] {
  if (field === "EQUIVALENCE") return [...EQUIVALENCE_CODES];
  if (field === "EMOTION") return [...EMOTION_CODES];
  return [...LIKERT_CODES];
}

/** The value as an agreement code, or null when it is not one of the field's categories. */
export function mmteCode(field: TMmteAgreementField, value: unknown): Code | null {
  if (typeof value !== "number" && typeof value !== "string") return null;
  const set = field === "EQUIVALENCE" ? CODE_SETS.EQUIVALENCE : field === "EMOTION" ? CODE_SETS.EMOTION : CODE_SETS.LIKERT;
  return set.has(value) ? value : null;
}

export interface TMmteRatings {
  system: string;
  field: TMmteAgreementField;
  annotators: string[];
  units: { translationId: string; mrwId: string | null; segmentId: string }[];
  ratings: (Code | null)[][];
  invalidValues: number;
}

/** All MMTE ratings matrices of the scope, keyed `${systemName}|${field}`. */
export function mmteRatings(data: TReportData, scope: TReportScope, fields: readonly TMmteAgreementField[]): Map<string, TMmteRatings> {
  const ix = buildReportIndex(data);
  return mmteRatingsOf(ix, scopeIndexOf(ix, scope), fields);
}

/** Code of each value-dictionary entry for a field (memoised per index): the code, or null when invalid. */
export function mmteCodesOf(ix: TReportIndex, field: TMmteAgreementField, extra: readonly string[] = []): (Code | null)[] {
  // `extra`: labels a variant of the scheme adds (score-tables.ts, figures 3 and 5); none for the preset
  const key = extra.length ? `mmteCodes|${field}|${JSON.stringify(extra)}` : `mmteCodes|${field}`;
  let codes = ix.memo.get(key) as (Code | null)[] | undefined;
  const values = ix.cols.values.values;
  if (!codes) ix.memo.set(key, (codes = []));
  for (let v = codes.length; v < values.length; v++) {
    const x = values[v];
    codes.push(mmteCode(field, x) ?? (extra.length && typeof x === "string" && extra.includes(x) ? x : null));
  }
  return codes;
}

interface TGroup {
  system: number;
  field: TMmteAgreementField;
  invalid: number;
  /** unit → translation index, MRW index (-1 none) */
  unitT: number[];
  unitM: number[];
  /** item slot (see `slotOf`) → unit + 1 (0 = none yet); items outside the slots go through `unitOf` */
  unitAt: Int32Array;
  unitOf: Map<number, number>;
  /** annotator dictionary index → value per unit (holes = not given); annotators in first-seen order */
  values: (Code | null)[][];
  annotators: number[];
}

/**
 * The ratings matrices of the scope, built over the dense indexes (memoised
 * per scope and field, so the figures and the dashboard's detail share them).
 * Units in order of their first valid value among the annotation rows; a later
 * value of the same annotator for a unit replaces the earlier one.
 */
export function mmteRatingsOf(ix: TReportIndex, sx: TScopeIndex, fields: readonly TMmteAgreementField[]): Map<string, TMmteRatings> {
  const memoKey = "mmteRatings";
  const memo = (ix.memo.get(memoKey) as Map<TScopeIndex, Map<TMmteAgreementField, TMmteRatings[]>> | undefined) ?? new Map();
  ix.memo.set(memoKey, memo);
  let byField = memo.get(sx);
  if (!byField) memo.set(sx, (byField = new Map()));
  const missing = fields.filter((f) => !byField.has(f));
  if (missing.length) {
    for (const [f, list] of buildRatings(ix, sx, missing)) byField.set(f, list);
  }
  const out = new Map<string, TMmteRatings>();
  for (const f of fields) for (const r of byField.get(f) ?? []) out.set(`${r.system}|${r.field}`, r);
  return out;
}

function buildRatings(ix: TReportIndex, sx: TScopeIndex, fields: readonly TMmteAgreementField[]): Map<TMmteAgreementField, TMmteRatings[]> {
  const { cols } = ix;
  const S = sx.scope.systems.length;
  // field dictionary index → wanted field
  const wanted: (TMmteAgreementField | undefined)[] = [];
  const codes: (Code | null)[][] = [];
  for (const f of fields) {
    const fi = cols.fields.get(f);
    if (fi === undefined) continue;
    wanted[fi] = f;
    codes[fi] = mmteCodesOf(ix, f);
  }
  const mrwScoped: boolean[] = wanted.map((f) => f !== undefined && (MMTE_MRW_FIELDS as readonly string[]).includes(f));
  // dense item slots: translation t has base[t] (itself) and base[t] + 1 + i (its segment's i-th
  // active MRW); a unit on any other MRW (inactive, another segment's) goes through a Map
  const base = new Int32Array(cols.translations.size).fill(-1);
  let slots = 0;
  for (const t of sx.translations) {
    if (base[t] >= 0) continue;
    base[t] = slots;
    slots += 1 + (sx.activeMrws[ix.tSegment[t]]?.length ?? 0);
  }
  const M1 = cols.mrws.size + 1;
  // groups in first-seen order, per field dictionary index × system
  const groups: TGroup[] = [];
  const groupAt = new Int32Array(cols.fields.size * S).fill(-1);
  for (let i = 0; i < cols.length; i++) {
    const fi = cols.field[i];
    const field = wanted[fi];
    if (field === undefined) continue;
    const t = cols.translation[i];
    if (t < 0) continue;
    const sys = sx.tSystem[t];
    if (sys < 0) continue;
    const m = cols.mrw[i];
    if (mrwScoped[fi] !== m >= 0) continue;
    const gk = fi * S + sys;
    let g: TGroup;
    if (groupAt[gk] < 0) {
      g = { system: sys, field, invalid: 0, unitT: [], unitM: [], unitAt: new Int32Array(slots), unitOf: new Map(), values: [], annotators: [] };
      groupAt[gk] = groups.length;
      groups.push(g);
    } else g = groups[groupAt[gk]];
    const code = codes[fi][cols.value[i]];
    if (code === null) {
      g.invalid++;
      continue;
    }
    let slot = -1;
    if (base[t] >= 0) {
      if (m < 0) slot = base[t];
      else if (sx.mrwPosition[m] >= 0 && ix.mSegment[m] === ix.tSegment[t]) slot = base[t] + 1 + sx.mrwPosition[m];
    }
    let u = slot >= 0 ? g.unitAt[slot] - 1 : (g.unitOf.get(t * M1 + m + 1) ?? -1);
    if (u < 0) {
      u = g.unitT.length;
      if (slot >= 0) g.unitAt[slot] = u + 1;
      else g.unitOf.set(t * M1 + m + 1, u);
      g.unitT.push(t);
      g.unitM.push(m);
    }
    const a = cols.annotator[i];
    let row = g.values[a];
    if (!row) {
      g.values[a] = row = [];
      g.annotators.push(a);
    }
    row[u] = code;
  }
  const out = new Map<TMmteAgreementField, TMmteRatings[]>(fields.map((f) => [f, []]));
  for (const g of groups) {
    const email = (a: number) => sx.scope.emailById.get(cols.annotators.ids[a]) ?? cols.annotators.ids[a];
    const annotators = g.annotators.sort((a, b) => email(a).localeCompare(email(b)));
    const n = g.unitT.length;
    const ratings = annotators.map((a) => {
      const src = g.values[a];
      const row = new Array<Code | null>(n);
      for (let u = 0; u < n; u++) row[u] = src[u] ?? null;
      return row;
    });
    const r = { system: sx.scope.systems[g.system].name, field: g.field, annotators: annotators.map((a) => cols.annotators.ids[a]), ratings, invalidValues: g.invalid } as TMmteRatings;
    // the unit list (an object per unit) is built only when someone reads it
    let units: TMmteRatings["units"] | undefined;
    Object.defineProperty(r, "units", {
      enumerable: true,
      get: () => (units ??= g.unitT.map((t, u) => ({ translationId: cols.translations.ids[t], mrwId: g.unitM[u] < 0 ? null : cols.mrws.ids[g.unitM[u]], segmentId: cols.segments.ids[ix.tSegment[t]] }))),
    });
    out.get(g.field)!.push(r);
  }
  return out;
}
