/**
 * The values a project run by the built-in runtime keeps outside the Annotation table, turned
 * into the values the scheme runtime stores for the same fields (issue 28, step 2 "Storage"):
 * what lib/db/upgrade/built-in-to-scheme-values.ts writes when a lab's edit of the MMTE/MetaHOPE preset
 * moves its project to the scheme runtime (lib/db/projects/project-schemes.ts).
 *
 * - Error spans (ErrorSpan rows) become one METAHOPE_ERRORS value per annotator and translation,
 *   a list of `{ start, end, label, attributes: { severity }, mrwId?, comment? }` (label = the
 *   category, severity = the option value of the stored severity code, mrwId = the MRW's id; no
 *   mrwId = a sentence-level error; an empty span = an omission, as the preset allows).
 * - Who reviewed a translation: the built-in runtime counts an annotator as having reviewed it
 *   when they marked it reviewed (`{ reviewed: true }`), have a complete span on it, or their MetaHOPE
 *   assignment of its segment is DONE (lib/reports/analyses/paper/metahope-coverage.ts; migration
 *   20261129000000_assignment_per_item wrote such a DONE assignment as a review mark on every
 *   translation of its segment when it merged the per-part assignments). The scheme runtime
 *   counts whoever has a METAHOPE_ERRORS value, an empty list meaning "reviewed, nothing
 *   marked" (lib/reports/analyses/paper/paper-data.ts). So each of those (annotator, translation) pairs
 *   gets a list, empty when it has no span: the MetaHOPE tables stay the same to the last bit.
 * - Post-edits (PostEdit rows) become the text value of the edit field of their variant
 *   (FIGURATIVE → the `figurative` edit field, POSTEDIT_FIGURATIVE in the preset, …), at segment
 *   scope. The base translation and the language are not part of an edit value (the audit log
 *   row of the conversion keeps them, lib/db/upgrade/built-in-to-scheme-values.ts).
 *   An empty post-edit is no value (the scheme runtime deletes a cleared field).
 *
 * Every value is checked against the new definition (validateSchemeValue); one that does not
 * validate refuses the whole move, naming the item and the field.
 *
 * Draft spans (no category or severity chosen yet) are set aside: the scheme runtime keeps
 * drafts in the annotator's browser only and stores complete values, so a draft has no stored
 * form there. They never entered a figure (reports, exports, agreement and adjudication skip
 * them, and a draft alone does not count as a review: lib/db/reports/report-data.ts reads complete spans
 * only), so setting them aside changes no figure. And they cannot block the move: the built-in
 * workspace that could finish or delete them is gone, so a refusal would leave the project stuck
 * on the earlier release. Never silently: the conversion returns them (`setAside`), and the
 * caller records each one in full in the audit log row of the conversion
 * (lib/db/upgrade/built-in-to-scheme-values.ts).
 *
 * Pure.
 */
import type { TSchemeDefinition } from "./language/scheme-definition";
import type { TSchemeField } from "./language/scheme-field";
import { validateSchemeValue } from "./language/validate-value";
import { PENALTY_BY_SEVERITY_CODE } from "./presets/built-in-codes";
import { sortedJson } from "./canonical-value";

export interface TBuiltInSpanRow {
  id: string;
  annotatorId: string;
  translationId: string;
  mrwId: string | null;
  category: string | null;
  severity: string | null;
  start: number;
  end: number;
  comment: string | null;
}

export interface TBuiltInPostEditRow {
  id: string;
  annotatorId: string;
  segmentId: string;
  kind: string;
  text: string;
}

/** An Annotation row already stored where a converted value goes (a review mark, an imported edit value). */
export interface TStoredValueRow {
  id: string;
  annotatorId: string;
  segmentId: string;
  itemKey: string;
  field: string;
  value: unknown;
}

export interface TBuiltInValues {
  spans: TBuiltInSpanRow[];
  postEdits: TBuiltInPostEditRow[];
  /** (annotator, translation) pairs reviewed without a span: review marks (a DONE MetaHOPE assignment of the earlier release became one per translation of its segment) */
  reviewed: { annotatorId: string; translationId: string }[];
  /** the segment of every translation named above */
  segmentOf: ReadonlyMap<string, string>;
  /** Annotation rows stored at the keys of the fields written (METAHOPE_ERRORS, the edit fields) */
  stored: TStoredValueRow[];
}

/** One value to store: a new Annotation row, or (`existing`) a new version of one. */
export interface TConvertedValue {
  annotatorId: string;
  segmentId: string;
  translationId: string | null;
  itemKey: string;
  field: string;
  value: unknown;
  /** the id for a new row (a post-edit keeps its id, so its POST_EDIT history names the value); null: any */
  newId: string | null;
  existing: { id: string; value: unknown } | null;
}

