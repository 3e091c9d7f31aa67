"use client";
// The annotator workspace for one item: one client component tree over a serialisable state
// (lib/workspace/workspace-model). Every change records an undo snapshot and becomes a queued,
// autosaved operation; the keyboard drives everything through the keymap (lib/keymap plus
// lib/workspace/workspace-keymap), mouse users get the same through buttons and token drags.
// Where the project shows model suggestions (issue 15 point 4), a scale or choice field without a
// value of the annotator's shows the model's suggestion, unsaved, in a marked box (its button
// outlined): Shift+Enter or Accept saves it through the same queue as any choice and moves on,
// Shift+Backspace or Reject hides it, an ordinary choice edits it; each decision is recorded
// (POST …/suggestions/decisions) once the value it names is saved.
// An alignment without patterns (MMTE's target words, issue 19 point 4) is marked like an
// alignment's target, saved at every mark; 1 keeps the words shown (pre-filled from the project's
// imported alignment), 2 says not rendered. Post-edits are one component per edit field, whichever
// study's: MMTE's figurative and literal ones, MetaHOPE's one (issue 19 point 3).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { matchKey, type TKeyAction } from "@/lib/keymap/keymap";
import { findMissing } from "@/lib/schemes/completeness";
import type { TFieldName, TSpan } from "@/lib/schemes/fields";
import type { TMetahopeCategory, TMetahopeSeverity, TRealisationPattern } from "@/lib/schemes/metahope";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { buttonsOf, editKindOf, errorSchemeOf, fieldFor, isTargetWords, kindOf, patternSpanRule, suggestionTextOf, type TBuiltInKind } from "@/lib/workspace/built-in-fields";
import { EDIT_KIND_LABELS, type TEditKind } from "@/lib/schemes/edit-kinds";
import type { TItemErrorSpan, TItemSuggestion, TWorkspaceItem } from "@/lib/workspace/item-types";
import type { TNewOp, TSaveOp } from "@/lib/workspace/save-queue";
import { SAVE_DEBOUNCE_MS, statusText, TEXT_DEBOUNCE_MS } from "@/lib/workspace/save-policy";
import { tokenize, toggleTokenRange, tokensToSpan, spansOverlap } from "@/lib/workspace/span-selection";
import { applyPendingOps, restoreSnapshot } from "@/lib/workspace/state-ops";
import { createUndoStack, recordChange, redo, undo, type TUndoStack } from "@/lib/workspace/undo-stack";
import { builtInWorkspaceKeymap } from "@/lib/workspace/workspace-keymap";
import { completenessValues, describeSlot, draftSpansText, fieldKey, fieldSlots, initialState, isDraftSpan, liveErrors, slotForMissing, translationPenalty, type TFieldSlot, type TWorkspaceState } from "@/lib/workspace/workspace-model";
import { formatValue } from "@/lib/workspace/format-value";
import { ChoiceField, type TChoice } from "./choice-field";
import { TokenText } from "./token-text";
import { CheatSheet } from "./cheat-sheet";
import { ConflictDialog } from "./conflict-dialog";
import { GuidelinesPanel } from "./guidelines-panel";
import { ErrorList } from "./error-list";
import { AlignmentTarget } from "./fields/alignment-target";
import { EditField } from "./fields/edit-field";
import { useAutosave, type TConflict } from "./use-autosave";
import { useActiveTime } from "./use-active-time";
import { SuggestionBox } from "@/components/schemes/suggestion-box";
import { postSuggestionDecision, type TSuggestionDecision } from "./post-suggestion-decision";

type TAlignDraft = { pattern: TRealisationPattern | null; spans: TSpan[] };
type TDecision = TSuggestionDecision;
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isEmpty = (v: unknown) => v === undefined || v === null;

function isEditable(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return !!el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
}

/** A slot's kind in the item's definition: what renders it and what its keys do. */
const slotKind = (item: TWorkspaceItem, slot: Pick<TFieldSlot, "field">): TBuiltInKind | undefined => kindOf(item.definition, slot.field);
const mrwFlag = (item: TWorkspaceItem, slot: Pick<TFieldSlot, "mrwId">) => item.mrws.find((m) => m.id === slot.mrwId)?.metaphorical;

/** The buttons of a slot, by its kind (read from the definition: lib/workspace/built-in-fields.ts). */
function choiceLabels(slot: TFieldSlot, item: TWorkspaceItem): TChoice[] {
  switch (slotKind(item, slot)) {
    case "spans":
      return [{ value: "REVIEWED", label: "Review done" }];
    case "edit":
      return item.translations.map((t) => ({ value: t.id, label: `Start from ${t.label}` }));
    default:
      // a scale's value labels (MMTE's anchors, app. B.1, B.4) after the digit to press; a choice's and an alignment's values
      return buttonsOf(item.definition, slot.field, mrwFlag(item, slot));
  }
}

