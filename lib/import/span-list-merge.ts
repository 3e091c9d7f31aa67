/**
 * Error spans an import brings (MetaHOPE workbooks, JSONL `error_span` lines) merged into the
 * METAHOPE_ERRORS list the scheme runtime stores per annotator and translation (issue 28, step 2).
 *
 * Re-importing must not duplicate a span. The built-in import keys a span by annotator,
 * translation and `<MRW or S>:<category>:<n>`, n its occurrence among the file's spans of that
 * MRW (or of the sentence) and category (ErrorSpan.externalId). A list value has no ids, so the
 * same key is read from the list itself: a stored span's n is its occurrence in list order, and
 * imported spans are appended in file order, so the keys a file gave are the keys read back. An
 * imported span replaces the stored span of its key in place; one of a new key is appended; stored
 * spans of keys the file does not bring stay. So importing a file twice changes nothing, and a
 * second pass over the same sheets (the MetaHOPE pilot's sentence-level workbook after annotator
 * A's) replaces A's sentence-level spans of the same key and keeps the others, as the built-in
 * import does. A workspace edit that reorders two spans of one MRW and category changes which of
 * them a later import replaces (the built-in runtime's UI spans had no key at all; such a span was
 * only skipped when equal to an imported one).
 *
 * Pure.
 */

interface TKeyedSpan {
  mrwId?: string | null;
  label?: unknown;
}

/** The import key of every span of a list, in list order. */
export function spanKeys(list: readonly TKeyedSpan[]): string[] {
  const seen = new Map<string, number>();
  return list.map((s) => {
    const base = `${s.mrwId ?? "S"}:${String(s.label)}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}:${n}`;
  });
}

/**
 * The list after an import: `stored` (a list, or anything else: no list yet, a review mark) with
 * `imported` (one file's spans for this annotator and translation, in file order) merged by key.
 */
export function mergeImportedSpans<T extends TKeyedSpan>(stored: unknown, imported: readonly T[]): T[] {
  const before = (Array.isArray(stored) ? stored : []) as T[];
  const incoming = new Map(spanKeys(imported).map((k, i) => [k, imported[i]]));
  const merged = spanKeys(before).map((k, i) => {
    const hit = incoming.get(k);
    if (hit === undefined) return before[i];
    incoming.delete(k);
    return hit;
  });
  return [...merged, ...incoming.values()];
}