/** Says which item a refusal is about, in words (segment, system, annotator). */
export type TDescribeItem = (at: { annotatorId: string; segmentId: string; translationId: string | null }) => string;

export type TConversion =
  | {
      ok: true;
      values: TConvertedValue[];
      /** draft spans (category or severity null), in the input's order: no value, for the caller to record */
      setAside: TBuiltInSpanRow[];
    }
  | { ok: false; message: string };

/** A draft span: its category or severity not chosen yet. */
const isDraftSpan = (s: Pick<TBuiltInSpanRow, "category" | "severity">): boolean => s.category === null || s.severity === null;

/** The field that holds MetaHOPE's error spans: one list per annotator and translation. */
export const SPANS_FIELD = "METAHOPE_ERRORS";

export type TSpansField = Extract<TSchemeField, { kind: "spans" }>;
type TEditField = Extract<TSchemeField, { kind: "edit" }>;

/** The scheme's METAHOPE_ERRORS field, when it is spans per translation (else there is no place for an error span). */
export function spansFieldOf(def: TSchemeDefinition): TSpansField | null {
  return def.fields.find((f): f is TSpansField => f.id === SPANS_FIELD && f.kind === "spans" && f.scope === "translation") ?? null;
}

/** An error span as the built-in runtime and its imports give it: category and severity (a penalty, or the stored code). */
export interface TBuiltInSpan {
  start: number;
  end: number;
  category: string;
  /** the penalty 2–10 (an import), or the stored code MINOR … (an ErrorSpan row) */
  severity: number | string;
  /** the MRW's id (Mrw.id); none = a sentence-level error */
  mrwId: string | null | undefined;
  comment: string | null | undefined;
}

/**
 * One span of a METAHOPE_ERRORS list: `{ start, end, label, attributes: { severity }, mrwId?, comment? }`
 * (a comment only where the field keeps comments, and not a blank one).
 */
export function spanValueOf(field: TSpansField, s: TBuiltInSpan): TSpanValue {
  return {
    start: s.start,
    end: s.end,
    label: s.category,
    // the built-in runtime stores the severity option's label in capitals; the scheme stores its value
    attributes: { severity: typeof s.severity === "number" ? s.severity : severityValue(s.severity) },
    ...(s.mrwId ? { mrwId: s.mrwId } : {}),
    ...(field.comments && s.comment && s.comment.trim() !== "" ? { comment: s.comment } : {}),
  };
}

export interface TSpanValue {
  start: number;
  end: number;
  label: string;
  attributes: { severity: number | string };
  mrwId?: string;
  comment?: string;
}

/** Whether one span fits the field (its label, severity, offsets); the message without the "span 1:" prefix. */
export function checkSpanValue(field: TSpansField, span: TSpanValue): { ok: true } | { ok: false; message: string } {
  const checked = validateSchemeValue(field, [span], undefined, { withoutItem: true });
  if (checked.ok) return { ok: true };
  return { ok: false, message: checked.message.slice(`${field.id}: `.length).replace(/^span 1(: | )/, "") };
}

/** The field an edit kind goes to: the edit field of that variant (the preset's id first, when several). */
export function editFieldOf(def: TSchemeDefinition, kind: string): TEditField | null {
  const variant = kind.toLowerCase();
  const all = def.fields.filter((f): f is TEditField => f.kind === "edit" && f.variant === variant);
  const preset = { figurative: "POSTEDIT_FIGURATIVE", literal: "POSTEDIT_LITERAL", reference: "METAHOPE_POSTEDIT" }[variant];
  return all.find((f) => f.id === preset) ?? all[0] ?? null;
}

/** The edit field a post-edit of `kind` is stored as, with its text checked; the refusal without the item's name. */
export function checkPostEdit(def: TSchemeDefinition, kind: string, text: string): { ok: true; field: TEditField } | { ok: false; field: string | null; message: string } {
  const field = editFieldOf(def, kind);
  const variant = kind.toLowerCase();
  if (!field) return { ok: false, field: null, message: `the scheme has no edit field of variant "${variant}" to hold the ${variant} post-edit.` };
  if (field.scope !== "segment") return { ok: false, field: field.id, message: `${field.id} is per ${typeof field.scope === "string" ? field.scope : "role"}, but a post-edit is per segment.` };
  const checked = validateSchemeValue(field, text, undefined, { withoutItem: true });
  if (!checked.ok) return { ok: false, field: field.id, message: checked.message };
  return { ok: true, field };
}

