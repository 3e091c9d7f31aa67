/**
 * The meta4xnli preset's named analyses (Sanchez-Bayona & Agerri 2025), per rater: each annotator
 * and each model (a model's latest successful suggestion per unit, lib/db/models/model-values.ts;
 * a model is its own rater, never one of the annotators of the agreement figures).
 *
 * - `meta4xnli.detection` (the BIO tags field with item gold, `metaphor`):
 *   - agreement per language as the paper's Table 6 lays it out: Cohen's κ of every annotator pair
 *     and Fleiss' κ, exact labels, taken from the field's agreement figures (scheme-agreement.ts:
 *     tokens as units, per language when the items are in several, `language: "all"` pooled);
 *   - precision, recall and F1 against the gold tags per rater and language ("all" pooled), per
 *     token and per span (scheme-tags-f1.ts countTags), with TP/FP/FN and the sentences counted.
 * - `meta4xnli.interpretation` (the NLI choice field whose gold is the item's `gold_label`):
 *   accuracy (a percentage) per rater, language, source dataset (the item's `source_dataset`) and
 *   gold metaphor role (the item's `relevance`: relevant = the paper's "metaphor" subset, none =
 *   "no metaphor", non-relevant), as Tables 15–16 lay it out, with every "all" roll-up (the
 *   rater's average over everything is language "all", source "all", role "all"). A value whose
 *   item has no gold label is not counted; an item without a gold role counts under role "unknown".
 * Pure.
 */
import type { TAgreementFigure } from "../agreement-figure";
import type { TSchemeValueRow } from "../scheme-agreement";
import { countTags, emptyCounts, prf, type TCounts } from "../scheme-tags-f1";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

export const META4XNLI_ANALYSES = ["meta4xnli.detection", "meta4xnli.interpretation"] as const;
export const ALL = "all";

export type TRaterKind = "annotator" | "model";

/** A model's value of one unit (the same unit key as the annotators' values). */
export interface TModelValueRow {
  field: string;
  unit: string;
  model: string;
  value: unknown;
  language: string | null;
}

export interface TMeta4xnliPrfRow {
  rater: string;
  kind: TRaterKind;
  language: string;
  level: "token" | "span";
  precision: number | null;
  recall: number | null;
  f1: number | null;
  tp: number;
  fp: number;
  fn: number;
  /** tokens (token level) or gold spans (span level) */
  n: number;
  sentences: number;
}

export interface TMeta4xnliKappaRow {
  language: string;
  statistic: "cohen_kappa" | "fleiss_kappa";
  /** the pair, for Cohen's κ */
  annotators?: [string, string];
  raters: number;
  value: number | null;
  n: number;
  reason?: string;
  note?: string;
}

export interface TMeta4xnliAccuracyRow {
  rater: string;
  kind: TRaterKind;
  language: string;
  source: string;
  role: string;
  correct: number;
  n: number;
  /** percentage 0–100; null when n = 0 */
  accuracy: number | null;
}

export interface TMeta4xnliAnalysis {
  detection?: { field: string; agreement: TMeta4xnliKappaRow[]; prf: TMeta4xnliPrfRow[] };
  interpretation?: { field: string; accuracy: TMeta4xnliAccuracyRow[] };
  /** why a listed analysis could not be computed (the scheme lacks the field it needs) */
  missing?: string[];
}

export function meta4xnliAnalysisApplies(def: TSchemeDefinition): boolean {
  return META4XNLI_ANALYSES.some((a) => def.analyses.includes(a));
}

const segmentOf = (unit: string) => unit.slice(0, unit.indexOf("|"));

interface TRaterValue {
  rater: string;
  kind: TRaterKind;
  unit: string;
  value: unknown;
  language: string | null;
}

function ratersOf(field: string, values: readonly TSchemeValueRow[], models: readonly TModelValueRow[]): TRaterValue[] {
  return [
    ...values.filter((r) => r.field === field).map((r) => ({ rater: r.annotator, kind: "annotator" as const, unit: r.unit, value: r.value, language: r.language ?? null })),
    ...models.filter((r) => r.field === field).map((r) => ({ rater: r.model, kind: "model" as const, unit: r.unit, value: r.value, language: r.language })),
  ];
}

const raterOrder = (a: { kind: TRaterKind; rater: string }, b: { kind: TRaterKind; rater: string }) => (a.kind === b.kind ? a.rater.localeCompare(b.rater) : a.kind === "annotator" ? -1 : 1);
const langOrder = (a: string, b: string) => (a === ALL ? 1 : b === ALL ? -1 : a.localeCompare(b));

