"use client";
// The annotator workspace of a project that runs its own scheme (lib/schemes/scheme-runtime.ts):
// every field of the stored definition rendered by its kind at its scope (the shared item form,
// components/schemes/scheme-item-form.tsx), `when` applied live, one ACTIVE field that the
// keyboard drives (use-scheme-keys.ts), values autosaved through the shared save queue
// (use-scheme-values.ts), submit checked against the same completeness rule the server applies
// (lib/schemes/language/scheme-completeness.ts). A submitted item is read-only until reopened.
// Where the project shows model suggestions (issue 15 point 4), a field without a value of the
// annotator's shows the model's suggestion, unsaved, in a marked box: accepting saves it through
// the same path as any change, rejecting hides it, and an ordinary change of that field edits it;
// each decision is recorded (POST …/suggestions/decisions) once the value it names is saved. A tags
// field shows the model's tags on its tokens: Shift+Enter accepts them all, a tag key or button
// changes them token by token (saved as the annotator's value: "edited"), Shift+Backspace rejects.
// An item with versions in other languages (Meta4XNLI EN/ES) shows them beside it (`l` opens one).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { findSchemeMissing, schemeSlots, schemeValueKey, shownSlots, type TSchemeSlot } from "@/lib/schemes/language/scheme-completeness";
import type { TSelection } from "@/lib/workspace/scheme-field-edits";
import type { TSchemeItemSuggestion, TSchemeWorkspaceItem } from "@/lib/workspace/scheme-item-types";
import { suggestedTagsText, suggestedValueText } from "@/lib/workspace/suggested-value-text";
import type { TFormSuggestion } from "@/components/schemes/suggestion-box";
import { itemArrayLists, schemeCompletenessItem } from "@/lib/workspace/scheme-item-values";
import { schemeCheatSheetKeymap } from "@/lib/workspace/scheme-workspace-keymap";
import { alignmentsInTranslation, tieNewSpans } from "@/lib/workspace/span-mrw";
import { alignmentPrefills } from "@/lib/workspace/alignment-prefill";
import { SchemeItemForm, slotTexts, type TSchemeFormItem } from "@/components/schemes/scheme-item-form";
import { SchemeGuidelines } from "@/components/schemes/scheme-guidelines";
import { CheatSheet } from "./cheat-sheet";
import { ParallelVersions } from "./parallel-versions";
import { ConflictDialog } from "./conflict-dialog";
import { SchemeWorkspaceBar } from "./scheme-workspace-bar";
import { useActiveTime } from "./use-active-time";
import { postSuggestionDecision, type TSuggestionDecision } from "./post-suggestion-decision";
import { useSchemeKeys } from "./use-scheme-keys";
import { useSchemeValues } from "./use-scheme-values";

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isEmpty = (v: unknown) => v === undefined || v === null;

