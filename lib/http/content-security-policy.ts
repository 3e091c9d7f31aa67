// The Content-Security-Policy of the app's pages. Scripts run only with this response's nonce
// (no 'unsafe-inline'): an injected <script> or inline handler cannot guess it. 'strict-dynamic'
// lets the scripts Next.js loads with the nonce load their own chunks; 'self' is for browsers
// without CSP level 3. Styles keep 'unsafe-inline' (React style attributes, chart libraries); a
// nonce in style-src would switch that off, so styles get none.

/** A fresh unguessable nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The policy of an HTML page rendered with `nonce`. */
export function pageContentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlays; production never does
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The policy of everything that is not a page (API answers, static files): nothing may run. */
export const NON_PAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
