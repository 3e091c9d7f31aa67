"use client";
// The scheme workspace's keyboard (lib/workspace/scheme-workspace-keymap.ts). A key goes, in turn,
// to: the active field's own keys (options, labels, patterns, tags, scale digits:
// lib/workspace/scheme-field-edits.ts fieldKeyOutcome); the workspace's actions; and any other
// character to the active text, edit, number or long-scale field (it is entered and the input
// focused). Plain keys are ignored while typing in an input, except Escape (leave it)
// and Ctrl+Enter (submit).
import { useEffect, useLayoutEffect, useRef } from "react";
import { matchKey, type TKeyAction } from "@/lib/keymap/keymap";
import type { TSchemeSlot } from "@/lib/schemes/language/scheme-completeness";
import { isLongScale } from "@/lib/schemes/language/field-keys";
import { clearTags, fieldKeyOutcome, removeSpan, toggleAlignment, type TKeyOutcome, type TSelection } from "@/lib/workspace/scheme-field-edits";
import type { TToken } from "@/lib/workspace/span-selection";
import { cycleSpanMrw } from "@/lib/workspace/span-mrw";
import type { TFieldTexts } from "@/components/schemes/fields/field-props";
import { SCHEME_WORKSPACE_KEYMAP } from "@/lib/workspace/scheme-workspace-keymap";

export function isEditable(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return !!el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
}

const TOKEN_KINDS = new Set(["spans", "tags", "alignment"]);
/** What Backspace leaves of a pre-filled alignment: nothing marked, no pattern (kept on the page as a draft). */
const EMPTY_ALIGNMENT_DRAFT = { pattern: null, spans: [] };

/** Whether a printable key types into the field's input: any character in a text or edit, digits and signs in a number. */
function typesInto(slot: TSchemeSlot, key: string): boolean {
  const f = slot.field;
  if (key === "?") return false;
  if (f.kind === "text" || f.kind === "edit") return true;
  return (f.kind === "number" || (f.kind === "scale" && isLongScale(f))) && /^[0-9.,-]$/.test(key);
}

export interface TSchemeKeysContext {
  current: TSchemeSlot | null;
  value: (slot: TSchemeSlot) => unknown;
  /** whether the slot shows the project's imported alignment, not yet the annotator's value */
  prefilled?: (slot: TSchemeSlot) => boolean;
  tokens: (slot: TSchemeSlot) => TToken[];
  /** the slot's texts: the translations an edit starts from (its digits pick one), the MRWs a span is tied to */
  texts: (slot: TSchemeSlot) => TFieldTexts;
  lists: Record<string, unknown[]>;
  selection: TSelection | null;
  setSelection: (s: TSelection | null) => void;
  activeSpan: number | null;
  setActiveSpan: (i: number | null) => void;
  /** a value change by key; `advance` moves on to the next shown field */
  apply: (slot: TSchemeSlot, value: unknown, advance: boolean) => void;
  move: (delta: 1 | -1) => void;
  /** focus the slot's input (a vector's dimension) and optionally put a first character in */
  focusInput: (slot: TSchemeSlot, opts?: { dimension?: string; typed?: string }) => void;
  /** give the keyboard back to the active field after leaving an input */
  focusSlot: () => void;
  notice: (message: string) => void;
  run: (id: "submit" | "undo" | "redo" | "next-item" | "prev-item" | "parallel" | "cheat-sheet" | "guidelines" | "close-panels" | "suggestion-accept" | "suggestion-reject") => void;
  /** an overlay (the cheat sheet) is open: it takes Escape and `?` */
  overlayOpen: boolean;
}

