import type { Span } from "@/lib/import/types";

/**
 * Token spans of `text.split()` in Python: maximal runs of non-whitespace.
 * Index k of the result is token k (0-based) of the whitespace split.
 */
export function whitespaceTokens(text: string): Span[] {
  const out: Span[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(text.charCodeAt(i))) i++;
    out.push({ start, end: i });
  }
  return out;
}

/** Python str.isspace() for the characters that occur in practice. */
export function isSpace(c: number): boolean {
  return (
    c === 32 || (c >= 9 && c <= 13) || c === 0x1c || c === 0x1d || c === 0x1e || c === 0x1f || c === 0x85 || c === 0xa0 ||
    c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

/** All start offsets of `needle` in `text` (non-overlapping scan with indexOf; no regex). */
export function occurrences(text: string, needle: string): number[] {
  const out: number[] = [];
  if (needle === "") return out;
  let i = text.indexOf(needle);
  while (i >= 0) {
    out.push(i);
    i = text.indexOf(needle, i + 1);
  }
  return out;
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[\p{L}\p{N}_]/u.test(c);
}

/**
 * Occurrences of `needle` that do not sit inside a longer word (so `in` is not
 * found in `inherits`). For scripts without spaces (Chinese) pass
 * `wordBoundary: false`.
 */
export function wordOccurrences(text: string, needle: string, wordBoundary = true): number[] {
  const all = occurrences(text, needle);
  if (!wordBoundary) return all;
  return all.filter((p) => {
    const before = text[p - 1];
    const after = text[p + needle.length];
    const firstIsWord = isWordChar(needle[0]);
    const lastIsWord = isWordChar(needle[needle.length - 1]);
    return !(firstIsWord && isWordChar(before)) && !(lastIsWord && isWordChar(after));
  });
}
