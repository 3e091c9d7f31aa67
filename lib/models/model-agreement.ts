/**
 * A model as a rater beside the humans (issue 15 point 5, first part): for one field and one model
 * (endpoint, model id and prompt version), its agreement with each annotator and its accuracy
 * against the adjudicated (gold) values. Pure: the caller reads the values (lib/db/reports/model-agreement-data.ts).
 *
 * - `cohen_kappa`: Cohen's κ between the model and one annotator over the units both rated
 *   (lib/agreement/cohen-kappa.ts: unweighted for nominal fields, quadratic weights on the
 *   category positions for ordinal and interval ones, as the field's level says).
 * - `exact_agreement`: share of those units with the same value.
 * - `accuracy`: share of the units with a gold value and a model value where they are equal
 *   (the model's failures are missing values, not wrong answers; `n` says how many counted).
 * - `krippendorff_alpha` twice: among the annotators alone (`other: "annotators"`) and among the
 *   annotators with the model as one more coder (`other: "annotators+model"`), over every unit
 *   anyone rated, at the field's level (nominal for labels; ordinal, interval or ratio for
 *   numbers), so a lab sees whether the model would raise or lower the agreement it reports.
 * An undefined κ (no common unit, or one category only on both sides) has value null and its reason.
 */
import { cohenKappa } from "@/lib/agreement/cohen-kappa";
import { krippendorffAlpha } from "@/lib/agreement/krippendorff-alpha";
import type { Code, KappaWeights } from "@/lib/agreement/types";

export interface TModelAgreementInput {
  field: string;
  /** "unweighted" for nominal fields, "quadratic" for ordinal and interval ones */
  weights: KappaWeights;
  /** α's level: the field's measurement level (default nominal); non-nominal levels need numeric values */
  level?: "nominal" | "ordinal" | "interval" | "ratio";
  /** the field's ordered categories (scale steps, option values): fixes weight positions */
  categories?: Code[];
  /** e.g. "local:qwen2.5:7b@likert@3f2a9c0b1d4e" */
  model: string;
  /** unit key ("segmentId|itemKey") → value */
  modelValues: ReadonlyMap<string, Code>;
  annotators: readonly { name: string; values: ReadonlyMap<string, Code> }[];
  gold: ReadonlyMap<string, Code>;
}

export interface TModelAgreementRow {
  field: string;
  model: string;
  /** the annotator compared with, "gold", "gold (token)" / "gold (span)" for tags, or "annotators"/"annotators+model" for α */
  other: string;
  statistic: "cohen_kappa" | "exact_agreement" | "accuracy" | "krippendorff_alpha" | "precision" | "recall" | "f1";
  value: number | null;
  n: number;
  note: string | null;
}

function paired(a: ReadonlyMap<string, Code>, b: ReadonlyMap<string, Code>): { a: Code[]; b: Code[] } {
  const out = { a: [] as Code[], b: [] as Code[] };
  for (const [unit, v] of a) {
    const w = b.get(unit);
    if (w === undefined) continue;
    out.a.push(v);
    out.b.push(w);
  }
  return out;
}

const share = (a: Code[], b: Code[]) => (a.length ? a.filter((v, i) => v === b[i]).length / a.length : null);

export function modelAgreementRows(input: TModelAgreementInput): TModelAgreementRow[] {
  const base = { field: input.field, model: input.model };
  const rows: TModelAgreementRow[] = [];
  for (const annotator of input.annotators) {
    const p = paired(input.modelValues, annotator.values);
    // categories the field declares plus any stored value outside them (cohenKappa refuses unknown codes)
    const categories = input.categories ? [...input.categories, ...[...new Set([...p.a, ...p.b])].filter((c) => !input.categories!.includes(c))] : undefined;
    const k = cohenKappa(p.a, p.b, { weights: input.weights, categories });
    rows.push({ ...base, other: annotator.name, statistic: "cohen_kappa", value: k.value, n: k.n, note: k.value === null ? (k.reason ?? null) : input.weights === "unweighted" ? null : `${input.weights} weights` });
    rows.push({ ...base, other: annotator.name, statistic: "exact_agreement", value: share(p.a, p.b), n: p.a.length, note: null });
  }
  const g = paired(input.modelValues, input.gold);
  rows.push({ ...base, other: "gold", statistic: "accuracy", value: share(g.a, g.b), n: g.a.length, note: g.a.length ? null : "no unit has both a gold value and a model value" });
  if (input.annotators.length > 0) {
    const coders = input.annotators.map((a) => a.values);
    const units = [...new Set([...coders.flatMap((c) => [...c.keys()]), ...input.modelValues.keys()])].sort();
    const level = input.level ?? "nominal";
    const numeric = level !== "nominal";
    const matrix = (cs: readonly ReadonlyMap<string, Code>[]) => cs.map((c) => units.map((u) => (c.has(u) && (!numeric || typeof c.get(u) === "number") ? c.get(u)! : null)));
    for (const [other, cs] of [["annotators", coders], ["annotators+model", [...coders, input.modelValues]]] as const) {
      const a = krippendorffAlpha(matrix(cs), { level });
      rows.push({ ...base, other, statistic: "krippendorff_alpha", value: a.value, n: units.length, note: a.value === null ? (a.reason ?? null) : `${level}${other === "annotators" ? ", without the model" : ", with the model as one more coder"}` });
    }
  }
  return rows;
}
