// Cross-site request forgery guard for the API handlers: a state-changing request (POST, PUT,
// PATCH, DELETE) must come from this site's own pages (lib/http/same-origin.ts: `Origin` compared
// by scheme, host and port, `Sec-Fetch-Site`; the same rule the server actions get) and carry a
// body type a cross-site HTML form cannot produce:
//
// `application/json` (or, for the upload route, `multipart/form-data`). A request with a
// `Content-Type` of another type, or with a body and no type, is refused (415). Cross-site forms
// can only send text/plain, urlencoded or multipart bodies, and a cross-site fetch with
// application/json needs a CORS preflight this app never grants. A request with no body and no
// type (DELETE with query parameters, say) has nothing to check; the origin rule still applies.
import { AppError } from "@/lib/errors";
import { assertSameOrigin } from "@/lib/http/same-origin";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type TBodyType = "json" | "multipart";

const MEDIA_TYPE: Record<TBodyType, string> = { json: "application/json", multipart: "multipart/form-data" };

/** Throws FORBIDDEN (foreign origin) or UNSUPPORTED_MEDIA_TYPE (body type) for a forged write. */
export function assertSameOriginWrite(req: Request, bodyType: TBodyType = "json"): void {
  if (!STATE_CHANGING.has(req.method.toUpperCase())) return;
  const h = req.headers;
  assertSameOrigin(h);
  const contentType = h.get("content-type");
  const hasBody = (Number(h.get("content-length") ?? "0") || 0) > 0 || h.has("transfer-encoding");
  if (contentType === null && !hasBody) return;
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType !== MEDIA_TYPE[bodyType]) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Send the request body as ${MEDIA_TYPE[bodyType]}${contentType ? ` (got ${mediaType || "no type"})` : ""}.`,
      { field: "Content-Type" },
    );
  }
}
