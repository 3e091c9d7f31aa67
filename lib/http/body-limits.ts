// How large a request body may be, one limit per kind of request. Every body the app reads goes
// through lib/http/byte-limit-stream.ts, which counts the bytes as they arrive and refuses (413) as
// soon as the count passes the limit, cancelling the rest: a chunked body declares no length, and
// reading it whole first let one unauthenticated 700 MB sign-in post grow the server by 1.6 GB.
// The limits are far above what the app's own pages send; bigger payloads have their own paths.

/**
 * next-auth's routes (/api/auth/…): a sign-in form (email, password ≤ 1 kB, CSRF token,
 * callback URL) or an OpenID Connect form_post answer (state, code, id_token) — a few kB.
 */
export const AUTH_BODY_MAX_BYTES = 16 * 1024;

/**
 * The JSON API routes (lib/http/api-handler.ts parseJsonBody): one annotation, span, post-edit
 * (≤ 5,000 characters), decision or setting per request.
 */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

// Two more limits live where their framework needs them:
// - uploads (multipart, the import route): TROPOS_MAX_UPLOAD_MB, app/api/projects/[slug]/import/upload-limit.ts;
// - server actions: next.config.ts `experimental.serverActions.bodySizeLimit`, enforced by Next.js
//   itself while the body streams (its action handler pipes the request through a byte counter
//   that fails at the limit; see the comment there).
