/**
 * Parallel versions of one item (issue 16 point 3): segments that share `lists.parallel` (the
 * EN and ES rows of a Meta4XNLI interpretation pair, lib/import/parse-meta4xnli-nli.ts; sentence n
 * of two CoNLL files read together as parallel, lib/import/parse-conll.ts parseConllParallel).
 * Pure.
 */
import type { ImportResult } from "./types";

/** The parallel key of an item's lists, or null. */
export function parallelKeyOf(lists: unknown): string | null {
  if (!lists || typeof lists !== "object" || Array.isArray(lists)) return null;
  const k = (lists as Record<string, unknown>).parallel;
  return typeof k === "string" && k !== "" ? k : null;
}

/** How many parallel keys of a parsed file join two or more segments (the dry-run summary's `pairs`). */
export function countPairs(r: Pick<ImportResult, "documents">): number {
  const n = new Map<string, number>();
  for (const d of r.documents) {
    for (const s of d.segments) {
      const k = parallelKeyOf(s.lists);
      if (k) n.set(k, (n.get(k) ?? 0) + 1);
    }
  }
  let pairs = 0;
  for (const c of n.values()) if (c > 1) pairs++;
  return pairs;
}
