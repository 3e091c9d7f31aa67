/**
 * The workspace's client state and what is derived from it, as pure
 * functions: the ordered list of fields the keyboard walks through, the
 * values completeness checks, and the running MetaHOPE penalty.
 *
 * State is serialisable (undo keeps snapshots of it): annotation values keyed
 * by `fieldKey`, error spans keyed by id (a local id until the server assigns
 * one), and the post-edits by kind (MMTE's two, MetaHOPE's one).
 */
import type { TFieldName } from "@/lib/schemes/fields";
import { enabledFieldNames } from "@/lib/schemes/scheme-config";
import type { TAnnotationValues, TMissingValue } from "@/lib/schemes/completeness";
import type { TItemErrorSpan, TWorkspaceItem } from "./item-types";
import { kindOf, labelOf, valuesOf, walkOrder } from "./built-in-fields";
import type { TEditKind } from "@/lib/schemes/edit-kinds";

export interface TValueState {
  value: unknown;
  version: number;
}

export interface TPostEditState {
  text: string;
  baseTranslationId: string | null;
  version: number;
}

export interface TWorkspaceState {
  values: Record<string, TValueState>;
  errors: Record<string, TItemErrorSpan>;
  postEdits: Partial<Record<TEditKind, TPostEditState>>;
}

export function fieldKey(translationId: string | null, mrwId: string | null, field: string): string {
  return `${translationId ?? "-"}:${mrwId ?? "-"}|${field}`;
}

export function initialState(item: TWorkspaceItem): TWorkspaceState {
  const values: Record<string, TValueState> = {};
  for (const a of item.annotations) values[fieldKey(a.translationId, a.mrwId, a.field)] = { value: a.value, version: a.version };
  const errors: Record<string, TItemErrorSpan> = {};
  for (const e of item.errorSpans) errors[e.id] = e;
  const postEdits: TWorkspaceState["postEdits"] = {};
  for (const p of item.postEdits) postEdits[p.kind] = { text: p.text, baseTranslationId: p.baseTranslationId, version: p.version };
  return { values, errors, postEdits };
}

/** One stop of the keyboard walk. */
export interface TFieldSlot {
  id: string;
  field: TFieldName;
  translationId: string | null;
  mrwId: string | null;
  /** Choices digits pick, in definition order (empty for text fields). */
  choices: readonly (string | number)[];
}

export function slotId(translationId: string | null, mrwId: string | null, field: string): string {
  return fieldKey(translationId, mrwId, field);
}

/**
 * Fields in the order the page shows them, read from the item's definition (built-in-fields.ts
 * walkOrder): per translation its quality fields, then per active MRW the alignment and the
 * labels, then its error review; the segment's post-edits last. A field's choices by its kind: a
 * scale's grid, a choice's options (EQUIVALENCE's by the MRW's metaphoricity), an alignment's
 * patterns; the review is one mark; an edit starts from one of the translations.
 */
export function fieldSlots(item: TWorkspaceItem): TFieldSlot[] {
  const on = new Set<string>(enabledFieldNames({ ...item.view, required: undefined }));
  const def = item.definition;
  const order = walkOrder(def);
  const out: TFieldSlot[] = [];
  const mrws = item.mrws.filter((m) => m.active);
  const add = (field: string, translationId: string | null, mrwId: string | null, choices: readonly (string | number)[]) => {
    if (on.has(field)) out.push({ id: slotId(translationId, mrwId, field), field: field as TFieldName, translationId, mrwId, choices });
  };
  for (const t of item.translations) {
    for (const f of order.translation) add(f, t.id, null, valuesOf(def, f));
    for (const m of mrws) for (const f of order.mrw) add(f, t.id, m.id, valuesOf(def, f, m.metaphorical));
    for (const f of order.review) add(f, t.id, null, ["REVIEWED"]);
  }
  for (const f of order.segment) if (kindOf(def, f) === "edit") add(f, null, null, item.translations.map((t) => t.id));
  return out;
}

export function liveErrors(state: TWorkspaceState, translationId?: string): TItemErrorSpan[] {
  return Object.values(state.errors)
    .filter((e) => translationId === undefined || e.translationId === translationId)
    .sort((a, b) => a.start - b.start || a.end - b.end || a.id.localeCompare(b.id));
}