export function useSchemeKeys(ctx: TSchemeKeysContext) {
  // the handler below is registered once and reads the latest render's context (a layout effect:
  // fresh before the next key event is handled)
  const ref = useRef(ctx);
  useLayoutEffect(() => {
    ref.current = ctx;
  });

  useEffect(() => {
    const outcome = (c: TSchemeKeysContext, slot: TSchemeSlot, o: TKeyOutcome) => {
      if (o.kind === "hint") return c.notice(o.message);
      if (o.kind === "focus") return c.focusInput(slot, { dimension: o.dimension });
      if (o.selection !== undefined) c.setSelection(o.selection);
      if (o.activeSpan !== undefined) c.setActiveSpan(o.activeSpan);
      c.apply(slot, o.value, o.advance ?? false);
    };

    const act = (c: TSchemeKeysContext, a: TKeyAction, target: EventTarget | null) => {
      const slot = c.current;
      const tokens = slot && TOKEN_KINDS.has(slot.field.kind) ? c.tokens(slot) : null;
      switch (a.id) {
        case "nav.next-field":
          return c.move(1);
        case "nav.prev-field":
          return c.move(-1);
        case "nav.next-item":
          return c.run("next-item");
        case "nav.prev-item":
          return c.run("prev-item");
        case "nav.parallel":
          return c.run("parallel");
        case "token.next":
        case "token.prev":
        case "token.extend-next":
        case "token.extend-prev": {
          if (!tokens || tokens.length === 0) return;
          const step = a.id.endsWith("next") ? 1 : -1;
          const sel = c.selection;
          if (!sel) return c.setSelection([0, 0]);
          const focus = Math.max(0, Math.min(tokens.length - 1, sel[1] + step));
          return c.setSelection(a.id.includes("extend") ? [sel[0], focus] : [focus, focus]);
        }
        case "token.toggle":
          if (slot?.field.kind === "alignment" && tokens && c.selection) {
            c.apply(slot, toggleAlignment(slot.field, c.value(slot), tokens, c.selection, { prefilled: c.prefilled?.(slot) }), false);
            c.setSelection(null);
          }
          return;
        case "field.edit":
          if (slot) c.focusInput(slot);
          return;
        case "span.cycle-mrw": {
          // the active span's MRW: the next one, then sentence level (MetaHOPE's errors)
          if (slot?.field.kind !== "spans" || slot.field.mrw === "none" || c.activeSpan === null) return;
          const next = cycleSpanMrw(c.value(slot), c.activeSpan, (c.texts(slot).mrws ?? []).map((m) => m.id));
          if (next) c.apply(slot, next, false);
          return;
        }
        case "field.clear": {
          if (!slot) return;
          const f = slot.field;
          if (f.kind === "tags" && tokens && c.selection) return c.apply(slot, clearTags(f, c.value(slot), tokens.length, c.selection), false);
          if (f.kind === "spans" && c.activeSpan !== null) {
            c.setActiveSpan(null);
            return c.apply(slot, removeSpan(c.value(slot), c.activeSpan), false);
          }
          // a pre-filled alignment (the imported one, not the annotator's yet): start from no words
          // and no pattern, as the built-in workspace's Backspace did; a draft until a pattern is chosen
          if (f.kind === "alignment" && f.patterns && c.prefilled?.(slot)) return c.apply(slot, EMPTY_ALIGNMENT_DRAFT, false);
          return c.apply(slot, null, false);
        }
        case "suggestion.accept":
          return c.run("suggestion-accept");
        case "suggestion.reject":
          return c.run("suggestion-reject");
        case "nav.leave-field":
          if (isEditable(target)) {
            (target as HTMLElement).blur();
            return c.focusSlot();
          }
          if (c.selection) return c.setSelection(null);
          return c.run("close-panels");
        case "item.submit-next":
          return c.run("submit");
        case "item.undo":
          return c.run("undo");
        case "item.redo":
          return c.run("redo");
        case "help.cheat-sheet":
          return c.run("cheat-sheet");
        case "help.guidelines":
          return c.run("guidelines");
      }
    };

    const onKey = (e: KeyboardEvent) => {
      const c = ref.current;
      if (document.querySelector("[role=alertdialog]")) return; // the conflict dialog takes the keyboard
      if (c.overlayOpen) {
        if (e.key === "Escape" || e.key === "?") {
          e.preventDefault();
          c.run("cheat-sheet");
        }
        return;
      }
      const editable = isEditable(e.target);
      const slot = c.current;
      const plain = !editable && slot !== null && Array.from(e.key).length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
      if (plain) {
        const tokens = TOKEN_KINDS.has(slot.field.kind) ? c.tokens(slot) : [];
        const bases = slot.field.kind === "edit" ? c.texts(slot).bases : undefined;
        const o = fieldKeyOutcome(slot.field, c.value(slot), e.key, { tokens, selection: c.selection, activeSpan: c.activeSpan, lists: c.lists, shift: e.shiftKey, bases });
        if (o) {
          e.preventDefault();
          return outcome(c, slot, o);
        }
      }
      const m = matchKey({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey, altKey: e.altKey, targetIsEditable: editable }, !editable && slot ? "field" : "workspace", SCHEME_WORKSPACE_KEYMAP);
      if (m) {
        e.preventDefault();
        return act(c, m.action, e.target);
      }
      // any other character starts typing in a text, edit or number field (j, k, n, p, g stay moves: Enter first to type them)
      if (plain && typesInto(slot, e.key)) {
        e.preventDefault();
        c.focusInput(slot, { typed: e.key });
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

