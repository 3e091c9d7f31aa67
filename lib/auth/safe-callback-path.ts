// Where to go after signing in (or out): only a path on this site. Checking the raw string
// (`startsWith("/") && !startsWith("//")`) is not enough, because URL parsers and browsers rewrite
// it first: `/\evil.example` and `/<TAB>/evil.example` both become `//evil.example`, another host
// (issue 13, point 15). So the value is parsed exactly as a browser would, against our origin,
// the origins are compared, and only the parsed path, query and fragment are handed on.

export const DEFAULT_AFTER_SIGN_IN = "/projects";

// Whitespace, control characters and backslashes: URL parsers drop or reinterpret them, and no
// path this app links to contains them raw.
const SUSPICIOUS = /[\u0000-\u0020\u007f-\u009f\\]/;

/**
 * The same-origin path (pathname + query + fragment) `raw` points to, or `fallback`.
 * `origin` is this app's origin (e.g. NEXTAUTH_URL); relative and absolute same-origin URLs pass.
 */
export function safeCallbackPath(raw: unknown, origin: string, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048 || SUSPICIOUS.test(raw)) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base.origin);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil.example` parses to the path `//evil.example`, which a browser reads as a host again
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
