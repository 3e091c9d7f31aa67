/**
 * The score tables of a project from its report rows: MetaHOPE tables 5–6
 * (penalties per category, SEGS, per sentence, per metaphor, Ratio M/S) and
 * MMTE table 3 with figures 3–5 (mean quality per system × group, BLEU-1/4 and
 * ROUGE-L against the gold references, equivalence distribution, correlation
 * between the quality dimensions, emotion × equivalence co-occurrence).
 *
 * Value of an item (a cell, a field of a translation or of an MRW):
 * - with `annotator`: that annotator's raw value (adjudications ignored);
 * - else the adjudicated value when there is one and `useAdjudications`;
 * - else the annotators' raw values combined with `aggregation` (mean or
 *   majority; labels always by majority, an unresolved tie leaves the item
 *   without a value). `source` reports how many items came from each.
 */
import { aggregate } from "@/lib/scoring/aggregate";
import {
  emotionEquivalenceCooccurrence,
  equivalenceDistribution,
  mmteAutomaticTable,
  mmteGroupsOf,
  mmteQualityTable,
  qualityCorrelationMatrix,
  type TCorrelationMatrix,
  type TEmotionEquivalenceMatrix,
  type TEquivalenceDistribution,
  type TMmteAutomaticRow,
  type TMmteMrwValues,
  type TMmteQualityRow,
  type TMmteTranslationValues,
} from "@/lib/scoring/mmte-scores";
import { METAHOPE_CATEGORY_ORDER } from "@/lib/scoring/metahope-scores";
import type { TEmotionLabel, TEquivalenceLabel } from "@/lib/schemes/mmte";
import { METAHOPE_ADJUDICATION_FIELDS, type TReportData } from "./report-input";
import { scopeReportData, type TReportScope } from "./report-scope";
import { cellKey, metahopeCells } from "./metahope-cells";
import { metahopePenaltyTable, type TMetahopeCell, type TMetahopePenaltyRow } from "./metahope-score-table";
import { mmteCode } from "./mmte-ratings";
import { ZScoreOptions, type TScoreOptions, type TScoreOptionsParsed } from "./score-options";

export interface TValueSourceCount {
  adjudicated: number;
  raw: number;
  /** items where nobody gave a value, or a nominal tie */
  missing: number;
}

export interface TScoreTables {
  options: TScoreOptionsParsed;
  /** plain-language statement of where the values come from, shown on the page */
  sourceDescription: string;
  metahope: { rows: TMetahopePenaltyRow[]; source: TValueSourceCount } | null;
  mmte: {
    quality: TMmteQualityRow[];
    /** null until gold references exist */
    automatic: TMmteAutomaticRow[] | null;
    goldReferences: number;
    equivalence: TEquivalenceDistribution[];
    correlation: TCorrelationMatrix;
    emotionEquivalence: TEmotionEquivalenceMatrix;
    source: TValueSourceCount;
  } | null;
}

const MMTE_TRANSLATION_FIELDS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"] as const;
const MMTE_MRW_VALUE_FIELDS = ["EQUIVALENCE", "EMOTION", "AUTHENTICITY"] as const;
const LIKERT_ORDER = [1, 2, 3, 4, 5];

export function computeScoreTables(data: TReportData, optsIn: TScoreOptions = {}): TScoreTables {
  const options = ZScoreOptions.parse(optsIn);
  const scope = scopeReportData(data, options);
  const wantedEmail = options.annotator?.trim().toLowerCase();
  // an unknown email selects nobody (empty tables), never everyone
  const annotatorId = wantedEmail ? (data.annotators.find((a) => a.email.toLowerCase() === wantedEmail)?.id ?? "\u0000none") : undefined;
  const adj = new Map<string, unknown>();
  if (options.useAdjudications && !annotatorId) {
    for (const a of data.adjudications) adj.set(`${a.translationId ?? "-"}|${a.mrwId ?? "-"}|${a.field}`, a.value);
  }
  const metahope = metahopeScores(data, scope, options, annotatorId, adj);
  const mmte = mmteScores(data, scope, options, annotatorId, adj);
  return { options, sourceDescription: describe(options, metahope?.source, mmte?.source), metahope, mmte };
}

