/**
 * The MRW a span is tied to, for a spans field with `mrw` (MetaHOPE's errors: optional, a span
 * without one is sentence level), as the built-in workspace's error list does
 * (components/workspace/error-list.tsx "Tied to", key 0 cycling through the MRWs then back to
 * sentence level). Sentence level is stored as no `mrwId` key. A new span on the translation that
 * overlaps the words an MRW's alignment marks there is tied to that MRW at once (the built-in
 * workspace's `suggestMrw`); the annotator changes it with 0 or the select. Pure.
 */
import type { TSchemeSlot } from "@/lib/schemes/language/scheme-completeness";
import { alignmentOf, spanList, type TSchemeSpan } from "./scheme-field-edits";
import { spansOverlap } from "./span-selection";

/** An MRW's alignment in the span's translation: the words it marks there. */
export interface TMrwAlignment {
  mrwId: string;
  spans: readonly { start: number; end: number }[];
}

/** Ties span `index` to `mrwId`, or makes it sentence level (null). */
export function setSpanMrw(value: unknown, index: number, mrwId: string | null): TSchemeSpan[] {
  return spanList(value).map((s, i) => {
    if (i !== index) return s;
    const { mrwId: _old, ...rest } = s;
    return mrwId === null ? rest : { ...rest, mrwId };
  });
}

/** The next tie of span `index`: sentence level → the first MRW → … → the last → sentence level. */
export function cycleSpanMrw(value: unknown, index: number, mrwIds: readonly string[]): TSchemeSpan[] | null {
  const s = spanList(value)[index];
  if (!s) return null;
  const order = [null, ...mrwIds];
  const at = order.indexOf((s.mrwId as string | undefined) ?? null);
  return setSpanMrw(value, index, order[(at + 1) % order.length]);
}

/** The first MRW whose aligned words overlap the span (on the translation), or null. */
export function mrwOverlapping(span: Pick<TSchemeSpan, "start" | "end" | "on">, alignments: readonly TMrwAlignment[]): string | null {
  if ((span.on ?? "target") !== "target") return null;
  return alignments.find((a) => a.spans.some((x) => spansOverlap(span, x)))?.mrwId ?? null;
}

/** Spans added from `before` to `after` (appended, as every add does) without an MRW, tied to the MRW their words are aligned to. */
export function tieNewSpans(before: unknown, after: unknown, alignments: readonly TMrwAlignment[]): unknown {
  const old = spanList(before).length;
  const spans = spanList(after);
  if (!Array.isArray(after) || spans.length <= old) return after;
  let changed = false;
  const out = spans.map((s, i) => {
    if (i < old || s.mrwId) return s;
    const mrwId = mrwOverlapping(s, alignments);
    if (!mrwId) return s;
    changed = true;
    return { ...s, mrwId };
  });
  return changed ? out : after;
}

/** The MRWs' alignments in one translation, from the item's slots and values (by valueKey). */
export function alignmentsInTranslation(slots: readonly Pick<TSchemeSlot, "field" | "unit" | "valueKey">[], values: Readonly<Record<string, unknown>>, translationId: string | null): TMrwAlignment[] {
  if (!translationId) return [];
  return slots.flatMap((s) =>
    s.field.kind === "alignment" && s.unit.translationId === translationId && s.unit.mrwId ? [{ mrwId: s.unit.mrwId, spans: alignmentOf(values[s.valueKey])?.spans ?? [] }] : [],
  );
}
