/**
 * Which stored values a scheme's report counts: per row, the first alternative of its field
 * (one per `when`, as MMTE's EQUIVALENCE) that accepts the value as stored, or null when none
 * does (left out of agreement and distributions alike). Checked as the report reads stored values:
 * without the item, an imported file's tags as written (an I- after O is a label of its own:
 * issue 30.6).
 *
 * Computed once per report (scheme-report.ts) and shared by the agreement figures and the
 * distributions, which each checked every value before (two validations of 960,000 values on the
 * dashboard, issue 28). A number, string or boolean is checked once per field and value: its verdict
 * depends on nothing else.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import type { TSchemeValueRow } from "./scheme-agreement";

/** Per row (same index), the alternative that accepts its value, or null. */
export type TAcceptedValues = readonly (TSchemeField | null)[];

const STORED = { withoutItem: true, insideStartsChunk: true } as const;

export function acceptedValues(scheme: TSchemeDefinition, rows: readonly TSchemeValueRow[]): TAcceptedValues {
  const alternatives = new Map<string, TSchemeField[]>();
  for (const f of scheme.fields) {
    const list = alternatives.get(f.id);
    if (list) list.push(f);
    else alternatives.set(f.id, [f]);
  }
  const primitive = new Map<string, Map<unknown, TSchemeField | null>>();
  const out = new Array<TSchemeField | null>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const fields = alternatives.get(r.field);
    if (!fields) {
      out[i] = null;
      continue;
    }
    const v = r.value;
    const t = typeof v;
    if (t === "number" || t === "string" || t === "boolean") {
      let seen = primitive.get(r.field);
      if (!seen) primitive.set(r.field, (seen = new Map()));
      let f = seen.get(v);
      if (f === undefined) seen.set(v, (f = fields.find((g) => validateSchemeValue(g, v, undefined, STORED).ok) ?? null));
      out[i] = f;
    } else out[i] = fields.find((g) => validateSchemeValue(g, v, undefined, STORED).ok) ?? null;
  }
  return out;
}