function describe(o: TScoreOptionsParsed, m?: TValueSourceCount, q?: TValueSourceCount): string {
  if (o.annotator) return `Raw values of annotator ${o.annotator} only (adjudications not used).`;
  const adj = (m?.adjudicated ?? 0) + (q?.adjudicated ?? 0);
  const raw = (m?.raw ?? 0) + (q?.raw ?? 0);
  const agg = o.aggregation === "mean" ? "mean of the annotators (labels: majority)" : "majority of the annotators (ties on a Likert scale: lower median)";
  if (!o.useAdjudications) return `Raw annotations only, ${agg}; adjudications ignored.`;
  if (adj === 0) return `No adjudicated values yet: raw annotations, ${agg}.`;
  if (raw === 0) return `Adjudicated values for every item (${adj}).`;
  return `Adjudicated values for ${adj} items; raw annotations (${agg}) for the other ${raw}.`;
}

function metahopeScores(data: TReportData, scope: TReportScope, o: TScoreOptionsParsed, annotatorId: string | undefined, adj: Map<string, unknown>) {
  if (data.errorSpans.length === 0 && !data.annotations.some((a) => a.field === "METAHOPE_ERRORS") && ![...adj.keys()].some((k) => k.includes("|METAHOPE_"))) return null;
  const cells = metahopeCells(data, scope);
  const source: TValueSourceCount = { adjudicated: 0, raw: 0, missing: 0 };
  const out: TMetahopeCell[] = [];
  const sizes = new Map(scope.systems.map((s) => [s.name, { system: s.name, sentences: 0, mrwInstances: 0 }]));
  for (const t of scope.translations) {
    const system = scope.systemNameById.get(t.systemId)!;
    const size = sizes.get(system)!;
    const mrws = scope.activeMrwsBySegment.get(t.segmentId) ?? [];
    size.sentences++;
    size.mrwInstances += mrws.length;
    const reviewers = cells.coverage.reviewersOf(t.id, t.segmentId);
    for (const mrwId of [null, ...mrws.map((m) => m.id)]) {
      for (const category of METAHOPE_CATEGORY_ORDER) {
        const k = cellKey(t.id, mrwId, category);
        let penalty: number | null = null;
        if (annotatorId) {
          penalty = cells.sums.get(k)?.get(annotatorId) ?? 0;
        } else {
          const a = adj.get(`${t.id}|${mrwId ?? "-"}|${METAHOPE_ADJUDICATION_FIELDS[category]}`);
          if (typeof a === "number") {
            penalty = a;
            source.adjudicated++;
          } else {
            const by = cells.sums.get(k);
            const vals = reviewers.map((an) => by?.get(an) ?? 0);
            const r = o.aggregation === "mean" ? aggregate(vals, "mean") : aggregate(vals, "majority", { order: [...new Set(vals)].sort((x, y) => x - y) });
            if (r.defined) {
              penalty = r.value;
              source.raw++;
            } else source.missing++;
          }
        }
        if (penalty !== null && penalty !== 0) out.push({ system, mrw: mrwId !== null, category, penalty });
      }
    }
  }
  const sizeList = [...sizes.values()].map((s) => (o.sentences ? { ...s, sentences: o.sentences } : s));
  return { rows: metahopePenaltyTable(out, sizeList, { epsScope: o.epsScope }), source };
}

