"use client";
// The scheme workspace's values: the caller's stored values with their versions, every change
// saved through the shared autosaver (use-autosave.ts: persisted queue, Idempotency-Key, retries,
// 409 conflicts, 423 closed items), undo by snapshots (lib/workspace/undo-stack.ts), and values a
// field refuses kept on the page as drafts, unsent, with the reason at the field (an alignment
// whose pattern needs target words not marked yet, a span without its severity), also in this
// browser's storage so that a reload keeps them (lib/workspace/span-drafts.ts). A save the
// server refuses (400) shows the server's message at its field.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { TSchemeSlot } from "@/lib/schemes/language/scheme-completeness";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { isLongScale } from "@/lib/schemes/language/field-keys";
import { SAVE_DEBOUNCE_MS, TEXT_DEBOUNCE_MS } from "@/lib/workspace/save-policy";
import type { TSaveOp } from "@/lib/workspace/save-queue";
import type { TSchemeWorkspaceItem } from "@/lib/workspace/scheme-item-types";
import { plainValues, schemeItemValues } from "@/lib/workspace/scheme-item-values";
import { conflictValueText } from "@/lib/workspace/suggested-value-text";
import { draftsKey, readDrafts, writeDrafts } from "@/lib/workspace/span-drafts";
import { createUndoStack, recordChange, redo, undo, type TUndoStack } from "@/lib/workspace/undo-stack";
import { useAutosave, type TConflict } from "./use-autosave";

type TStored = Record<string, { value: unknown; version: number }>;
type TPlain = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** values typed or dragged (a slider): sent after a longer pause, so a word or a drag is one save */
const TYPED_KINDS = new Set(["text", "edit", "number", "vector"]);
const typed = (f: TSchemeSlot["field"]) => TYPED_KINDS.has(f.kind) || (f.kind === "scale" && isLongScale(f));

/** A value for people: text as it is, anything else as JSON. */
export const showSchemeValue = (v: unknown) => (v === null || v === undefined ? "(empty)" : typeof v === "string" ? v : JSON.stringify(v));

