/**
 * Remembers bootstrap intervals per ratings matrix, in this process.
 *
 * A bootstrap costs B recomputations of every statistic of a matrix; the
 * dashboard asks for the same intervals on every view, and after an
 * annotator's save only the matrix of the field and system that changed is
 * different. The key is the matrix itself (its codes and categories), the
 * statistics asked for, B and the seed, so a hit is exactly the interval the
 * bootstrap would compute again (it is deterministic): nothing to invalidate.
 * Least recently used entries go first; matrices above MAX_KEY_CODES codes are
 * not remembered (their key alone would be large; the dashboard skips their
 * intervals anyway above 5,000 units).
 */
const MAX_ENTRIES = 4000;
const MAX_KEY_CODES = 60_000;

const memo = new Map<string, unknown>();

/** The codes as a compact exact string (one UTF-16 unit per code; −1 = missing → 0). */
export function codesKey(codes: Int32Array): string | null {
  if (codes.length > MAX_KEY_CODES) return null;
  for (const c of codes) if (c >= 0xfffe) return null; // one code per UTF-16 unit
  let s = "";
  for (let i = 0; i < codes.length; i += 4096) s += String.fromCharCode(...Array.from(codes.subarray(i, i + 4096), (c) => c + 1));
  return s;
}

/** `compute()`'s result under `key`, computed once (null key: not remembered). */
export function memoIntervals<T>(key: string | null, compute: () => T): T {
  if (key === null) return compute();
  if (memo.has(key)) {
    const v = memo.get(key) as T;
    memo.delete(key); // most recently used last
    memo.set(key, v);
    return v;
  }
  const v = compute();
  memo.set(key, v);
  while (memo.size > MAX_ENTRIES) memo.delete(memo.keys().next().value!);
  return v;
}