export function Workspace({ item, userId }: { item: TWorkspaceItem; userId: string }) {
  const router = useRouter();
  const slug = item.project.slug;
  const segId = item.segment.id;
  const slots = useMemo(() => fieldSlots(item), [item]);
  // keys, error categories and severities from the project's definition (not from constants)
  const withSuggestions = item.suggestions !== undefined;
  const keymap = useMemo(() => builtInWorkspaceKeymap(item.definition, { suggestions: withSuggestions }), [item, withSuggestions]);
  const errorScheme = useMemo(() => errorSchemeOf(item.definition), [item]);
  const tokens = useMemo(() => Object.fromEntries(item.translations.map((t) => [t.id, tokenize(t.text, t.language)])), [item]);
  const [state, setState] = useState<TWorkspaceState>(() => initialState(item));
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const [undoStack, setUndoStack] = useState<TUndoStack<TWorkspaceState>>(() => createUndoStack());
  const [focus, setFocus] = useState(0);
  const [cursor, setCursor] = useState<Record<string, number>>({});
  const [selection, setSelection] = useState<Record<string, [number, number] | null>>({});
  const [drafts, setDrafts] = useState<Record<string, TAlignDraft>>({});
  const [selectedError, setSelectedError] = useState<string | null>(null);
  // The translation last touched with the mouse or holding the focused field: where keys act (point 5).
  const [activeTid, setActiveTid] = useState<string | null>(null);
  const [showHelp, setShowHelp] = useState(false);
  const [showKeys, setShowKeys] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A submitted or skipped item is read-only until the annotator reopens it: the server refuses
  // writes to it (lib/db/item-write-guard.ts), so the page does not pretend to accept them.
  const [assignmentStatus, setAssignmentStatus] = useState(item.assignment.status);
  const readOnlyRef = useRef(false);
  const slotEls = useRef(new Map<string, HTMLElement>());
  const textareas = useRef(new Map<string, HTMLTextAreaElement>());
  const clientSeq = useRef(0);
  const newClientId = () => `local-${Date.now().toString(36)}-${(clientSeq.current++).toString(36)}`;

  // ---- model suggestions: the latest per slot, decisions taken here or before -----------------------
  const suggestionOf = useMemo(() => new Map((item.suggestions ?? []).map((x) => [fieldKey(x.translationId, x.mrwId, x.field), x])), [item]);
  const [decided, setDecided] = useState<Record<string, TDecision>>(() => Object.fromEntries((item.suggestions ?? []).flatMap((x) => (x.decision ? [[x.id, x.decision.decision]] : []))));
  const decidedRef = useRef(decided);
  const decide = useCallback((id: string, d: TDecision) => {
    decidedRef.current = { ...decidedRef.current, [id]: d };
    setDecided(decidedRef.current);
  }, []);
  // suggestions accepted or edited on this page, by slot: each save of that value records the decision with the saved value
  const following = useRef(new Map<string, TItemSuggestion>());
  const postDecision = useCallback(async (x: TItemSuggestion, decision: TDecision, value?: unknown) => {
    const failed = await postSuggestionDecision(slug, x.id, decision, value);
    if (failed) setMessage(failed);
  }, [slug]);

  // ---- autosave -------------------------------------------------------------------------------
  const onSaved = useCallback((op: TSaveOp, result: { id?: string; version: number }) => {
    if (op.segmentId !== segId) return;
    if (op.kind === "annotation") {
      const x = following.current.get(fieldKey(op.translationId, op.mrwId, op.field));
      if (x && !isEmpty(op.value)) void postDecision(x, sameValue(op.value, x.value) ? "accepted" : "edited", op.value);
    }
    setState((s) => {
      const next = { ...s, values: { ...s.values }, errors: { ...s.errors }, postEdits: { ...s.postEdits } };
      if (op.kind === "annotation") {
        const k = fieldKey(op.translationId, op.mrwId, op.field);
        if (next.values[k]) next.values[k] = { ...next.values[k], version: result.version };
      } else if (op.kind === "postEdit") {
        const p = next.postEdits[op.editKind];
        if (p) next.postEdits[op.editKind] = { ...p, version: result.version };
      } else if (op.kind === "errorCreate" && result.id) {
        const e = next.errors[op.clientId];
        if (e) {
          delete next.errors[op.clientId];
          next.errors[result.id] = { ...e, id: result.id, version: result.version };
        }
      } else if (op.kind === "errorUpdate") {
        const e = next.errors[op.id];
        if (e) next.errors[op.id] = { ...e, version: result.version };
      }
      return next;
    });
    if (op.kind === "errorCreate" && result.id) setSelectedError((sel) => (sel === op.clientId ? result.id! : sel));
  }, [segId, postDecision]);
  const onRefused = useCallback((_op: TSaveOp, msg: string) => setMessage(msg), []);
  const autosave = useAutosave({ slug, userId, onSaved, onRefused });
  // closed here, or a save refused because the item was submitted elsewhere (another tab)
  const readOnly = assignmentStatus === "DONE" || assignmentStatus === "SKIPPED" || autosave.closed !== null;
  useLayoutEffect(() => {
    readOnlyRef.current = readOnly;
  }, [readOnly]);

  // Edits still queued in this browser (reload, offline period) are shown over the server state.
  const applied = useRef(false);
  useEffect(() => {
    if (!autosave.loaded || applied.current) return;
    applied.current = true;
    const ops = autosave.pendingOps();
    // Syncing from an external store (localStorage) once it is readable: a legitimate effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (ops.some((o) => o.segmentId === segId)) setState((s) => applyPendingOps(s, ops, segId));
  }, [autosave, segId]);

  /** One user change: undo snapshot, new state, queued saves. */
  const change = useCallback((next: TWorkspaceState, ops: TNewOp[]) => {
    if (readOnlyRef.current) {
      setMessage(`This item was ${assignmentStatus === "SKIPPED" ? "skipped" : "submitted"}; reopen it to change it.`);
      return;
    }
    // Take the snapshot now: an updater reading stateRef lazily (React runs it at the next render,
    // after the line below) recorded the state AFTER the change, so undo restored nothing.
    const before = stateRef.current;
    setUndoStack((u) => recordChange(u, before));
    stateRef.current = next;
    setState(next);
    for (const op of ops) autosave.save(op, op.kind === "postEdit" || (op.kind === "errorUpdate" && op.patch.comment !== undefined) ? TEXT_DEBOUNCE_MS : SAVE_DEBOUNCE_MS);
  }, [autosave, assignmentStatus]);

  const setValue = useCallback((slot: Pick<TFieldSlot, "field" | "translationId" | "mrwId">, value: unknown) => {
    const s = stateRef.current;
    const k = fieldKey(slot.translationId, slot.mrwId, slot.field);
    const version = s.values[k]?.version ?? 0;
    if (JSON.stringify(s.values[k]?.value ?? null) === JSON.stringify(value)) return;
    // a value given where a suggestion is shown accepts it (the same value) or edits it (another): recorded once saved
    const x = suggestionOf.get(k);
    if (x && !readOnlyRef.current && !decidedRef.current[x.id] && isEmpty(s.values[k]?.value) && !isEmpty(value)) {
      following.current.set(k, x);
      decide(x.id, sameValue(value, x.value) ? "accepted" : "edited");
    }
    change({ ...s, values: { ...s.values, [k]: { value, version } } }, [
      { kind: "annotation", segmentId: segId, translationId: slot.translationId, mrwId: slot.mrwId, field: slot.field, value, baseVersion: version },
    ]);
  }, [change, segId, suggestionOf, decide]);

  // ---- derived -----------------------------------------------------------------------------------
  const missing = useMemo(() => findMissing(item.view, item, completenessValues(item, state)), [item, state]);
  const missingSlots = useMemo(() => new Set(missing.map(slotForMissing)), [missing]);
  const current = slots[focus] as TFieldSlot | undefined;
  // Where keyboard actions act (issue 13, point 5): the selected error's translation, else the one
  // last touched with the mouse or holding the focused field — never a translation off-screen by
  // default. The section shows it ("keys act here").
  const keyTid = (selectedError ? state.errors[selectedError]?.translationId : null) ?? activeTid ?? current?.translationId ?? null;
  const translationOf = (id: string | null | undefined) => item.translations.find((t) => t.id === id);

  const alignDraft = useCallback((slot: Pick<TFieldSlot, "id" | "translationId" | "mrwId">): TAlignDraft => {
    if (drafts[slot.id]) return drafts[slot.id];
    const saved = state.values[slot.id]?.value as TAlignDraft | null | undefined;
    if (saved) return saved;
    const pre = item.prefill[`${slot.translationId}:${slot.mrwId}`];
    return pre ? { pattern: pre.pattern, spans: pre.spans } : { pattern: null, spans: [] };
  }, [drafts, item.prefill, state.values]);

  /** Saves an alignment when it is valid; otherwise keeps it as a draft and says what is missing. */
  const commitAlignment = useCallback((slot: TFieldSlot, d: TAlignDraft) => {
    setDrafts((ds) => ({ ...ds, [slot.id]: d }));
    if (!d.pattern) return false;
    // a pattern without a target (an omission) keeps no spans
    const value = { pattern: d.pattern, spans: patternSpanRule(item.definition, slot.field, d.pattern) === "none" ? [] : d.spans };
    // checked against the definition's field, and the spans against the translation's length
    const field = fieldFor(item.definition, slot.field);
    const r = field ? validateSchemeValue(field, value) : { ok: false as const, message: `${slot.field} is not in this project's scheme` };
    const textLength = translationOf(slot.translationId)?.text.length ?? Infinity;
    const past = value.spans.find((x) => x.end > textLength);
    if (!r.ok || past) {
      setMessage(`${!r.ok ? r.message : `the span [${past!.start}, ${past!.end}) runs past the end of the translation`}. Select the target tokens (click or drag; or Shift+→ and Space).`);
      return false;
    }
    setMessage(null);
    setValue(slot, value);
    return true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setValue, item]);

  /**
   * Target words (an alignment without patterns): marked words are saved at once as { spans };
   * unmarking the last one clears the value (missing again), since "not rendered" is an answer of
   * its own (`none`, digit 2), never the accident of an empty selection.
   */
  const commitTargetWords = useCallback((slot: TFieldSlot, spans: TSpan[]) => {
    setDrafts((ds) => ({ ...ds, [slot.id]: { pattern: null, spans } }));
    if (spans.length === 0) {
      setValue(slot, null);
      return true;
    }
    const value = { spans };
    const field = fieldFor(item.definition, slot.field);
    const r = field ? validateSchemeValue(field, value) : { ok: false as const, message: `${slot.field} is not in this project's scheme` };
    const textLength = translationOf(slot.translationId)?.text.length ?? Infinity;
    const past = spans.find((x) => x.end > textLength);
    if (!r.ok || past) {
      setMessage(`${!r.ok ? r.message : `the span [${past!.start}, ${past!.end}) runs past the end of the translation`}.`);
      return false;
    }
    setMessage(null);
    setValue(slot, value);
    return true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setValue, item]);

  /** Marks or unmarks tokens a..b for the focused alignment or target-words field. */
  const toggleAligned = useCallback((slot: TFieldSlot, tid: string, a: number, b: number) => {
    const d = alignDraft(slot);
    const spans = toggleTokenRange(d.spans, tokens[tid], a, b);
    if (isTargetWords(item.definition, slot.field)) commitTargetWords(slot, spans);
    else commitAlignment(slot, { ...d, spans });
  }, [alignDraft, tokens, item, commitTargetWords, commitAlignment]);

  // ---- focus ----------------------------------------------------------------------------------------
  const focusSlot = useCallback((i: number) => {
    const n = Math.max(0, Math.min(slots.length - 1, i));
    setFocus(n);
    setSelectedError(null);
    setActiveTid(slots[n]?.translationId ?? null);
    const el = slotEls.current.get(slots[n]?.id);
    if (el) {
      el.focus({ preventScroll: true });
      el.scrollIntoView({ block: "nearest" });
    }
  }, [slots]);

  useEffect(() => {
    // Start where work is needed: the first missing value (or the first field).
    const first = slots.findIndex((s) => missingSlots.has(s.id));
    // Moving DOM focus needs the rendered fields, hence an effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    focusSlot(first < 0 ? 0 : first);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // ---- error spans ------------------------------------------------------------------------------------
  const suggestMrw = useCallback((translationId: string, span: TSpan): string | null => {
    for (const m of item.mrws.filter((x) => x.active)) {
      const d = alignDraft({ id: fieldKey(translationId, m.id, "ALIGNMENT"), translationId, mrwId: m.id });
      if (d.spans.some((s) => spansOverlap(s, span))) return m.id;
    }
    return null;
  }, [item.mrws, alignDraft]);

  const startError = useCallback((translationId: string) => {
    const toks = tokens[translationId];
    const sel = selection[translationId];
    let span: TSpan;
    if (sel) span = tokensToSpan(toks, sel[0], sel[1]);
    else {
      // No selection: an omission anchored before the token under the cursor.
      const c = cursor[translationId] ?? 0;
      const pos = toks[c]?.start ?? 0;
      span = { start: pos, end: pos };
    }
    // Stored at once as a draft (no category or severity yet): a reload never loses it, the
    // indicator names what it lacks and submit refuses it until chosen (issue 13, point 7).
    const clientId = newClientId();
    const fields = { translationId, mrwId: suggestMrw(translationId, span), category: null, severity: null, start: span.start, end: span.end, comment: null };
    const s = stateRef.current;
    change({ ...s, errors: { ...s.errors, [clientId]: { id: clientId, version: 0, ...fields } } }, [{ kind: "errorCreate", segmentId: segId, clientId, fields }]);
    setSelectedError(clientId);
    setActiveTid(translationId);
    setSelection((s) => ({ ...s, [translationId]: null }));
    // the keys the definition gives its categories and severities ("I R M S P", "1–5" for MetaHOPE)
    const letters = (errorScheme?.categories ?? []).flatMap((c) => (c.key ? [c.key.toUpperCase()] : [])).join(" ");
    const digits = (errorScheme?.severities ?? []).flatMap((x) => (x.key ? [x.key] : []));
    setMessage(`New error on “${translationOf(translationId)?.text.slice(span.start, span.end) || "(omission)"}”: press a category letter (${letters}) and a severity digit (${digits.length > 1 ? `${digits[0]}–${digits.at(-1)}` : digits.join("")}).`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tokens, selection, cursor, suggestMrw, change, segId, errorScheme]);

  const updateError = useCallback((id: string, patch: Partial<Omit<TItemErrorSpan, "id" | "version" | "translationId">>) => {
    const s = stateRef.current;
    const e = s.errors[id];
    if (!e) return;
    const next = { ...e, ...patch };
    change({ ...s, errors: { ...s.errors, [id]: next } }, [{ kind: "errorUpdate", segmentId: segId, id, patch, baseVersion: Math.max(1, e.version) }]);
    if (isDraftSpan(e) && !isDraftSpan(next)) setMessage(null); // the "press a category letter…" prompt is done
  }, [change, segId]);

  const deleteError = useCallback((id: string) => {
    const s = stateRef.current;
    const e = s.errors[id];
    if (!e) return;
    const errors = { ...s.errors };
    delete errors[id];
    change({ ...s, errors }, [{ kind: "errorDelete", segmentId: segId, id, baseVersion: Math.max(1, e.version) }]);
    setSelectedError(null);
  }, [change, segId]);

  // ---- post-edits -----------------------------------------------------------------------------------
  const setPostEdit = useCallback((kind: TEditKind, patch: { text?: string; baseTranslationId?: string | null }) => {
    const s = stateRef.current;
    const cur = s.postEdits[kind] ?? { text: "", baseTranslationId: null, version: 0 };
    const next = { ...cur, ...patch };
    change({ ...s, postEdits: { ...s.postEdits, [kind]: next } }, [
      { kind: "postEdit", segmentId: segId, editKind: kind, text: next.text, baseTranslationId: next.baseTranslationId, baseVersion: cur.version },
    ]);
  }, [change, segId]);

  const chooseBase = useCallback((kind: TEditKind, translationId: string) => {
    const cur = stateRef.current.postEdits[kind];
    const base = translationOf(translationId)?.text ?? "";
    // Replace the text only while it is still an untouched system output (never discard the user's edits).
    const untouched = !cur || cur.text === "" || item.translations.some((t) => t.text === cur.text);
    setPostEdit(kind, { baseTranslationId: translationId, ...(untouched ? { text: base } : {}) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setPostEdit, item]);

  // ---- submit -------------------------------------------------------------------------------------------
  const activeMsRef = useActiveTime({ slug, segmentId: segId, scheme: item.scheme, readOnly });
  const submit = useCallback(async () => {
    if (submitting) return;
    if (missing.length > 0) {
      const i = slots.findIndex((s) => s.id === slotForMissing(missing[0]));
      if (i >= 0) focusSlot(i);
      setMessage(`Cannot submit yet: ${describeSlot(item, { field: missing[0].field, translationId: missing[0].translationId ?? null, mrwId: missing[0].mrwId ?? null })} — ${missing[0].message}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ""}.`);
      return;
    }
    setSubmitting(true);
    setMessage("Saving and submitting…");
    try {
      const flushed = await autosave.flushNow();
      if (!flushed) {
        setMessage("Your changes are kept in this browser but not all are saved yet (offline or a conflict). Submit again once they are saved.");
        return;
      }
      const res = await fetch(`/api/projects/${slug}/items/${segId}/assignment`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: "submit", scheme: item.scheme, activeMs: Math.min(600_000, Math.round(activeMsRef.current)) }),
      });
      if (!res.ok) {
        const body = await res.json().catch(() => ({}));
        setMessage(body?.error?.message ?? `Submit failed (HTTP ${res.status}).`);
        return;
      }
      activeMsRef.current = 0;
      router.push(item.nav.nextSegmentId ? `/projects/${slug}/items/${item.nav.nextSegmentId}?scheme=${item.scheme}` : `/projects/${slug}/queue?scheme=${item.scheme}&done=1`);
    } catch {
      setMessage("The server is unreachable; your changes are kept in this browser. Submit again when you are back online.");
    } finally {
      setSubmitting(false);
    }
  }, [submitting, missing, slots, focusSlot, item, autosave, slug, segId, router, activeMsRef]);

  /** Reopen is an explicit, logged action on the server; edits parked meanwhile are sent after it. */
  const reopen = useCallback(async () => {
    const res = await fetch(`/api/projects/${slug}/items/${segId}/assignment`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "reopen", scheme: item.scheme }),
    }).catch(() => null);
    if (!res?.ok) {
      const body = await res?.json().catch(() => ({}));
      setMessage(body?.error?.message ?? "Could not reopen the item; check the connection and try again.");
      return;
    }
    setAssignmentStatus("IN_PROGRESS");
    setMessage(null);
    autosave.reopened();
  }, [slug, segId, item.scheme, autosave]);

  // ---- keyboard -----------------------------------------------------------------------------------------
  const translationSlots = (tid: string) => slots.map((s, i) => [s, i] as const).filter(([s]) => s.translationId === tid);

  const chooseDigit = useCallback((slot: TFieldSlot, d: number) => {
    const kind = slotKind(item, slot);
    if (kind === "edit") {
      const t = item.translations[d - 1];
      const editKind = editKindOf(item.definition, slot.field);
      if (t && editKind) chooseBase(editKind, t.id);
      return;
    }
    if (kind === "spans") {
      if (d === 1) {
        const cur = (stateRef.current.values[slot.id]?.value as { reviewed?: boolean } | null)?.reviewed === true;
        setValue(slot, { reviewed: !cur });
        if (!cur) focusSlot(focus + 1);
      }
      return;
    }
    if (kind === "alignment" && isTargetWords(item.definition, slot.field)) {
      const choice = slot.choices[d - 1];
      if (choice === "NONE") {
        // not rendered: an answer of its own, dropping any marked words (as OMISSION does)
        setDrafts((ds) => ({ ...ds, [slot.id]: { pattern: null, spans: [] } }));
        setValue(slot, { spans: [] });
        focusSlot(focus + 1);
      } else if (choice === "MARKED") {
        const spans = alignDraft(slot).spans;
        if (spans.length === 0) return setMessage("No target word is marked: select the words in the translation (click or drag; or Shift+→ and Space), or press 2 if none renders it.");
        if (commitTargetWords(slot, spans)) focusSlot(focus + 1);
      }
      return;
    }
    if (kind === "alignment") {
      const p = slot.choices[d - 1] as TRealisationPattern | undefined;
      if (!p) return;
      if (commitAlignment(slot, { ...alignDraft(slot), pattern: p })) focusSlot(focus + 1);
      return;
    }
    const v = slot.choices[d - 1];
    if (v === undefined) return;
    setValue(slot, v);
    focusSlot(focus + 1);
  }, [item, chooseBase, setValue, focusSlot, focus, commitAlignment, commitTargetWords, alignDraft]);

  /** The suggestion shown at a slot: one the annotator has not decided on, for a value they have not given. */
  const pendingSuggestion = useCallback((slot: Pick<TFieldSlot, "id">): TItemSuggestion | null => {
    const x = suggestionOf.get(slot.id);
    return x && !decided[x.id] && isEmpty(state.values[slot.id]?.value) ? x : null;
  }, [suggestionOf, decided, state.values]);

  const decideSuggestion = useCallback((slot: TFieldSlot | undefined, action: "accept" | "reject") => {
    const x = slot ? pendingSuggestion(slot) : null;
    if (!slot || !x) return setMessage("There is no model suggestion on this field.");
    if (readOnlyRef.current) return setMessage(`This item was ${assignmentStatus === "SKIPPED" ? "skipped" : "submitted"}; reopen it to change it.`);
    setMessage(null);
    if (action === "accept") {
      // saved like a chosen button (setValue records the decision), then the next field
      setValue(slot, x.value);
      focusSlot(slots.findIndex((s) => s.id === slot.id) + 1);
      return;
    }
    following.current.delete(slot.id);
    decide(x.id, "rejected");
    void postDecision(x, "rejected");
  }, [pendingSuggestion, assignmentStatus, setValue, focusSlot, slots, decide, postDecision]);

  const run = useCallback((a: TKeyAction, target: EventTarget | null) => {
    const slot = slots[focus];
    const tid = keyTid;
    // parameterised actions: a digit, or a category or severity of the definition's error spans
    const base = a.id.startsWith("error.category-") ? "error.category" : a.id.startsWith("error.severity-") ? "error.severity" : a.id.replace(/-\d$/, "");
    switch (base) {
      case "field.choose":
        if (slot) chooseDigit(slot, Number(a.arg));
        return;
      case "field.clear":
        if (!slot) return;
        if (slotKind(item, slot) === "alignment") setDrafts((ds) => ({ ...ds, [slot.id]: { pattern: null, spans: [] } }));
        if (slotKind(item, slot) === "edit") return;
        setValue(slot, null);
        return;
      case "field.edit":
        if (slot && slotKind(item, slot) === "edit") textareas.current.get(slot.field)?.focus();
        return;
      case "nav.next-field":
        focusSlot(focus + 1);
        return;
      case "nav.prev-field":
        focusSlot(focus - 1);
        return;
      case "nav.next-translation":
      case "nav.prev-translation": {
        const order = item.translations.map((t) => t.id);
        const i = order.indexOf(slot?.translationId ?? "");
        const j = a.id === "nav.next-translation" ? i + 1 : i - 1;
        const target = order[j];
        if (target) {
          const first = translationSlots(target)[0];
          if (first) focusSlot(first[1]);
        } else if (a.id === "nav.next-translation") {
          const seg = slots.findIndex((s) => s.translationId === null);
          if (seg >= 0) focusSlot(seg);
        }
        return;
      }
      case "nav.next-missing": {
        const order = [...slots.keys()].map((k) => (focus + 1 + k) % slots.length);
        const i = order.find((k) => missingSlots.has(slots[k].id));
        if (i !== undefined) focusSlot(i);
        else setMessage("Nothing is missing: submit with Ctrl+Enter.");
        return;
      }
      case "nav.leave-field":
        if (showKeys) return setShowKeys(false);
        if (isEditable(target)) {
          (target as HTMLElement).blur();
          focusSlot(focus);
          return;
        }
        if (selectedError) {
          setSelectedError(null);
          return;
        }
        if (showHelp) setShowHelp(false);
        return;
      case "error.new":
        if (!item.view.metahopeErrors) return;
        if (!tid) return setMessage("Select text in a translation (drag over it), or move to one of its fields, then press e.");
        startError(tid);
        return;
      case "error.category":
        if (selectedError) updateError(selectedError, { category: a.arg as TMetahopeCategory });
        return;
      case "error.severity":
        if (selectedError) updateError(selectedError, { severity: a.arg as TMetahopeSeverity });
        return;
      case "error.delete":
        if (selectedError) deleteError(selectedError);
        return;
      case "error.cycle-mrw": {
        if (!selectedError) return;
        const cur = stateRef.current.errors[selectedError]?.mrwId ?? null;
        const ids = [null, ...item.mrws.filter((m) => m.active).map((m) => m.id)];
        updateError(selectedError, { mrwId: ids[(ids.indexOf(cur) + 1) % ids.length] });
        return;
      }
      case "item.submit-next":
        void submit();
        return;
      case "item.undo":
      case "item.redo": {
        const r = a.id === "item.undo" ? undo(undoStack, stateRef.current) : redo(undoStack, stateRef.current);
        if (!r) return;
        const { state: restored, ops } = restoreSnapshot(stateRef.current, r.state, segId, newClientId);
        setUndoStack(r.stack);
        stateRef.current = restored;
        setState(restored);
        setDrafts({});
        for (const op of ops) autosave.save(op, SAVE_DEBOUNCE_MS);
        return;
      }
      case "suggestion.accept":
        decideSuggestion(slot, "accept");
        return;
      case "suggestion.reject":
        decideSuggestion(slot, "reject");
        return;
      case "help.cheat-sheet":
        setShowKeys((v) => !v);
        return;
      case "help.guidelines":
        setShowHelp((v) => !v);
        return;
      case "span.cursor-next":
      case "span.cursor-prev": {
        if (!tid) return;
        const n = tokens[tid].length;
        setCursor((c) => ({ ...c, [tid]: Math.max(0, Math.min(n - 1, (c[tid] ?? -1) + (a.id.endsWith("next") ? 1 : -1))) }));
        return;
      }
      case "span.toggle": {
        if (!tid) return;
        const c = cursor[tid] ?? 0;
        if (slot && slotKind(item, slot) === "alignment" && slot.translationId === tid) {
          toggleAligned(slot, tid, c, c);
        } else {
          setSelection((s) => {
            const cur = s[tid];
            return { ...s, [tid]: cur ? [Math.min(cur[0], cur[1], c), Math.max(cur[0], cur[1], c)] : [c, c] };
          });
        }
        return;
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slots, focus, selectedError, keyTid, item, chooseDigit, setValue, focusSlot, missingSlots, showKeys, showHelp, startError, updateError, deleteError, submit, undoStack, segId, autosave, tokens, cursor, toggleAligned, decideSuggestion]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector("[role=alertdialog]")) return; // the conflict dialog takes the keyboard
      const editable = isEditable(e.target);
      const scope = selectedError ? "errorSpan" : !editable && slots[focus] ? "field" : "workspace";
      const m = matchKey({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey, altKey: e.altKey, targetIsEditable: editable }, scope, keymap);
      if (!m) return;
      e.preventDefault();
      run(m.action, e.target);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [run, selectedError, slots, focus, keymap]);

  // ---- conflicts -------------------------------------------------------------------------------------
  const conflict = autosave.conflicts[0];
  const describeConflict = (c: TConflict) => {
    const op = c.op;
    if (op.kind === "annotation") {
      const text = translationOf(op.translationId)?.text;
      return {
        what: describeSlot(item, { field: op.field as TFieldName, translationId: op.translationId, mrwId: op.mrwId }),
        mine: formatValue(op.field, op.value, text),
        theirs: formatValue(op.field, c.current.value, text),
      };
    }
    if (op.kind === "postEdit") {
      return { what: `the ${op.editKind.toLowerCase()} post-edit`, mine: op.text, theirs: formatValue("POSTEDIT", c.current.value) };
    }
    const e = op.kind === "errorCreate" ? null : stateRef.current.errors[op.id];
    const text = translationOf(e?.translationId)?.text;
    return { what: "an error span", mine: op.kind === "errorDelete" ? "(deleted)" : formatValue("ERROR", e, text), theirs: formatValue("ERROR", c.current.value, text) };
  };
  const resolveConflict = (choice: "mine" | "theirs") => {
    if (!conflict) return;
    const op = conflict.op;
    const cur = conflict.current;
    setState((s) => {
      const next = { ...s, values: { ...s.values }, errors: { ...s.errors }, postEdits: { ...s.postEdits } };
      if (op.kind === "annotation") {
        const k = fieldKey(op.translationId, op.mrwId, op.field);
        next.values[k] = { value: choice === "mine" ? op.value : cur.value, version: cur.version };
      } else if (op.kind === "postEdit") {
        const theirs = (cur.value ?? { text: "", baseTranslationId: null }) as { text: string; baseTranslationId: string | null };
        next.postEdits[op.editKind] = choice === "mine" ? { text: op.text, baseTranslationId: op.baseTranslationId, version: cur.version } : { ...theirs, version: cur.version };
      } else if (op.kind === "errorUpdate" || op.kind === "errorDelete") {
        const theirs = cur.value as TItemErrorSpan | null;
        if (choice === "theirs" && theirs) next.errors[op.id] = theirs;
        else if (next.errors[op.id]) next.errors[op.id] = { ...next.errors[op.id], version: cur.version };
      }
      stateRef.current = next;
      return next;
    });
    setDrafts({});
    autosave.resolve(conflict.key, choice);
  };

  // ---- rendering --------------------------------------------------------------------------------------
  const slotIndex = new Map(slots.map((s, i) => [s.id, i]));
  const renderSlot = (slot: TFieldSlot, extra?: React.ReactNode) => {
    const i = slotIndex.get(slot.id)!;
    const label = describeSlot(item, slot);
    // what the field's buttons show as chosen, by its kind
    const kind = slotKind(item, slot);
    const editKind = editKindOf(item.definition, slot.field);
    const saved = state.values[slot.id]?.value as TAlignDraft | null | undefined;
    const value =
      kind === "alignment"
        ? isTargetWords(item.definition, slot.field)
          ? saved ? (saved.spans.length ? "MARKED" : "NONE") : null
          : saved?.pattern ?? null
        : kind === "spans"
          ? (state.values[slot.id]?.value as { reviewed?: boolean } | null)?.reviewed
            ? "REVIEWED"
            : null
          : kind === "edit"
            ? (editKind ? state.postEdits[editKind]?.baseTranslationId : null) ?? null
            : state.values[slot.id]?.value;
    const x = pendingSuggestion(slot);
    return (
      <ChoiceField
        key={slot.id}
        ref={(el) => {
          if (el) slotEls.current.set(slot.id, el);
          else slotEls.current.delete(slot.id);
        }}
        slotId={slot.id}
        label={label}
        choices={choiceLabels(slot, item)}
        value={value}
        focused={focus === i}
        missing={missingSlots.has(slot.id)}
        onFocus={() => {
          if (focus !== i) setFocus(i);
          if (activeTid !== slot.translationId) setActiveTid(slot.translationId);
        }}
        onChoose={(v) => chooseDigit(slot, choiceLabels(slot, item).findIndex((c) => c.value === v) + 1)}
        suggested={x ? (x.value as string | number) : undefined}
      >
        {x && (
          // Its own clicks: the field's click would take the focus back from the next field accepting
          // moves to. A press does not move the focus either: focusing the field shows the key badges,
          // which rewrap a narrow cell between press and release, so the click missed its button.
          <div onClick={(e) => e.stopPropagation()} onMouseDown={(e) => e.preventDefault()}>
            <SuggestionBox
              suggestion={{ model: x.model, text: suggestionTextOf(item.definition, slot.field, x.value, mrwFlag(item, slot)) }}
              active={focus === i}
              readOnly={readOnly}
              onAccept={() => decideSuggestion(slot, "accept")}
              onReject={() => {
                focusSlot(i);
                decideSuggestion(slot, "reject");
              }}
            />
          </div>
        )}
        {extra}
      </ChoiceField>
    );
  };

  const source = item.segment.text;
  const mrwMarks = (() => {
    const spans = item.mrws.flatMap((m) => (m.spans.length ? m.spans : [{ start: m.start, end: m.end }]).map((s) => ({ ...s, m }))).sort((a, b) => a.start - b.start);
    const out: React.ReactNode[] = [];
    let pos = 0;
    for (const s of spans) {
      if (s.start < pos) continue;
      out.push(source.slice(pos, s.start));
      const focused = current?.mrwId === s.m.id;
      out.push(
        <mark key={`${s.m.id}-${s.start}`} title={`MRW: ${s.m.token} (${s.m.pos}${s.m.metaphorical ? ", metaphorical" : ", literal"})${s.m.gloss ? ` — ${s.m.gloss}` : ""}`} className={`rounded px-0.5 ${focused ? "bg-amber-300" : s.m.active ? "bg-amber-100" : "bg-slate-100"}`}>
          {source.slice(s.start, s.end)}
        </mark>,
      );
      pos = s.end;
    }
    out.push(source.slice(pos));
    return out;
  })();

  const helpField: TFieldName | "ERROR_SPAN" | null = selectedError ? "ERROR_SPAN" : current?.field ?? null;
  const helpMrw = item.mrws.find((m) => m.id === current?.mrwId);
  const done = slots.length - missingSlots.size;
  const draftText = draftSpansText(state);

  return (
    <div className="space-y-3 pb-16" data-testid="built-in-workspace">
      <div className="sticky top-0 z-20 -mx-1 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50/95 px-1 py-2 text-sm backdrop-blur">
        <a href={`/projects/${slug}/queue?scheme=${item.scheme}`} className="text-indigo-700 underline">
          Queue
        </a>
        <span data-testid="item-progress" className="font-medium">
          Item {item.nav.position} of {item.nav.total} · {item.nav.done} done
        </span>
        <span>
          {item.scheme === "MMTE" ? "MMTE" : "MetaHOPE"}
          {item.segment.split ? ` · ${item.segment.split.toLowerCase()}` : ""} · {assignmentStatus.toLowerCase().replace("_", " ")}
        </span>
        <span className="text-slate-500">
          {done}/{slots.length} fields
        </span>
        <span role="status" aria-live="polite" data-testid="save-status" data-status={autosave.status} className={`rounded px-2 py-0.5 ${autosave.status === "saved" ? "bg-emerald-100 text-emerald-800" : autosave.status === "saving" ? "bg-sky-100 text-sky-800" : "bg-amber-100 text-amber-900"}`}>
          {statusText(autosave.status, autosave.pending)}
        </span>
        {draftText && (
          // Drafts are stored, but the item is not finished: say so next to "All changes saved" (point 7).
          <span data-testid="draft-errors" className="rounded bg-amber-100 px-2 py-0.5 text-amber-900">
            {draftText} — kept as a draft, needed before submit
          </span>
        )}
        <div className="ml-auto flex gap-2">
          <button type="button" className="rounded border border-slate-300 bg-white px-2 py-1" onClick={() => setShowHelp((v) => !v)} aria-pressed={showHelp}>
            Guidelines (g)
          </button>
          <button type="button" className="rounded border border-slate-300 bg-white px-2 py-1" onClick={() => setShowKeys(true)}>
            Keys (?)
          </button>
          {readOnly ? (
            <button type="button" className="rounded bg-indigo-600 px-3 py-1 font-medium text-white" onClick={() => void reopen()}>
              Reopen to edit
            </button>
          ) : (
            <button type="button" className="rounded bg-indigo-600 px-3 py-1 font-medium text-white disabled:opacity-50" disabled={submitting} onClick={() => void submit()}>
              Submit &amp; next (Ctrl+Enter)
            </button>
          )}
        </div>
      </div>
      {/* The item and, when open, the guidelines docked beside it: the panel never covers the action
          bar above (issue 13, point 8); a container query lets the item's grids narrow with it. */}
      <div className="gap-3 lg:flex lg:items-start">
      <div className="@container min-w-0 flex-1 space-y-3">
      {message && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm" data-testid="workspace-message">
          {message}
        </p>
      )}
      {readOnly && (
        <p className="rounded border border-sky-300 bg-sky-50 px-3 py-2 text-sm" data-testid="item-closed">
          {autosave.closed ?? `This item was ${assignmentStatus === "SKIPPED" ? "skipped" : "submitted"}; it is read-only.`} Press “Reopen to edit” to change it
          {autosave.pending > 0 ? ` (${autosave.pending} change${autosave.pending === 1 ? " is" : "s are"} kept in this browser and sent after reopening)` : ""}; values an
          adjudicator decided stay locked.
        </p>
      )}
      {autosave.lastError && !message && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm">
          {autosave.lastError}
        </p>
      )}

      <details className="rounded border border-slate-200 bg-white p-2" open={item.scheme === "METAHOPE"}>
        <summary className="cursor-pointer text-sm font-medium">
          Source document{item.document.title ? `: ${item.document.title}` : ""} ({item.document.segments.length} sentences)
        </summary>
        <div lang={item.project.sourceLang} className="mt-2 max-h-48 overflow-y-auto text-sm leading-relaxed">
          {item.document.segments.map((s) => (
            <span key={s.id} className={s.id === segId ? "rounded bg-amber-100 font-medium" : "text-slate-600"} aria-current={s.id === segId ? "true" : undefined}>
              {s.text}{" "}
            </span>
          ))}
        </div>
      </details>

      <section aria-label="Source segment" className="rounded border border-slate-200 bg-white p-3">
        <div className="text-xs uppercase tracking-wide text-slate-500">Source ({item.segment.metaphorical ? "metaphorical" : "literal"}) — MRWs highlighted</div>
        <p lang={item.project.sourceLang} className="text-lg leading-relaxed" data-testid="source-text">
          {mrwMarks}
        </p>
      </section>

      {item.translations.map((t) => {
        const errs = liveErrors(state, t.id);
        const tSlots = translationSlots(t.id).map(([s]) => s);
        const quality = tSlots.filter((s) => s.mrwId === null && slotKind(item, s) !== "spans");
        const review = tSlots.find((s) => slotKind(item, s) === "spans");
        const alignSlot = current && slotKind(item, current) === "alignment" && current.translationId === t.id ? current : null;
        const aligned = alignSlot ? alignDraft(alignSlot).spans : [];
        const active = keyTid === t.id;
        const alignMrw = alignSlot ? item.mrws.find((m) => m.id === alignSlot.mrwId) : undefined;
        // What the keys do here, said where the annotator looks (points 5 and 6).
        const keysDo = selectedError && state.errors[selectedError]?.translationId === t.id
          ? "letters and digits set the selected error"
          : alignMrw
            ? `Space and drags mark the ${alignSlot && isTargetWords(item.definition, alignSlot.field) ? "target words" : "alignment"} of “${alignMrw.token}”`
            : item.view.metahopeErrors
              ? "Space and drags select for a new error (e)"
              : null;
        return (
          <section key={t.id} aria-label={t.label} className={`rounded-lg border bg-white p-3 ${active ? "border-indigo-500 shadow ring-2 ring-indigo-300" : "border-slate-200"}`} data-testid={`translation-${t.label}`}>
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="font-semibold">
                {t.label}
                {active && (
                  <span className="ml-2 rounded bg-indigo-600 px-1.5 py-0.5 align-middle text-xs font-medium text-white" data-testid="keys-act-here">
                    keys act here{keysDo ? ` · ${keysDo}` : ""}
                  </span>
                )}
              </h2>
              {item.view.metahopeErrors && (
                <span className="text-sm" data-testid="penalty">
                  Penalty: <strong>{translationPenalty(state, t.id)}</strong> ({errs.length} error{errs.length === 1 ? "" : "s"})
                </span>
              )}
            </div>
            <TokenText
              text={t.text}
              lang={t.language}
              tokens={tokens[t.id]}
              aligned={aligned}
              errors={errs.map((e) => ({ id: e.id, start: e.start, end: e.end, selected: e.id === selectedError }))}
              selection={selection[t.id] ?? null}
              cursor={active ? cursor[t.id] ?? null : null}
              label={`${t.label} text`}
              onRange={(a, b) => {
                setCursor((c) => ({ ...c, [t.id]: b }));
                // the keys follow the mouse: `e`, Space and Shift+→ now act in this translation
                setActiveTid(t.id);
                setSelectedError(null);
                if (alignSlot) toggleAligned(alignSlot, t.id, a, b);
                else setSelection({ [t.id]: [a, b] });
              }}
            />
            {quality.length > 0 && <div className="mt-2 grid grid-cols-2 gap-2 @4xl:grid-cols-4">{quality.map((s) => renderSlot(s))}</div>}
            {item.mrws
              .filter((m) => m.active)
              .map((m) => {
                const ms = tSlots.filter((s) => s.mrwId === m.id);
                if (ms.length === 0) return null;
                return (
                  <div key={m.id} className="mt-2 rounded border border-amber-200 bg-amber-50/40 p-2" aria-label={`MRW “${m.token}” in ${t.label}`}>
                    <div className="mb-1 text-sm">
                      MRW <mark className="rounded bg-amber-100 px-0.5">{m.token}</mark>
                      <span className="ml-1 text-xs text-slate-500">{m.metaphorical ? "metaphorical" : "literal"} source</span>
                    </div>
                    <div className="grid grid-cols-1 gap-2 @xl:grid-cols-2 @4xl:grid-cols-3">
                      {ms.map((s) =>
                        renderSlot(
                          s,
                          slotKind(item, s) === "alignment" ? (
                            <AlignmentTarget
                              text={t.text}
                              language={t.language}
                              spans={alignDraft(s).spans}
                              omission={
                                isTargetWords(item.definition, s.field)
                                  ? (state.values[s.id]?.value as TAlignDraft | null | undefined)?.spans.length === 0
                                  : patternSpanRule(item.definition, s.field, alignDraft(s).pattern) === "none"
                              }
                              targetWords={isTargetWords(item.definition, s.field)}
                              prefilled={!state.values[s.id]?.value && !!item.prefill[`${t.id}:${m.id}`] && (!isTargetWords(item.definition, s.field) || item.prefill[`${t.id}:${m.id}`].spans.length > 0)}
                            />
                          ) : undefined,
                        ),
                      )}
                    </div>
                  </div>
                );
              })}
            {review && (
              <div className="mt-2 space-y-2">
                <ErrorList
                  translation={t}
                  errors={errs}
                  mrws={item.mrws.filter((m) => m.active)}
                  selected={selectedError}
                  onSelect={(id) => {
                    setSelectedError(id);
                    setActiveTid(t.id);
                  }}
                  onUpdate={updateError}
                  onDelete={deleteError}
                  onNew={() => startError(t.id)}
                  canNew={true}
                  onActivate={() => focusSlot(slotIndex.get(review.id)!)}
                  alignmentMrw={alignMrw?.token ?? null}
                  categories={errorScheme?.categories ?? []}
                  severities={errorScheme?.severities ?? []}
                />
                {renderSlot(review)}
              </div>
            )}
          </section>
        );
      })}

      {slots.some((s) => slotKind(item, s) === "edit") && (
        <section aria-label="Post-edits" className="rounded-lg border border-slate-200 bg-white p-3">
          <h2 className="font-semibold">{item.scheme === "MMTE" ? "Post-edits (MMTE B.5)" : "Post-edit (MetaHOPE: the human reference)"}</h2>
          <div className="mt-2 grid gap-3 @3xl:grid-cols-2">
            {slots
              .filter((s) => slotKind(item, s) === "edit")
              .map((s) => {
                const kind = editKindOf(item.definition, s.field) ?? "FIGURATIVE";
                const pe = state.postEdits[kind];
                const base = translationOf(pe?.baseTranslationId);
                return (
                  <EditField
                    key={s.id}
                    choices={renderSlot(s)}
                    label={EDIT_KIND_LABELS[kind]}
                    lang={item.project.targetLang}
                    text={pe?.text ?? ""}
                    base={base && pe ? base : undefined}
                    bindTextarea={(el) => {
                      if (el) textareas.current.set(s.field, el);
                    }}
                    onFocus={() => setFocus(slotIndex.get(s.id)!)}
                    onChange={(text) => setPostEdit(kind, { text })}
                  />
                );
              })}
          </div>
        </section>
      )}

      </div>
      {showHelp && <GuidelinesPanel definition={item.definition} field={helpField} mrwMetaphorical={helpMrw?.metaphorical ?? item.segment.metaphorical} onClose={() => setShowHelp(false)} />}
      </div>
      {showKeys && <CheatSheet keymap={keymap} onClose={() => setShowKeys(false)} />}
      {conflict && <ConflictDialog conflict={conflict} describe={describeConflict} onResolve={resolveConflict} />}
    </div>
  );
}
