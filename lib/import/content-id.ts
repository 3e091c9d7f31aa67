/**
 * Helpers for stable external ids. Ids come from ids in the file when there
 * are any; otherwise from a hash of the content, never from a row counter
 * over the upload, so re-importing the same file is idempotent.
 */

/** cyrb53: a fast, well-mixed 53-bit string hash (public domain, bryc). Not cryptographic. */
export function contentHash(s: string): string {
  let h1 = 0xdeadbeef ^ 0;
  let h2 = 0x41c6ce57 ^ 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, "0");
}

/** `dir/My File (2).tsv` → `my-file-2`: the base name without extension, for document ids of id-less files. */
export function fileSlug(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const noExt = base.replace(/\.[A-Za-z0-9]+$/, "");
  const slug = noExt
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "file";
}

/** Strips leading zeros of an all-digit id part (`0007` → `7`) so `news_01_v.4_7_3` and sen_id `0007` meet. */
export function normaliseNumericId(s: string): string {
  return /^\d+$/.test(s) ? String(parseInt(s, 10)) : s;
}
