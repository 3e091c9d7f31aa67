// Reads what the model-as-rater figures need (lib/models/model-agreement.ts): per field, each
// model's suggested values, each annotator's values and the gold values, keyed by unit
// ("segmentId|itemKey", the key Suggestion, Annotation and Adjudication share). The gold is what
// the field declares: the item's value for `gold: {from: "item"}` (CR-ST's answer, the gold of
// every unit of its segment), else the adjudicated value. A BIO tags field with item gold gets the
// model's precision, recall and F1 per token and per span instead (lib/reports/scheme-tags-f1.ts).
//
// A model is an endpoint with its model id ("local:qwen2.5:7b"). Its prompt versions are pooled
// (MMTE's EQUIVALENCE asks metaphorical and literal MRWs under two templates); where one unit was
// suggested under several versions (a scheme edit in between), the latest suggestion counts.
// Only scalar values (scale steps, options, booleans) are compared.
import type { Db } from "@/lib/db/client";
import { getSchemeInForce } from "@/lib/db/projects/project-schemes";
import type { Code, KappaWeights } from "@/lib/agreement/types";
import { modelAgreementRows, type TModelAgreementRow } from "@/lib/models/model-agreement";
import { humanLabels, mmteTable4 } from "@/lib/models/mmte-table4";
import { isMmteEquivalence } from "@/lib/schemes/presets/preset-field-roles";
import { measurementLevelOf } from "@/lib/schemes/language/measurement-level";
import { schemeTagsF1Figures } from "@/lib/reports/scheme-tags-f1";
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

/** The item gold of every segment that has one under `key` (Segment.lists). */
async function itemGoldBySegment(db: Db, projectId: string, key: string): Promise<Map<string, unknown>> {
  const segs = await db.segment.findMany({ where: { projectId, lists: { not: { equals: null } } }, select: { id: true, lists: true } });
  const out = new Map<string, unknown>();
  for (const s of segs) {
    const v = (s.lists as Record<string, unknown> | null)?.[key];
    if (v !== undefined && v !== null) out.set(s.id, v);
  }
  return out;
}

/** The rows as they come (oldest first), the latest per model and unit kept. */
function latestPerUnit<R extends { unit: string; annotator: string }>(rows: R[]): R[] {
  const m = new Map<string, R>();
  for (const r of rows) m.set(`${r.annotator}|${r.unit}`, r);
  return [...m.values()];
}

export const MODEL_AGREEMENT_COLUMNS = ["field", "model", "other", "statistic", "value", "n", "note"] as const;

/**
 * Prisma's form of what belongs to one target language (lib/reports/scheme-report-language.ts, in SQL
 * lib/db/reports/scheme-report-data.ts valueInLanguageSql): a value about a translation, to its language;
 * any other, to every language its segment (a document value: its document) has a translation in.
 */
function inLanguage(language: string | undefined) {
  if (language === undefined) return {};
  return {
    OR: [
      { translation: { language } },
      { translationId: null, segment: { translations: { some: { language } } } },
      { translationId: null, itemKey: "document", segment: { document: { segments: { some: { translations: { some: { language } } } } } } },
    ],
  };
}

/** `language`: one target language's units only (the scheme dashboard of a project with several); every unit when absent. */
export async function getModelAgreementRows(db: Db, projectId: string, opts: { language?: string } = {}): Promise<TModelAgreementRow[]> {
  const scope = inLanguage(opts.language);
  const suggestions = await db.suggestion.findMany({
    where: { projectId, status: "ok", ...scope },
    orderBy: { createdAt: "asc" },
    select: { field: true, segmentId: true, itemKey: true, value: true, model: true, endpoint: { select: { name: true } } },
  });
  if (!suggestions.length) return [];
  const scheme = await getSchemeInForce(db, projectId);
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
    const annotations = await db.annotation.findMany({ where: { projectId, field, ...scope }, select: { segmentId: true, itemKey: true, value: true, annotator: { select: { email: true } } } });
    const byAnnotator = new Map<string, Map<string, Code>>();
    for (const a of annotations) {
      const v = asCode(a.value);
      if (v === null) continue;
      if (!byAnnotator.has(a.annotator.email)) byAnnotator.set(a.annotator.email, new Map());
      byAnnotator.get(a.annotator.email)!.set(unitOf(a), v);
    }
    const declared = alternatives[0]?.gold;
    const itemGoldKey = declared?.from === "item" ? declared.key : null;
    const itemGold = itemGoldKey !== null ? await itemGoldBySegment(db, projectId, itemGoldKey) : null;
    if (itemGold && alternatives[0].kind === "tags") {
      // tags against the corpus's tags: precision, recall and F1 of each model, as the annotators' (scheme-tags-f1.ts)
      const def = { ...scheme, fields: [alternatives[0]] };
      const tagRows = suggestions.filter((x) => x.field === field && Array.isArray(x.value)).map((x) => ({ field, system: null, unit: unitOf(x), annotator: `${x.endpoint.name}:${x.model}`, value: x.value }));
      for (const f of schemeTagsF1Figures(def, latestPerUnit(tagRows), new Map([[field, itemGold]]))) {
        rows.push({ field, model: f.annotator!, other: `gold (${f.label})`, statistic: f.statistic as "precision" | "recall" | "f1", value: f.value, n: f.n, note: `per ${f.label}, against the item's "${itemGoldKey}"` });
      }
      continue;
    }
    const gold = new Map<string, Code>();
    if (itemGold) {
      // the item's value is the gold of every unit of its segment that anyone rated
      const units = new Set([...[...models.values()].flatMap((m) => [...m.keys()]), ...[...byAnnotator.values()].flatMap((m) => [...m.keys()])]);
      for (const u of units) {
        const v = asCode(itemGold.get(u.slice(0, u.indexOf("|"))));
        if (v !== null) gold.set(u, v);
      }
    } else {
      for (const g of await db.adjudication.findMany({ where: { projectId, field, ...scope }, select: { segmentId: true, itemKey: true, value: true } })) {
        const v = asCode(g.value);
        if (v !== null) gold.set(unitOf(g), v);
      }
    }
    const annotators = [...byAnnotator.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, values]) => ({ name, values }));
    for (const [model, modelValues] of [...models.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const own = modelAgreementRows({ field, weights, categories, level: alphaLevelOf(alternatives[0]), model, modelValues, annotators, gold });
      // say which gold: the item's value, where the field declares it
      if (itemGoldKey !== null) for (const r of own) if (r.other === "gold" && r.note === null) r.note = `against the item's "${itemGoldKey}"`;
      rows.push(...own);
      if (isMmteEquivalence(field)) {
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
