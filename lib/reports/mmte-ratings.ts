/**
 * MMTE annotations as ratings matrices: per system and field, one unit per
 * translation (quality fields) or per translation × MRW (Equivalence, Emotion,
 * Authenticity), one row per annotator who gave that field a value there.
 * Values outside the field's scale or label set are dropped (they cannot be
 * agreement data) and counted.
 */
import { EMOTION_LABELS, EQUIVALENCE_LITERAL_LABELS, EQUIVALENCE_METAPHORICAL_LABELS, LIKERT_VALUES } from "@/lib/schemes/mmte";
import type { Code } from "@/lib/agreement";
import type { TMmteAgreementField } from "./agreement-figure";
import type { TReportData } from "./report-input";
import type { TReportScope } from "./report-scope";

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
  const wanted = new Set<string>(fields);
  // group annotation rows by system|field → unitKey → annotator → code
  const groups = new Map<string, { units: Map<string, { translationId: string; mrwId: string | null; segmentId: string; values: Map<string, Code> }>; annotators: Set<string>; invalid: number }>();
  for (const a of data.annotations) {
    if (!wanted.has(a.field) || !a.translationId) continue;
    const t = scope.translationById.get(a.translationId);
    if (!t) continue;
    const field = a.field as TMmteAgreementField;
    const mrwScoped = (MMTE_MRW_FIELDS as readonly string[]).includes(field);
    if (mrwScoped !== (a.mrwId !== null)) continue;
    const gk = `${scope.systemNameById.get(t.systemId)}|${field}`;
    let g = groups.get(gk);
    if (!g) groups.set(gk, (g = { units: new Map(), annotators: new Set(), invalid: 0 }));
    const code = mmteCode(field, a.value);
    if (code === null) {
      g.invalid++;
      continue;
    }
    const uk = `${a.translationId}|${a.mrwId ?? "-"}`;
    let u = g.units.get(uk);
    if (!u) g.units.set(uk, (u = { translationId: a.translationId, mrwId: a.mrwId, segmentId: t.segmentId, values: new Map() }));
    u.values.set(a.annotatorId, code);
    g.annotators.add(a.annotatorId);
  }
  const out = new Map<string, TMmteRatings>();
  for (const [gk, g] of groups) {
    const [system, field] = [gk.slice(0, gk.lastIndexOf("|")), gk.slice(gk.lastIndexOf("|") + 1) as TMmteAgreementField];
    const annotators = [...g.annotators].sort((a, b) => (scope.emailById.get(a) ?? a).localeCompare(scope.emailById.get(b) ?? b));
    const units = [...g.units.values()];
    const ratings = annotators.map((a) => units.map((u) => u.values.get(a) ?? null));
    out.set(gk, { system, field, annotators, units: units.map(({ values: _v, ...rest }) => rest), ratings, invalidValues: g.invalid });
  }
  return out;
}
