/**
 * The MRWs a span list names inside a value. A value of a spans field is a list of
 * `{ start, end, label, …, mrwId? }` (lib/schemes/language/validate-value.ts); in the database
 * `mrwId` is the MRW's id, which means nothing in another project. A file names an MRW the way
 * every Tropos JSONL line does, by its external id within the line's segment, so the full project
 * export writes a span's MRW as its external id (lib/db/export/project-jsonl.ts) and the loader
 * turns it back into the id of that project's MRW (lib/db/import/load-import.ts).
 *
 * Only a list of objects is a span list; any other value is returned as it is. Pure.
 */

/** Whether the value is a list holding at least one span that names an MRW. */
function namesMrws(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.some((s) => isSpan(s) && typeof s.mrwId === "string");
}

const isSpan = (s: unknown): s is Record<string, unknown> => s !== null && typeof s === "object" && !Array.isArray(s);

/** The MRW references of a span list, in order (empty for any other value). */
export function spanMrwRefs(value: unknown): string[] {
  if (!namesMrws(value)) return [];
  return value.filter((s) => isSpan(s) && typeof s.mrwId === "string").map((s) => s.mrwId as string);
}

/** The value with every span's `mrwId` replaced by `map(mrwId)` (kept where `map` gives undefined); other values unchanged. */
export function mapSpanMrwRefs(value: unknown, map: (ref: string) => string | undefined): unknown {
  if (!namesMrws(value)) return value;
  let changed = false;
  const out = value.map((s) => {
    if (!isSpan(s) || typeof s.mrwId !== "string") return s;
    const to = map(s.mrwId);
    if (to === undefined || to === s.mrwId) return s;
    changed = true;
    return { ...s, mrwId: to };
  });
  return changed ? out : value;
}