export function SchemeWorkspace({ item, userId }: { item: TSchemeWorkspaceItem; userId: string }) {
  const router = useRouter();
  const slug = item.project.slug;
  const segId = item.segment.id;
  const definition = item.scheme.definition;
  const completeness = useMemo(() => schemeCompletenessItem(item), [item]);
  const lists = useMemo(() => itemArrayLists(item.lists), [item]);
  const allSlots = useMemo(() => schemeSlots(definition, completeness), [definition, completeness]);
  const formItem = useMemo<TSchemeFormItem>(
    () => ({
      source: item.segment.text,
      sourceLang: item.segment.language,
      metaphorical: item.segment.metaphorical,
      mrws: item.mrws,
      translations: item.translations,
      texts: item.texts,
      lists,
      document: { title: item.document.title, segments: item.document.segments, currentId: segId, total: item.document.total },
    }),
    [item, lists, segId],
  );

  const [assignmentStatus, setAssignmentStatus] = useState(item.assignment.status);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [showHelp, setShowHelp] = useState(false);
  const [showKeys, setShowKeys] = useState(false);
  const closedRef = useRef(false);

  // ---- model suggestions: the latest per value, decisions taken here or before --------------------
  const suggestionOf = useMemo(() => new Map((item.suggestions ?? []).map((x) => [schemeValueKey(x.field, x.itemKey), x])), [item]);
  const [decided, setDecided] = useState<Record<string, string>>(() => Object.fromEntries((item.suggestions ?? []).flatMap((x) => (x.decision ? [[x.id, x.decision.decision]] : []))));
  // suggestions accepted or edited on this page: each save of their value records the decision with the saved value
  const following = useRef(new Map<string, TSchemeItemSuggestion>());
  const postDecision = useCallback(
    async (x: TSchemeItemSuggestion, decision: TSuggestionDecision, value?: unknown) => {
      const failed = await postSuggestionDecision(slug, x.id, decision, value);
      if (failed) setNotice(failed);
    },
    [slug],
  );
  const onStored = useCallback(
    (valueKey: string, value: unknown) => {
      const x = following.current.get(valueKey);
      if (!x || isEmpty(value)) return;
      void postDecision(x, sameValue(value, x.value) ? "accepted" : "edited", value);
    },
    [postDecision],
  );

  const sv = useSchemeValues({
    onStored,
    item,
    userId,
    slots: allSlots,
    lists,
    readOnly: () => closedRef.current,
    onBlocked: () => setNotice(`This item was ${assignmentStatus === "SKIPPED" ? "skipped" : "submitted"}; reopen it to change it.`),
  });
  const { autosave } = sv;
  // closed here, or a save refused because the item was submitted elsewhere (another tab)
  const readOnly = assignmentStatus === "DONE" || assignmentStatus === "SKIPPED" || autosave.closed !== null;
  useEffect(() => {
    closedRef.current = readOnly;
  }, [readOnly]);
  const activeMsRef = useActiveTime({ slug, segmentId: segId, readOnly });

  const shown = useMemo(() => shownSlots(definition, completeness, sv.display), [definition, completeness, sv.display]);
  const missing = useMemo(() => findSchemeMissing(definition, completeness, sv.display), [definition, completeness, sv.display]);
  const missingSet = useMemo(() => new Set(missing.filter((m) => m.reason === "missing").map((m) => m.slotKey)), [missing]);
  // imported alignments shown where the annotator has no value yet, edited by the keys and clicks
  // but saved only once the annotator acts: the slot stays needed till then (alignment-prefill.ts)
  const prefills = useMemo(() => alignmentPrefills(allSlots, item.prefill ?? {}), [allSlots, item.prefill]);
  const formValues = useMemo(() => {
    const out = { ...sv.display };
    for (const [k, v] of Object.entries(prefills)) if (isEmpty(out[k])) out[k] = v;
    return out;
  }, [sv.display, prefills]);
  const prefilledKeys = useMemo(() => new Set(Object.keys(prefills).filter((k) => isEmpty(sv.display[k]))), [prefills, sv.display]);
  const formMessages = useMemo(() => {
    const notes: Record<string, string> = {};
    for (const k of Object.keys(prefills)) {
      if (!isEmpty(sv.display[k])) continue;
      // target words (an alignment without patterns) have no pattern key: marking its words keeps it
      const withPatterns = allSlots.some((s) => s.valueKey === k && s.field.kind === "alignment" && !!s.field.patterns);
      notes[k] = withPatterns
        ? "Pre-filled from the imported alignment, not saved yet: its pattern key (or any change) keeps it."
        : "Pre-filled from the imported alignment, not saved yet: Space on its words (or a click on them, or any change) keeps it.";
    }
    return { ...notes, ...sv.messages };
  }, [prefills, allSlots, sv.display, sv.messages]);

  // ---- the active field ---------------------------------------------------------------------------
  const [activeKey, setActiveKey] = useState<string | null>(() => (missing[0] ?? shown[0])?.slotKey ?? null);
  const [selection, setSelection] = useState<TSelection | null>(null);
  const [activeSpan, setActiveSpan] = useState<number | null>(null);
  // the active field hidden by a `when`: the next shown field after where it stood (else the last)
  const order = useMemo(() => new Map(allSlots.map((s, i) => [s.slotKey, i])), [allSlots]);
  const found = shown.findIndex((s) => s.slotKey === activeKey);
  const after = shown.findIndex((s) => order.get(s.slotKey)! > (order.get(activeKey ?? "") ?? -1));
  const activeIndex = found >= 0 ? found : after >= 0 ? after : shown.length - 1;
  const current: TSchemeSlot | null = shown[activeIndex] ?? null;
  const slotEls = useRef(new Map<string, HTMLElement>());

  const currentKey = useRef<string | null>(null);
  useLayoutEffect(() => {
    currentKey.current = current?.slotKey ?? null;
  });
  const focusSlotEl = useCallback((slotKey: string) => {
    const el = slotEls.current.get(slotKey);
    if (el) {
      el.focus({ preventScroll: true });
      el.scrollIntoView({ block: "nearest" });
    }
  }, []);
  const activate = useCallback((slotKey: string, focus = false) => {
    if (currentKey.current !== slotKey) {
      // a selection and an active span belong to the field they were made in
      setSelection(null);
      setActiveSpan(null);
    }
    currentKey.current = slotKey;
    setActiveKey(slotKey);
    if (focus) focusSlotEl(slotKey);
  }, [focusSlotEl]);
  useEffect(() => {
    // the keyboard starts where work is needed: the first missing value (or the first field)
    if (currentKey.current) focusSlotEl(currentKey.current);
  }, [focusSlotEl]);

  const focusInput = useCallback((slot: TSchemeSlot, opts: { dimension?: string; typed?: string } = {}) => {
    const el = slotEls.current.get(slot.slotKey);
    if (!el) return;
    const input = opts.dimension
      ? el.querySelector<HTMLInputElement>(`input[data-dimension="${opts.dimension}"]`)
      : (el.querySelector<HTMLInputElement | HTMLTextAreaElement>("textarea, input:not([type=range])") ?? el.querySelector<HTMLInputElement>("input[type=range]"));
    if (!input) return;
    input.focus();
    if (opts.typed !== undefined && input.type !== "range") {
      // the key that brought the annotator here is the first character typed (at the end of the text)
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value")!.set!;
      setter.call(input, input.value + opts.typed);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, []);

  // ---- changes ------------------------------------------------------------------------------------
  /** the suggestion shown at a slot: one the annotator has not decided on, for a value they have not given */
  const pendingSuggestion = useCallback(
    (slot: TSchemeSlot) => {
      const x = suggestionOf.get(slot.valueKey);
      return x && !decided[x.id] && isEmpty(sv.display[slot.valueKey]) ? x : null;
    },
    [suggestionOf, decided, sv.display],
  );
  const change = useCallback(
    (slot: TSchemeSlot, given: unknown, advance = false) => {
      // a new span over words an MRW's alignment marks is tied to that MRW (MetaHOPE's errors)
      const value =
        slot.field.kind === "spans" && slot.field.mrw !== "none"
          ? tieNewSpans(sv.display[slot.valueKey], given, alignmentsInTranslation(allSlots, sv.display, slot.unit.translationId))
          : given;
      const x = readOnly ? null : pendingSuggestion(slot);
      if (x && !isEmpty(value)) {
        // an ordinary change of a field that shows a suggestion edits it (recorded once saved)
        following.current.set(slot.valueKey, x);
        setDecided((d) => ({ ...d, [x.id]: sameValue(value, x.value) ? "accepted" : "edited" }));
      }
      const after = sv.change(slot, value);
      if (after === null) return;
      setNotice(null);
      if (!advance) return;
      // move on in the list as it stands after the change (a `when` may just have shown the next field)
      const next = shownSlots(definition, completeness, after);
      const i = next.findIndex((s) => s.slotKey === slot.slotKey);
      if (i >= 0 && next[i + 1]) activate(next[i + 1].slotKey, true);
    },
    [sv, definition, completeness, activate, readOnly, pendingSuggestion, allSlots],
  );
  const decideSuggestion = (slot: TSchemeSlot | null, action: "accept" | "reject") => {
    const x = slot ? pendingSuggestion(slot) : null;
    if (!slot || !x) return setNotice("There is no model suggestion on this field.");
    if (readOnly) return setNotice(`This item was ${assignmentStatus === "SKIPPED" ? "skipped" : "submitted"}; reopen it to change it.`);
    if (action === "accept") return change(slot, x.value, true);
    following.current.delete(slot.valueKey);
    setDecided((d) => ({ ...d, [x.id]: "rejected" }));
    void postDecision(x, "rejected");
  };
  const shownSuggestions = useMemo(() => {
    const out: Record<string, TFormSuggestion> = {};
    // the shown slots only: alternatives of a field (MMTE's two EQUIVALENCE entries, one per MRW
    // kind) share its value key, and the box must read the value with the options of the one shown
    for (const slot of shown) {
      const x = pendingSuggestion(slot);
      if (!x) continue;
      // tags show on their tokens (the form marks them as the model's); the box names the tagged words;
      // a scale point or an option is outlined as the model's on its button
      out[slot.valueKey] =
        slot.field.kind === "tags"
          ? { model: x.model, text: suggestedTagsText(slot.field, x.value, slotTexts(slot, formItem).tokens), value: x.value }
          : { model: x.model, text: suggestedValueText(slot.field, x.value, lists), value: x.value };
    }
    return out;
  }, [shown, pendingSuggestion, lists, formItem]);
  /** the value a key edits: the annotator's, or for a tags field the model's tags shown on its tokens */
  const keyValue = useCallback(
    (s: TSchemeSlot) => {
      const own = formValues[s.valueKey];
      if (!isEmpty(own) || s.field.kind !== "tags" || readOnly) return own;
      return pendingSuggestion(s)?.value ?? own;
    },
    [formValues, pendingSuggestion, readOnly],
  );

  // ---- submit, reopen, items ------------------------------------------------------------------------
  const itemUrl = (id: string) => `/projects/${slug}/items/${id}`;
  const submit = async () => {
    if (submitting) return;
    const draft = shown.find((s) => s.valueKey in sv.drafts);
    const first = draft ? { slotKey: draft.slotKey, message: sv.messages[draft.valueKey] ?? "not saved yet" } : missing[0];
    if (first) {
      activate(first.slotKey, true);
      const more = missing.length - (draft ? 0 : 1);
      setNotice(`Cannot submit yet: ${draft ? `${draft.field.label} (${draft.where}) — ${first.message}` : first.message}${more > 0 ? ` (and ${more} more)` : ""}.`);
      return;
    }
    setSubmitting(true);
    setNotice("Saving and submitting…");
    try {
      if (!(await autosave.flushNow())) {
        setNotice("Your changes are kept in this browser but not all are saved yet (offline or a conflict). Submit again once they are saved.");
        return;
      }
      const res = await fetch(`/api/projects/${slug}/items/${segId}/assignment`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: "submit", activeMs: Math.min(600_000, Math.round(activeMsRef.current)) }),
      });
      if (!res.ok) {
        const body = await res.json().catch(() => ({}));
        setNotice(body?.error?.message ?? `Submit failed (HTTP ${res.status}).`);
        return;
      }
      activeMsRef.current = 0;
      router.push(item.nav.nextSegmentId ? itemUrl(item.nav.nextSegmentId) : `/projects/${slug}/queue?done=1`);
    } catch {
      setNotice("The server is unreachable; your changes are kept in this browser. Submit again when you are back online.");
    } finally {
      setSubmitting(false);
    }
  };
  const reopen = async () => {
    const res = await fetch(`/api/projects/${slug}/items/${segId}/assignment`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "reopen" }),
    }).catch(() => null);
    if (!res?.ok) {
      const body = await res?.json().catch(() => ({}));
      setNotice(body?.error?.message ?? "Could not reopen the item; check the connection and try again.");
      return;
    }
    setAssignmentStatus("IN_PROGRESS");
    setNotice(null);
    autosave.reopened();
  };
  const goItem = (id: string | null, which: string) => (id ? router.push(itemUrl(id)) : setNotice(`There is no ${which} item in your queue.`));

  // ---- keyboard -----------------------------------------------------------------------------------
  useSchemeKeys({
    current,
    value: keyValue,
    prefilled: (s) => prefilledKeys.has(s.valueKey),
    tokens: (s) => slotTexts(s, formItem).tokens,
    texts: (s) => slotTexts(s, formItem),
    lists,
    selection,
    setSelection,
    activeSpan,
    setActiveSpan,
    apply: change,
    move: (d) => {
      const next = shown[activeIndex + d];
      if (next) activate(next.slotKey, true);
    },
    focusInput,
    focusSlot: () => current && activate(current.slotKey, true),
    notice: setNotice,
    run: (id) => {
      if (id === "submit") void submit();
      else if (id === "undo" || id === "redo") sv.travel(id);
      else if (id === "next-item") goItem(item.nav.nextSegmentId, "next open");
      else if (id === "prev-item") goItem(item.nav.prevSegmentId, "previous");
      else if (id === "cheat-sheet") setShowKeys((v) => !v);
      else if (id === "guidelines") setShowHelp((v) => !v);
      else if (id === "parallel") {
        const v = item.parallel.find((x) => x.status !== null);
        if (v) router.push(itemUrl(v.id));
        else setNotice(item.parallel.length ? "The other language's version is not in your queue." : "This item has no version in another language.");
      } else if (id === "suggestion-accept") decideSuggestion(current, "accept");
      else if (id === "suggestion-reject") decideSuggestion(current, "reject");
      else setShowHelp(false);
    },
    overlayOpen: showKeys,
  });
  const withSuggestions = item.suggestions !== undefined;
  const keymap = useMemo(() => schemeCheatSheetKeymap(definition, lists, { suggestions: withSuggestions }), [definition, lists, withSuggestions]);

  const filled = shown.filter((s) => sv.display[s.valueKey] !== undefined && sv.display[s.valueKey] !== null).length;
  return (
    <div className="space-y-3 pb-16" data-testid="workspace">
      <SchemeWorkspaceBar
        slug={slug}
        nav={item.nav}
        scheme={{ name: definition.name, version: item.scheme.version }}
        status={assignmentStatus}
        filled={filled}
        shown={shown.length}
        save={{ status: autosave.status, pending: autosave.pending }}
        readOnly={readOnly}
        submitting={submitting}
        showHelp={showHelp}
        onGuidelines={() => setShowHelp((v) => !v)}
        onKeys={() => setShowKeys(true)}
        onSubmit={() => void submit()}
        onReopen={() => void reopen()}
      />
      <div className="gap-3 lg:flex lg:items-start">
        <div className="min-w-0 flex-1 space-y-3">
          {notice && (
            <p role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm" data-testid="workspace-message">
              {notice}
            </p>
          )}
          {readOnly && (
            <p className="rounded border border-sky-300 bg-sky-50 px-3 py-2 text-sm" data-testid="item-closed">
              {autosave.closed ?? `This item was ${assignmentStatus === "SKIPPED" ? "skipped" : "submitted"}; it is read-only.`} Press “Reopen to edit” to change it
              {autosave.pending > 0 ? ` (${autosave.pending} change${autosave.pending === 1 ? " is" : "s are"} kept in this browser and sent after reopening)` : ""}.
            </p>
          )}
          {autosave.lastError && !notice && (
            <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm">
              {autosave.lastError}
            </p>
          )}
          <div className={item.parallel.length ? "grid items-start gap-3 lg:grid-cols-2" : undefined}>
          <SchemeItemForm
            definition={definition}
            item={formItem}
            slots={shown}
            values={formValues}
            onChange={(slot, v) => change(slot, v)}
            active={current?.slotKey ?? null}
            onActivate={activate}
            selection={selection}
            onSelect={(_, s) => setSelection(s)}
            activeSpan={activeSpan}
            onActiveSpan={(_, i) => setActiveSpan(i)}
            messages={formMessages}
            prefilled={prefilledKeys}
            missing={missingSet}
            readOnly={readOnly}
            slotRef={(k, el) => {
              if (el) slotEls.current.set(k, el);
              else slotEls.current.delete(k);
            }}
            idPrefix="sw"
            suggestions={shownSuggestions}
            onSuggestion={(slot, action) => decideSuggestion(slot, action)}
          />
          {item.parallel.length > 0 && <ParallelVersions slug={slug} definition={definition} versions={item.parallel} />}
          </div>
        </div>
        {showHelp && (
          <aside aria-label="Guidelines" className="mt-3 max-h-[80vh] overflow-y-auto rounded border border-slate-200 bg-white p-3 lg:sticky lg:top-14 lg:mt-0 lg:w-96" data-testid="guidelines-panel">
            <div className="mb-2 flex items-center justify-between">
              <h2 className="font-semibold">Guidelines</h2>
              <button type="button" className="rounded border px-2 py-0.5 text-xs" onClick={() => setShowHelp(false)}>
                Close (g)
              </button>
            </div>
            <SchemeGuidelines scheme={definition} field={current?.field ?? null} />
          </aside>
        )}
      </div>
      {showKeys && <CheatSheet keymap={keymap} onClose={() => setShowKeys(false)} />}
      {sv.conflict && <ConflictDialog conflict={sv.conflict} describe={sv.describeConflict} onResolve={sv.resolveConflict} />}
    </div>
  );
}
