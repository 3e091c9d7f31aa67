/**
 * The report rows (report-input.ts `TReportData`) of a project under the scheme runtime, so that
 * the paper tables' code (score-tables.ts, metahope-*.ts, lib/scoring) runs on it unchanged.
 *
 * The scheme runtime stores every value in the Annotation table under its field id, with the
 * same translation and MRW columns and the same value shapes as the built-in runtime for the
 * scale and choice fields (MMTE's FLUENCY … EMOTION): those rows are the report data's own. What
 * differs is MetaHOPE's error spans: one METAHOPE_ERRORS value per annotator and translation, a
 * list of spans `{ start, end, label, attributes: { severity }, mrwId? }` (an empty list: reviewed,
 * nothing marked), not ErrorSpan rows. So:
 * - error spans come from those lists: category = label, penalty = the span's weight
 *   (span-weight.ts: the severity option's weight); the span's mrwId is an MRW id, or the MRW's
 *   external id as an import names it; a span of a category beyond the paper's five is a span
 *   like the others (the tables compute the categories they are given: scheme-paper-tables.ts);
 * - who reviewed a translation: whoever has a METAHOPE_ERRORS value on it (a list, empty or not);
 *   a done assignment adds no one ("nothing marked" is a value, distinct from "not done");
 * - an adjudicated METAHOPE_ERRORS list becomes the per-cell penalty decisions the tables read
 *   (METAHOPE_IMP …, 0 where the list has no span of a category);
 * - gold references: the GoldReference rows, and where a segment has none of a kind, the
 *   adjudicated value of the edit field of that kind (POSTEDIT_FIGURATIVE, POSTEDIT_LITERAL,
 *   METAHOPE_POSTEDIT) in the project's target language (only when it has one).
 * Pure.
 */
import type { MetahopeCategory } from "@/lib/import/types";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { spanWeight, type TWeighedSpan } from "@/lib/schemes/language/span-weight";
import { METAHOPE_CATEGORY_ORDER } from "@/lib/scoring/metahope-scores";
import type { TEditKind } from "@/lib/schemes/edit-kinds";
import { EMOTION_LABELS, EQUIVALENCE_LITERAL_LABELS, EQUIVALENCE_METAPHORICAL_LABELS } from "@/lib/schemes/presets/paper-codes";
import { annotationColumns, withAnnotationColumns } from "../../report-index";
import { METAHOPE_ADJUDICATION_FIELDS, type TReportAdjudication, type TReportData, type TReportErrorSpan, type TReportGoldReference } from "../../report-input";
import { computeEachTime, type TKeepPart } from "./keep-part";

export interface TSchemePaperData {
  /** with every category's spans, the paper's five and any the variant adds */
  data: TReportData;
  /** spans whose MRW is not one of the translation's segment's (counted, left out as the built-in tables do) */
  unknownMrws: number;
}

const EDIT_GOLD: Record<string, TEditKind> = { POSTEDIT_FIGURATIVE: "FIGURATIVE", POSTEDIT_LITERAL: "LITERAL", METAHOPE_POSTEDIT: "REFERENCE" };

type TSpansField = Extract<TSchemeField, { kind: "spans" }>;

interface TSpanValue extends TWeighedSpan {
  mrwId?: string | null;
}

const isSpanList = (v: unknown): v is TSpanValue[] => Array.isArray(v) && v.every((s) => s !== null && typeof s === "object" && "label" in s);

/**
 * `mrwIdOf(segmentId, idOrExternalId)`: the MRW's id (null when the segment has no such MRW).
 * `errorsField`: the scheme's METAHOPE_ERRORS when it binds (else no spans are read).
 */
export function schemePaperDataOf(base: TReportData, def: TSchemeDefinition, mrwIdOf: (segmentId: string, ref: string) => string | null, keep: TKeepPart = computeEachTime): TSchemePaperData {
  const cols = annotationColumns(base);
  const errors = def.fields.find((f): f is TSpansField => f.id === "METAHOPE_ERRORS" && f.kind === "spans" && f.scope === "translation");
  const segmentOf = new Map(base.translations.map((t) => [t.id, t.segmentId]));
  const errorSpans: TReportErrorSpan[] = [];
  let unknownMrws = 0;
  const spansOf = (annotatorId: string, translationId: string, list: TSpanValue[], out: (s: TReportErrorSpan) => void) => {
    const segmentId = segmentOf.get(translationId);
    for (const s of list) {
      let mrwId: string | null = null;
      if (typeof s.mrwId === "string" && s.mrwId !== "") {
        mrwId = segmentId === undefined ? null : mrwIdOf(segmentId, s.mrwId);
        if (mrwId === null) {
          unknownMrws++;
          continue;
        }
      }
      out({ annotatorId, translationId, mrwId, category: String(s.label), penalty: spanWeight(errors!, s) });
    }
  };
  const field = errors ? cols.fields.get("METAHOPE_ERRORS") : undefined;
  if (field !== undefined) {
    // read from METAHOPE_ERRORS alone: kept while it is unchanged (keep-part.ts)
    const kept = keep(["METAHOPE_ERRORS"], ["metahope-error-spans", errors], () => {
      const spans: TReportErrorSpan[] = [];
      const unknownBefore = unknownMrws;
      for (let i = 0; i < cols.length; i++) {
        if (cols.field[i] !== field || cols.translation[i] < 0) continue;
        const v = cols.values.materialise(cols.value[i]);
        if (!isSpanList(v)) continue; // the built-in runtime's `{ reviewed: true }` marker: a review, no spans
        spansOf(cols.annotators.ids[cols.annotator[i]], cols.translations.ids[cols.translation[i]], v, (s) => spans.push(s));
      }
      return { spans, unknownMrws: unknownMrws - unknownBefore };
    });
    for (const s of kept.spans) errorSpans.push(s);
    unknownMrws = kept.unknownMrws;
  }
  const adjudications = errors ? adjudicatedCells(base, (list, translationId, push) => spansOf("", translationId, list, push)) : base.adjudications;
  const data = withAnnotationColumns(
    {
      project: base.project,
      annotators: base.annotators,
      systems: base.systems,
      segments: base.segments,
      mrws: base.mrws,
      translations: base.translations,
      errorSpans,
      adjudications,
      goldReferences: goldOf(base, def),
      metahopeCoverage: { doneAssignments: [], annotatorsWithAssignments: [], annotatorsWithImportedSpans: [], annotatorsWithDeletedSpans: [] },
      ...mmteExtraLabelsOf(def),
    },
    cols,
  );
  return { data, unknownMrws };
}

