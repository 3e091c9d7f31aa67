// Reads what the model-as-rater figures need (lib/models/model-agreement.ts): per field, each
// model's suggested values, each annotator's values and the adjudicated (gold) values, keyed by
// unit ("segmentId|itemKey", the key Suggestion, Annotation and Adjudication share).
//
// A model is an endpoint with its model id ("local:qwen2.5:7b"). Its prompt versions are pooled
// (MMTE's EQUIVALENCE asks metaphorical and literal MRWs under two templates); where one unit was
// suggested under several versions (a scheme edit in between), the latest suggestion counts.
// Only scalar values (scale steps, options, booleans) are compared.
import type { Db } from "@/lib/db/client";
import { getSuggestScheme } from "@/lib/db/suggest-scheme";
import type { Code, KappaWeights } from "@/lib/agreement/types";
import { modelAgreementRows, type TModelAgreementRow } from "@/lib/models/model-agreement";
import { humanLabels, mmteTable4 } from "@/lib/models/mmte-table4";
import { measurementLevelOf } from "@/lib/schemes/language/measurement-level";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";

const asCode = (v: unknown): Code | null => (typeof v === "string" || typeof v === "number" ? v : typeof v === "boolean" ? String(v) : null);
const unitOf = (r: { segmentId: string; itemKey: string }) => `${r.segmentId}|${r.itemKey}`;

function scaleSteps(f: Extract<TSchemeField, { kind: "scale" }>): number[] {
  const out: number[] = [];
  for (let i = 0; f.min + i * f.step <= f.max + 1e-9; i++) out.push(Number((f.min + i * f.step).toFixed(10)));
  return out;
}

function weightsAndCategories(alternatives: TSchemeField[]): { weights: KappaWeights; categories?: Code[] } {
  const f = alternatives[0];
  const level = measurementLevelOf(f) ?? "nominal";
  const weights: KappaWeights = level === "nominal" ? "unweighted" : "quadratic";
  if (f.kind === "scale") return { weights, categories: scaleSteps(f) };
  if (f.kind === "choice") return { weights, categories: [...new Set(alternatives.flatMap((a) => (a.kind === "choice" ? (a.options ?? []).map((o) => o.value) : [])))] };
  return { weights };
}

/** α's level for the field: its measurement level for numbers (scale, number), nominal for labels. */
function alphaLevelOf(f: TSchemeField | undefined): "nominal" | "ordinal" | "interval" | "ratio" {
  if (!f || (f.kind !== "scale" && f.kind !== "number")) return "nominal";
  return measurementLevelOf(f) ?? "nominal";
}

const TABLE4_NOTE = {
  full: "MMTE Table 4: on the units the humans labelled FULL (adjudicated, else the annotators' majority)",
  others: "MMTE Table 4: on the units the humans labelled PART or NON (adjudicated, else the annotators' majority)",
} as const;

export const MODEL_AGREEMENT_COLUMNS = ["field", "model", "other", "statistic", "value", "n", "note"] as const;

export async function getModelAgreementRows(db: Db, projectId: string): Promise<TModelAgreementRow[]> {
  const suggestions = await db.suggestion.findMany({
    where: { projectId, status: "ok" },
    orderBy: { createdAt: "asc" },
    select: { field: true, segmentId: true, itemKey: true, value: true, model: true, endpoint: { select: { name: true } } },
  });
  if (!suggestions.length) return [];
  const scheme = await getSuggestScheme(db, projectId);
  const rows: TModelAgreementRow[] = [];
  const fields = [...new Set(suggestions.map((s) => s.field))].sort();
  for (const field of fields) {
    const alternatives = scheme.fields.filter((f) => f.id === field);
    const { weights, categories } = alternatives.length ? weightsAndCategories(alternatives) : { weights: "unweighted" as const, categories: undefined };
    const models = new Map<string, Map<string, Code>>();
    for (const s of suggestions.filter((x) => x.field === field)) {
      const v = asCode(s.value);
      if (v === null) continue;
      const name = `${s.endpoint.name}:${s.model}`;
      if (!models.has(name)) models.set(name, new Map());
      // ordered by time: a later version's answer replaces an earlier one for the same unit
      models.get(name)!.set(unitOf(s), v);
    }
    const annotations = await db.annotation.findMany({ where: { projectId, field }, select: { segmentId: true, itemKey: true, value: true, annotator: { select: { email: true } } } });
    const byAnnotator = new Map<string, Map<string, Code>>();
    for (const a of annotations) {
      const v = asCode(a.value);
      if (v === null) continue;
      if (!byAnnotator.has(a.annotator.email)) byAnnotator.set(a.annotator.email, new Map());
      byAnnotator.get(a.annotator.email)!.set(unitOf(a), v);
    }
    const gold = new Map<string, Code>();
    for (const g of await db.adjudication.findMany({ where: { projectId, field }, select: { segmentId: true, itemKey: true, value: true } })) {
      const v = asCode(g.value);
      if (v !== null) gold.set(unitOf(g), v);
    }
    const annotators = [...byAnnotator.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, values]) => ({ name, values }));
    for (const [model, modelValues] of [...models.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      rows.push(...modelAgreementRows({ field, weights, categories, level: alphaLevelOf(alternatives[0]), model, modelValues, annotators, gold }));
      if (field === "EQUIVALENCE") {
        // MMTE Table 4: the model's accuracy on the translations the humans labelled full, and part or non
        const human = humanLabels(annotators.map((a) => a.values), gold);
        for (const r of mmteTable4(modelValues, human)) {
          rows.push({ field, model, other: `humans: ${r.class}`, statistic: "accuracy", value: r.value, n: r.n, note: TABLE4_NOTE[r.class] });
        }
      }
    }
  }
  return rows;
}