/** MetaHOPE running penalty of one translation: the sum of its error penalties (§3; no error = 0; a draft adds nothing yet). */
export function translationPenalty(state: TWorkspaceState, translationId: string): number {
  return liveErrors(state, translationId).reduce((s, e) => s + (e.severity ?? 0), 0);
}

/** A span whose category or severity is not chosen yet: stored (never lost), but it keeps the item incomplete. */
export function isDraftSpan(e: Pick<TItemErrorSpan, "category" | "severity">): boolean {
  return e.category === null || e.severity === null;
}

/** What the save indicator adds while drafts exist: "1 error needs a category" (null when none). */
export function draftSpansText(state: TWorkspaceState): string | null {
  const drafts = liveErrors(state).filter(isDraftSpan);
  if (drafts.length === 0) return null;
  // each draft by what it lacks (issue 29 point 10: one lacking a category and another lacking a
  // severity read "2 errors need a category and severity")
  const groups = (
    [
      [drafts.filter((e) => e.category === null && e.severity === null).length, "a category and severity"],
      [drafts.filter((e) => e.category === null && e.severity !== null).length, "a category"],
      [drafts.filter((e) => e.category !== null && e.severity === null).length, "a severity"],
    ] as const
  ).filter(([n]) => n > 0);
  return groups.map(([n, what], i) => `${n}${i === 0 ? (n === 1 ? " error" : " errors") : ""} ${n === 1 ? "needs" : "need"} ${what}`).join("; ");
}

/**
 * Values in the shape lib/schemes `findMissing` reads. The MetaHOPE error
 * review counts as answered once the translation has an error span or is
 * marked reviewed ({ reviewed: true }); an empty list then means "no errors".
 */
export function completenessValues(item: TWorkspaceItem, state: TWorkspaceState): TAnnotationValues {
  const translation: Record<string, Record<string, unknown>> = {};
  const mrw: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const t of item.translations) {
    const tv: Record<string, unknown> = {};
    for (const f of ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"] as const) tv[f] = state.values[fieldKey(t.id, null, f)]?.value;
    const errs = liveErrors(state, t.id);
    const reviewed = (state.values[fieldKey(t.id, null, "METAHOPE_ERRORS")]?.value as { reviewed?: boolean } | null | undefined)?.reviewed === true;
    tv.METAHOPE_ERRORS = reviewed || errs.length > 0
      ? errs.map((e) => ({ start: e.start, end: e.end, category: e.category, severity: e.severity, mrwId: e.mrwId }))
      : undefined;
    translation[t.id] = tv;
    mrw[t.id] = {};
    for (const m of item.mrws) {
      const mv: Record<string, unknown> = {};
      for (const f of ["TARGET_WORDS", "EQUIVALENCE", "EMOTION", "AUTHENTICITY", "ALIGNMENT"] as const) mv[f] = state.values[fieldKey(t.id, m.id, f)]?.value;
      mrw[t.id][m.id] = mv;
    }
  }
  const text = (k: TEditKind) => {
    const t = state.postEdits[k]?.text;
    return t === undefined || t === "" ? undefined : t;
  };
  return { translation, mrw, segment: { POSTEDIT_FIGURATIVE: text("FIGURATIVE"), POSTEDIT_LITERAL: text("LITERAL"), METAHOPE_POSTEDIT: text("REFERENCE") } };
}

/** The slot a missing value lives in (completeness and the walk share field keys). */
export function slotForMissing(m: TMissingValue): string {
  return slotId(m.translationId ?? null, m.mrwId ?? null, m.field);
}

/** Human wording of where a field is: "Fluency — Translation B", "Emotion — Translation A · “run out of steam”". */
export function describeSlot(item: TWorkspaceItem, slot: Pick<TFieldSlot, "field" | "translationId" | "mrwId">): string {
  const parts: string[] = [labelOf(item.definition, slot.field)];
  const t = item.translations.find((x) => x.id === slot.translationId);
  if (t) parts.push(t.label);
  const m = item.mrws.find((x) => x.id === slot.mrwId);
  if (m) parts.push(`“${m.token}”`);
  return parts.join(" — ");
}