/**
 * The options a variant adds to MMTE's EQUIVALENCE (per source kind: the alternative's `when` on
 * the item's metaphoricity) and EMOTION; none for the preset (then the key is absent).
 */
function mmteExtraLabelsOf(def: TSchemeDefinition): Pick<TReportData, "mmteExtraLabels"> {
  const extra: { metaphorical: string[]; literal: string[]; emotion: string[] } = { metaphorical: [], literal: [], emotion: [] };
  const add = (list: string[], known: readonly string[], value: unknown) => {
    const v = String(value);
    if (!known.includes(v) && !list.includes(v)) list.push(v);
  };
  for (const f of def.fields) {
    if (f.kind !== "choice" || f.scope !== "mrw-translation") continue;
    if (f.id === "EMOTION") for (const o of f.options ?? []) add(extra.emotion, EMOTION_LABELS, o.value);
    if (f.id !== "EQUIVALENCE") continue;
    const when = f.when && "item" in f.when && f.when.item === "metaphorical" ? (f.when.in as unknown[]) : [true, false];
    for (const o of f.options ?? []) {
      if (when.includes(true)) add(extra.metaphorical, EQUIVALENCE_METAPHORICAL_LABELS, o.value);
      if (when.includes(false)) add(extra.literal, EQUIVALENCE_LITERAL_LABELS, o.value);
    }
  }
  const some = extra.metaphorical.length || extra.literal.length || extra.emotion.length;
  return some ? { mmteExtraLabels: extra } : {};
}

/** The adjudications with each decided METAHOPE_ERRORS list turned into its cells' penalties (every cell of the translation). */
function adjudicatedCells(base: TReportData, spansOf: (list: TSpanValue[], translationId: string, push: (s: TReportErrorSpan) => void) => void): TReportAdjudication[] {
  const out: TReportAdjudication[] = [];
  const active = new Map<string, string[]>();
  for (const m of base.mrws) if (m.active) active.set(m.segmentId, [...(active.get(m.segmentId) ?? []), m.id]);
  for (const a of base.adjudications) {
    if (a.field !== "METAHOPE_ERRORS") {
      out.push(a);
      continue;
    }
    if (a.translationId === null || !isSpanList(a.value)) continue;
    const sums = new Map<string, number>();
    spansOf(a.value, a.translationId, (s) => sums.set(`${s.mrwId ?? ""}|${s.category}`, (sums.get(`${s.mrwId ?? ""}|${s.category}`) ?? 0) + s.penalty));
    for (const mrwId of [null, ...(active.get(a.segmentId) ?? [])]) {
      for (const c of METAHOPE_CATEGORY_ORDER) {
        out.push({ segmentId: a.segmentId, translationId: a.translationId, mrwId, field: METAHOPE_ADJUDICATION_FIELDS[c as MetahopeCategory], value: sums.get(`${mrwId ?? ""}|${c}`) ?? 0, automatic: a.automatic });
      }
    }
  }
  return out;
}

/** The gold references: stored ones, then decided edits of a kind a segment has none of (one target language only). */
function goldOf(base: TReportData, def: TSchemeDefinition): TReportGoldReference[] {
  const out = [...base.goldReferences];
  const languages = base.project.targetLangs ?? [base.project.targetLang];
  if (languages.length !== 1) return out;
  const have = new Set(out.map((g) => `${g.segmentId}|${g.kind}`));
  const edits = new Set(def.fields.filter((f) => f.kind === "edit" && EDIT_GOLD[f.id]).map((f) => f.id));
  for (const a of base.adjudications) {
    const kind = EDIT_GOLD[a.field];
    if (!kind || !edits.has(a.field) || typeof a.value !== "string" || a.value.trim() === "") continue;
    if (have.has(`${a.segmentId}|${kind}`)) continue;
    have.add(`${a.segmentId}|${kind}`);
    out.push({ segmentId: a.segmentId, language: languages[0], kind, text: a.value });
  }
  return out;
}
