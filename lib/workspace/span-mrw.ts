/**
 * The MRW a span is tied to, for a spans field with `mrw` (MetaHOPE's errors: optional, a span
 * without one is sentence level), as the built-in workspace's error list does
 * (components/workspace/error-list.tsx "Tied to", key 0 cycling through the MRWs then back to
 * sentence level). Sentence level is stored as no `mrwId` key. Pure.
 */
import { spanList, type TSchemeSpan } from "./scheme-field-edits";

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