export function meta4xnliAnalysis(
  def: TSchemeDefinition,
  input: {
    values: readonly TSchemeValueRow[];
    models: readonly TModelValueRow[];
    /** field → segmentId → the item's gold value */
    goldBySegment: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
    itemMetadata: ReadonlyMap<string, Record<string, string | number | boolean>>;
    figures: readonly TAgreementFigure[];
  },
): TMeta4xnliAnalysis {
  const out: TMeta4xnliAnalysis = {};
  const missing: string[] = [];

  if (def.analyses.includes("meta4xnli.detection")) {
    const field = def.fields.find((f) => f.kind === "tags" && f.bio && f.gold?.from === "item");
    if (!field) missing.push("meta4xnli.detection: the scheme has no BIO tags field with gold from the item");
    else {
      const gold = input.goldBySegment.get(field.id) ?? new Map();
      const counts = new Map<string, { kind: TRaterKind; rater: string; language: string; token: TCounts; span: TCounts; sentences: number }>();
      for (const v of ratersOf(field.id, input.values, input.models)) {
        const g = gold.get(segmentOf(v.unit));
        if (!Array.isArray(v.value) || !Array.isArray(g) || g.length !== v.value.length) continue;
        for (const language of v.language ? [ALL, v.language] : [ALL]) {
          const key = `${v.kind}\u0000${v.rater}\u0000${language}`;
          let c = counts.get(key);
          if (!c) counts.set(key, (c = { kind: v.kind, rater: v.rater, language, token: emptyCounts(), span: emptyCounts(), sentences: 0 }));
          countTags(v.value, g, c.token, c.span);
          c.sentences++;
        }
      }
      const prfRows: TMeta4xnliPrfRow[] = [];
      for (const c of [...counts.values()].sort((a, b) => raterOrder(a, b) || langOrder(a.language, b.language))) {
        for (const level of ["token", "span"] as const) {
          const k = c[level];
          prfRows.push({ rater: c.rater, kind: c.kind, language: c.language, level, ...prf(k), tp: k.tp, fp: k.fp, fn: k.fn, n: k.n, sentences: c.sentences });
        }
      }
      const agreement: TMeta4xnliKappaRow[] = input.figures
        .filter((f) => f.field === field.id && f.system === ALL && f.label === undefined && ((f.statistic === "cohen_kappa" && f.weights === "unweighted") || f.statistic === "fleiss_kappa"))
        .map((f) => ({
          language: f.language ?? ALL,
          statistic: f.statistic as "cohen_kappa" | "fleiss_kappa",
          ...(f.annotators ? { annotators: f.annotators } : {}),
          raters: f.raters ?? (f.statistic === "cohen_kappa" ? 2 : 0),
          value: f.value,
          n: f.n,
          ...(f.reason ? { reason: f.reason } : {}),
          ...(f.note ? { note: f.note } : {}),
        }))
        .sort((a, b) => langOrder(a.language, b.language) || (a.statistic === b.statistic ? 0 : a.statistic === "cohen_kappa" ? -1 : 1));
      out.detection = { field: field.id, agreement, prf: prfRows };
    }
  }

  if (def.analyses.includes("meta4xnli.interpretation")) {
    const field = def.fields.find((f) => f.kind === "choice" && f.gold?.from === "item" && f.gold.key === "gold_label") ?? def.fields.find((f) => f.kind === "choice" && f.gold?.from === "item");
    const roleField = def.fields.find((f) => f.gold?.from === "item" && f.gold.key === "relevance");
    if (!field) missing.push("meta4xnli.interpretation: the scheme has no choice field with gold from the item (the inference label)");
    else {
      const gold = input.goldBySegment.get(field.id) ?? new Map();
      const roles = roleField ? (input.goldBySegment.get(roleField.id) ?? new Map()) : new Map<string, unknown>();
      const tallies = new Map<string, TMeta4xnliAccuracyRow>();
      for (const v of ratersOf(field.id, input.values, input.models)) {
        const seg = segmentOf(v.unit);
        const g = gold.get(seg);
        if (g === undefined || g === null || v.value === null || v.value === undefined) continue;
        const hit = String(v.value) === String(g);
        const role = roles.get(seg);
        const source = input.itemMetadata.get(seg)?.source_dataset;
        for (const language of v.language ? [ALL, v.language] : [ALL]) {
          for (const src of source !== undefined ? [ALL, String(source)] : [ALL]) {
            for (const r of [ALL, role === undefined || role === null ? "unknown" : String(role)]) {
              const key = [v.kind, v.rater, language, src, r].join("\u0000");
              let t = tallies.get(key);
              if (!t) tallies.set(key, (t = { rater: v.rater, kind: v.kind, language, source: src, role: r, correct: 0, n: 0, accuracy: null }));
              t.n++;
              if (hit) t.correct++;
            }
          }
        }
      }
      const roleOrder = ["relevant", "none", "non-relevant", "unknown", ALL];
      const accuracy = [...tallies.values()]
        .map((t) => ({ ...t, accuracy: t.n ? (100 * t.correct) / t.n : null }))
        .sort((a, b) => raterOrder(a, b) || langOrder(a.language, b.language) || langOrder(a.source, b.source) || roleOrder.indexOf(a.role) - roleOrder.indexOf(b.role));
      out.interpretation = { field: field.id, accuracy };
    }
  }
  if (missing.length) out.missing = missing;
  return out;
}
