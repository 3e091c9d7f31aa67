/**
 * Submit rule as a pure function: which required values are missing (or
 * present but invalid) for one item, in the order the workspace shows them,
 * so "submit" can jump to the first one.
 *
 * Order: translations in item order; within a translation its
 * translation-scope fields (registry order), then each active MRW in item
 * order with its MRW-scope fields; segment-scope fields (post-edits) last.
 */
import { FIELDS, validateFieldValue, type TFieldName, type TFieldScope } from "./fields";
import { requiredFields, type TSchemeConfig } from "./scheme-config";

export interface TCompletenessMrw {
  id: string;
  /** Whether the source MRW is metaphorical (selects the EQUIVALENCE label set). */
  metaphorical: boolean;
  /** Inactive MRWs (function words, filtered out of the analysis) are never required. Default true. */
  active?: boolean;
}

export interface TCompletenessTranslation {
  id: string;
  /** When given, span values are checked against it. */
  text?: string;
}

export interface TCompletenessItem {
  translations: readonly TCompletenessTranslation[];
  mrws: readonly TCompletenessMrw[];
}

type TFieldValues = Partial<Record<TFieldName, unknown>>;

/** One annotator's current values for one item; absent or null means "not given". */
export interface TAnnotationValues {
  translation?: Readonly<Record<string, TFieldValues | undefined>>;
  /** Keyed by translation id, then MRW id. */
  mrw?: Readonly<Record<string, Readonly<Record<string, TFieldValues | undefined>> | undefined>>;
  segment?: TFieldValues;
}

export interface TMissingValue {
  field: TFieldName;
  scope: TFieldScope;
  translationId?: string;
  mrwId?: string;
  reason: "missing" | "invalid";
  message: string;
}

export function findMissing(config: TSchemeConfig, item: TCompletenessItem, values: TAnnotationValues): TMissingValue[] {
  const required = requiredFields(config);
  const byScope = (s: TFieldScope) => required.filter((f) => f.scope === s);
  const translationFields = byScope("translation");
  const mrwFields = byScope("mrw");
  const segmentFields = byScope("segment");
  const activeMrws = item.mrws.filter((m) => m.active !== false);
  const mrwIds = item.mrws.map((m) => m.id);
  const out: TMissingValue[] = [];

  const check = (
    field: TFieldName,
    value: unknown,
    where: Pick<TMissingValue, "scope" | "translationId" | "mrwId">,
    ctx: Parameters<typeof validateFieldValue>[2],
  ) => {
    if (value === undefined || value === null) {
      out.push({ field, ...where, reason: "missing", message: `${FIELDS[field].label} is missing` });
      return;
    }
    const r = validateFieldValue(field, value, ctx);
    if (!r.ok) out.push({ field, ...where, reason: "invalid", message: r.error.message });
  };

  for (const t of item.translations) {
    const tv = values.translation?.[t.id] ?? {};
    for (const f of translationFields) {
      check(f.name, tv[f.name], { scope: "translation", translationId: t.id }, { translationText: t.text, mrwIds });
    }
    for (const m of activeMrws) {
      const mv = values.mrw?.[t.id]?.[m.id] ?? {};
      for (const f of mrwFields) {
        check(
          f.name,
          mv[f.name],
          { scope: "mrw", translationId: t.id, mrwId: m.id },
          { sourceMetaphorical: m.metaphorical, translationText: t.text },
        );
      }
    }
  }
  const sv = values.segment ?? {};
  for (const f of segmentFields) check(f.name, sv[f.name], { scope: "segment" }, {});
  return out;
}

/** True when nothing required is missing or invalid. */
export function isComplete(config: TSchemeConfig, item: TCompletenessItem, values: TAnnotationValues): boolean {
  return findMissing(config, item, values).length === 0;
}