function mmteScores(data: TReportData, scope: TReportScope, o: TScoreOptionsParsed, annotatorId: string | undefined, adj: Map<string, unknown>) {
  const fields = new Set<string>([...MMTE_TRANSLATION_FIELDS, ...MMTE_MRW_VALUE_FIELDS]);
  const raw = new Map<string, unknown[]>();
  let any = false;
  for (const a of data.annotations) {
    if (!fields.has(a.field) || !a.translationId || !scope.translationById.has(a.translationId)) continue;
    if (annotatorId && a.annotatorId !== annotatorId) continue;
    any = true;
    const k = `${a.translationId}|${a.mrwId ?? "-"}|${a.field}`;
    let list = raw.get(k);
    if (!list) raw.set(k, (list = []));
    list.push(a.value);
  }
  if (!any && ![...adj.keys()].some((k) => fields.has(k.slice(k.lastIndexOf("|") + 1)))) return null;
  const source: TValueSourceCount = { adjudicated: 0, raw: 0, missing: 0 };
  const valueOf = (translationId: string, mrwId: string | null, field: (typeof MMTE_TRANSLATION_FIELDS)[number] | (typeof MMTE_MRW_VALUE_FIELDS)[number]) => {
    const k = `${translationId}|${mrwId ?? "-"}|${field}`;
    const a = adj.get(k);
    if (a !== undefined && mmteCode(field, a) !== null) {
      source.adjudicated++;
      return mmteCode(field, a);
    }
    const vals = (raw.get(k) ?? []).map((v) => mmteCode(field, v)).filter((v) => v !== null);
    if (vals.length === 0) return null;
    const nominal = field === "EQUIVALENCE" || field === "EMOTION";
    const r = nominal
      ? aggregate(vals as string[], "majority")
      : o.aggregation === "mean"
        ? aggregate(vals as number[], "mean")
        : aggregate(vals as number[], "majority", { order: LIKERT_ORDER });
    if (!r.defined) {
      source.missing++;
      return null;
    }
    source.raw++;
    return r.value;
  };
  const records: (TMmteTranslationValues & { translationId: string })[] = [];
  for (const t of scope.translations) {
    const seg = scope.segments.get(t.segmentId)!;
    const mrws: TMmteMrwValues[] = (scope.activeMrwsBySegment.get(t.segmentId) ?? []).map((m) => ({
      mrwId: m.id,
      metaphorical: m.metaphorical,
      equivalence: valueOf(t.id, m.id, "EQUIVALENCE") as TEquivalenceLabel | null,
      emotion: valueOf(t.id, m.id, "EMOTION") as TEmotionLabel | null,
      authenticity: valueOf(t.id, m.id, "AUTHENTICITY") as number | null,
    }));
    records.push({
      translationId: t.id,
      system: scope.systemNameById.get(t.systemId)!,
      segmentId: t.segmentId,
      sourceMetaphorical: seg.metaphorical,
      fluency: valueOf(t.id, null, "FLUENCY") as number | null,
      intelligibility: valueOf(t.id, null, "INTELLIGIBILITY") as number | null,
      fidelity: valueOf(t.id, null, "FIDELITY") as number | null,
      overall: valueOf(t.id, null, "OVERALL") as number | null,
      mrws,
    });
  }
  // systems in the scope's order (the table functions keep first-seen order)
  const rank = new Map(scope.systems.map((s, i) => [s.name, i]));
  records.sort((a, b) => rank.get(a.system)! - rank.get(b.system)!);
  const gold = new Map<string, { FIGURATIVE?: string; LITERAL?: string }>();
  for (const g of data.goldReferences) {
    if (!scope.segments.has(g.segmentId)) continue;
    const e = gold.get(g.segmentId) ?? {};
    e[g.kind] = g.text;
    gold.set(g.segmentId, e);
  }
  const refFor = (segmentId: string) => {
    const g = gold.get(segmentId);
    if (!g) return null;
    if (o.goldKind === "figurative") return g.FIGURATIVE ?? null;
    if (o.goldKind === "literal") return g.LITERAL ?? null;
    return g.FIGURATIVE ?? g.LITERAL ?? null;
  };
  const textById = new Map(scope.translations.map((t) => [t.id, t.text]));
  const automatic =
    gold.size === 0
      ? null
      : mmteAutomaticTable(
          records.map((r) => ({ system: r.system, groups: mmteGroupsOf(r), hypothesis: textById.get(r.translationId) ?? "", reference: refFor(r.segmentId) })),
          data.project.targetLang,
        );
  return {
    quality: mmteQualityTable(records),
    automatic,
    goldReferences: gold.size,
    equivalence: equivalenceDistribution(records),
    correlation: qualityCorrelationMatrix(records),
    emotionEquivalence: emotionEquivalenceCooccurrence(records),
    source,
  };
}