const keyOf = (annotatorId: string, segmentId: string, itemKey: string, field: string) => `${annotatorId}\u0000${segmentId}\u0000${itemKey}\u0000${field}`;

/**
 * The scheme runtime's values for a built-in project's spans, review marks and post-edits under `def`;
 * refused as a whole when one does not fit. Draft spans become no value: they come back in `setAside`.
 */
export function convertBuiltInValues(input: TBuiltInValues, def: TSchemeDefinition, describe: TDescribeItem): TConversion {
  // drafts are set aside, returned for the caller to record (the file's comment); the rest are complete
  const setAside = input.spans.filter(isDraftSpan);
  const spans = input.spans.filter((s) => !isDraftSpan(s));
  const stored = new Map(input.stored.map((r) => [keyOf(r.annotatorId, r.segmentId, r.itemKey, r.field), r]));
  const out: TConvertedValue[] = [];
  const push = (v: Omit<TConvertedValue, "existing">) => {
    const hit = stored.get(keyOf(v.annotatorId, v.segmentId, v.itemKey, v.field));
    out.push({ ...v, existing: hit ? { id: hit.id, value: hit.value } : null });
  };

  // error spans and reviews: one list per (annotator, translation)
  const lists = new Map<string, { annotatorId: string; translationId: string; spans: TBuiltInSpanRow[] }>();
  const listOf = (annotatorId: string, translationId: string) => {
    const k = `${annotatorId}\u0000${translationId}`;
    let l = lists.get(k);
    if (!l) lists.set(k, (l = { annotatorId, translationId, spans: [] }));
    return l;
  };
  const field = spansFieldOf(def);
  if (!field && spans.length > 0) {
    const n = spans.length;
    return { ok: false, message: `The new scheme has no ${SPANS_FIELD} field (spans per translation) to hold the ${n} error span${n === 1 ? "" : "s"} the project stores.` };
  }
  // Without the field and without spans, reviews have nothing to become: a review mark stays the
  // row it is (no field's value, read by nobody under the scheme), as a part switched off keeps it.
  if (field) {
    for (const r of input.reviewed) listOf(r.annotatorId, r.translationId);
    for (const s of spans) listOf(s.annotatorId, s.translationId).spans.push(s);
    for (const l of lists.values()) {
      const segmentId = input.segmentOf.get(l.translationId);
      if (segmentId === undefined) return { ok: false, message: `${SPANS_FIELD}: translation ${l.translationId} is not one of the project's.` };
      const value = l.spans
        .slice()
        .sort((a, b) => a.start - b.start || a.end - b.end || a.category!.localeCompare(b.category!) || a.id.localeCompare(b.id))
        .map((s) => spanValueOf(field, { ...s, category: s.category!, severity: s.severity! }));
      // A list already stored there (an import's METAHOPE_ERRORS line in the scheme's shape, which
      // the built-in runtime took as a review) keeps its spans; the table's spans join it, each once.
      const itemKey = `${l.translationId}:-`;
      const before = stored.get(keyOf(l.annotatorId, segmentId, itemKey, field.id))?.value;
      const merged = Array.isArray(before) ? [...before, ...value.filter((x) => !before.some((b) => sortedJson(b) === sortedJson(x)))] : value;
      if (Array.isArray(before) && merged.length === before.length) continue;
      const checked = validateSchemeValue(field, merged, undefined, { withoutItem: true });
      if (!checked.ok) return { ok: false, message: `${describe({ annotatorId: l.annotatorId, segmentId, translationId: l.translationId })}: ${checked.message}` };
      push({ annotatorId: l.annotatorId, segmentId, translationId: l.translationId, itemKey, field: field.id, value: merged, newId: null });
    }
  }

  for (const p of input.postEdits) {
    if (p.text.trim() === "") continue;
    const at = describe({ annotatorId: p.annotatorId, segmentId: p.segmentId, translationId: null });
    const checked = checkPostEdit(def, p.kind, p.text);
    if (!checked.ok) return { ok: false, message: `${at}: ${checked.message.replace(/^the scheme has/, "the new scheme has")}` };
    push({ annotatorId: p.annotatorId, segmentId: p.segmentId, translationId: null, itemKey: "-:-", field: checked.field.id, value: p.text, newId: p.id });
  }
  return { ok: true, values: out, setAside };
}

/** The stored severity code's option value (MINOR → 2 …); a code no longer known keeps its text, so validation names it. */
function severityValue(code: string): number | string {
  return PENALTY_BY_SEVERITY_CODE.get(code) ?? code;
}