export function useSchemeValues(opts: {
  item: TSchemeWorkspaceItem;
  userId: string;
  /** every slot of the item (schemeSlots), to find the slot of a queued save */
  slots: readonly TSchemeSlot[];
  lists: Record<string, unknown[]>;
  readOnly: () => boolean;
  onBlocked: () => void;
  /** a value the server stored (the model-suggestion decisions follow saves) */
  onStored?: (valueKey: string, value: unknown) => void;
}) {
  const { item, slots, lists } = opts;
  const segId = item.segment.id;
  // read-only and its notice change with the page; the callbacks below read them when called
  const guard = useRef(opts);
  useLayoutEffect(() => {
    guard.current = opts;
  });
  const [stored, setStored] = useState<TStored>(() => schemeItemValues(item));
  const storedRef = useRef(stored);
  useLayoutEffect(() => {
    storedRef.current = stored;
  }, [stored]);
  const [drafts, setDrafts] = useState<TPlain>({});
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [undoStack, setUndoStack] = useState<TUndoStack<TPlain>>(() => createUndoStack());

  const slotOf = useCallback(
    (op: Pick<TSaveOp, "field" | "translationId" | "mrwId" | "role">) =>
      slots.find((s) => s.field.id === op.field && s.unit.translationId === op.translationId && s.unit.mrwId === op.mrwId && s.unit.role === (op.role ?? null)),
    [slots],
  );
  const setMessage = (k: string, m: string | null) =>
    setMessages((ms) => {
      if ((ms[k] ?? null) === m) return ms;
      const next = { ...ms };
      if (m === null) delete next[k];
      else next[k] = m;
      return next;
    });

  const onSaved = useCallback(
    (op: TSaveOp, result: { version: number }) => {
      if (op.segmentId !== segId) return;
      const k = slotOf(op)?.valueKey;
      if (k) setStored((s) => (s[k] ? { ...s, [k]: { ...s[k], version: result.version } } : s));
      if (k) guard.current.onStored?.(k, op.value);
    },
    [segId, slotOf],
  );
  const onRefused = useCallback(
    (op: TSaveOp, message: string) => {
      const k = slotOf(op)?.valueKey;
      if (k) setMessage(k, `Not saved: ${message}`);
    },
    [slotOf],
  );
  const autosave = useAutosave({ slug: item.project.slug, userId: opts.userId, onSaved, onRefused });

  // Edits still queued in this browser (a reload, an offline period) are shown over the server's values.
  // Read at mount, not once the autosaver says it has loaded: it starts sending the queue as it
  // loads, and a save answered before a later render removed the edit from the stored queue, so the
  // page showed the server's value from before it (the edit saved, but not shown).
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    const mine = autosave.pendingOps().filter((o) => o.segmentId === segId);
    if (mine.length === 0) return;
    // syncing from an external store (localStorage) once it is readable
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStored((s) => {
      const next = { ...s };
      for (const op of mine) {
        const k = slotOf(op)?.valueKey;
        if (k) next[k] = { value: op.value, version: next[k]?.version ?? 0 };
      }
      return next;
    });
  }, [autosave, segId, slotOf]);

  // Drafts kept in this browser (a reload): shown again with their reason; only those still refused.
  const draftStore = draftsKey(opts.userId, item.project.slug, segId);
  const draftsRead = useRef(false);
  useEffect(() => {
    if (draftsRead.current) return;
    draftsRead.current = true;
    const kept: TPlain = {};
    const notes: Record<string, string> = {};
    for (const [k, v] of Object.entries(readDrafts(window.localStorage, draftStore, new Set(slots.map((s) => s.valueKey))))) {
      const slot = slots.find((s) => s.valueKey === k)!;
      const r = validateSchemeValue(slot.field, v, { lists });
      if (r.ok) continue;
      kept[k] = v;
      notes[k] = `Not saved yet: ${r.message.slice(slot.field.id.length + 2)}`;
    }
    if (Object.keys(kept).length === 0) return;
    // syncing from an external store (localStorage) once the page runs
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDrafts(kept);
    setMessages((ms) => ({ ...ms, ...notes }));
  }, [draftStore, slots, lists]);
  const draftsWritten = useRef(false);
  useEffect(() => {
    // the first run sees the empty drafts of the first render, before the stored ones are read back
    if (!draftsWritten.current) {
      draftsWritten.current = true;
      return;
    }
    writeDrafts(window.localStorage, draftStore, drafts);
  }, [drafts, draftStore]);

  const send = useCallback(
    (slot: TSchemeSlot, value: unknown, version: number) => {
      const u = slot.unit;
      autosave.save(
        { kind: "annotation", segmentId: segId, translationId: u.translationId, mrwId: u.mrwId, role: u.role, field: slot.field.id, value, baseVersion: version },
        typed(slot.field) ? TEXT_DEBOUNCE_MS : SAVE_DEBOUNCE_MS,
      );
    },
    [autosave, segId],
  );

  const display = useMemo<TPlain>(() => ({ ...plainValues(stored), ...drafts }), [stored, drafts]);

  /** One change of one value (null clears); returns the values as shown after it, or null when refused (read-only). */
  const change = useCallback(
    (slot: TSchemeSlot, raw: unknown): TPlain | null => {
      if (guard.current.readOnly()) {
        guard.current.onBlocked();
        return null;
      }
      const k = slot.valueKey;
      const value = raw === undefined ? null : raw;
      const cur = storedRef.current;
      if (value !== null) {
        const r = validateSchemeValue(slot.field, value, { lists });
        if (!r.ok) {
          // kept on the page only: the server would refuse it, and it may be half done (see top)
          setDrafts((d) => ({ ...d, [k]: value }));
          setMessage(k, `Not saved yet: ${r.message.slice(slot.field.id.length + 2)}`);
          return { ...plainValues(cur), ...drafts, [k]: value };
        }
      }
      setDrafts((d) => {
        if (!(k in d)) return d;
        const { [k]: _drop, ...rest } = d;
        return rest;
      });
      setMessage(k, null);
      const { [k]: _draft, ...otherDrafts } = drafts;
      const after = { ...plainValues(cur), ...otherDrafts, [k]: value };
      if (same(cur[k]?.value, value)) return after;
      setUndoStack((u) => recordChange(u, plainValues(cur)));
      const version = cur[k]?.version ?? 0;
      const next = { ...cur, [k]: { value, version } };
      storedRef.current = next;
      setStored(next);
      send(slot, value, version);
      return after;
    },
    [lists, drafts, send],
  );

  /** Undo or redo: the snapshot is put back and every value that differs is saved again. */
  const travel = useCallback(
    (dir: "undo" | "redo") => {
      if (guard.current.readOnly()) return guard.current.onBlocked();
      const cur = storedRef.current;
      const r = dir === "undo" ? undo(undoStack, plainValues(cur)) : redo(undoStack, plainValues(cur));
      if (!r) return;
      const next = { ...cur };
      for (const k of new Set([...Object.keys(cur), ...Object.keys(r.state)])) {
        const want = r.state[k] ?? null;
        if (same(cur[k]?.value, want)) continue;
        const slot = slots.find((s) => s.valueKey === k);
        if (!slot) continue;
        const version = cur[k]?.version ?? 0;
        next[k] = { value: want, version };
        send(slot, want, version);
      }
      setUndoStack(r.stack);
      setDrafts({});
      setMessages({});
      storedRef.current = next;
      setStored(next);
    },
    [undoStack, slots, send],
  );

  const conflict = autosave.conflicts[0];
  const conflictSlot = conflict ? slotOf(conflict.op) : undefined;
  // options and scale points by their labels ("2 (Poor)"), as the built-in workspace's dialog showed them
  const shownValue = (v: unknown) => (conflictSlot ? conflictValueText(conflictSlot.field, v, lists) : showSchemeValue(v));
  const describeConflict = (c: TConflict) => ({
    what: conflictSlot ? `${conflictSlot.field.label} (${conflictSlot.where})` : "a value",
    mine: shownValue(c.op.value),
    theirs: shownValue(c.current.value),
  });
  const resolveConflict = (choice: "mine" | "theirs") => {
    if (!conflict) return;
    const k = conflictSlot?.valueKey;
    if (k) {
      const value = choice === "mine" ? conflict.op.value : conflict.current.value;
      setStored((s) => {
        const next = { ...s, [k]: { value, version: conflict.current.version } };
        storedRef.current = next;
        return next;
      });
    }
    autosave.resolve(conflict.key, choice);
  };

  return { display, drafts, messages, change, travel, autosave, conflict, describeConflict, resolveConflict };
}
