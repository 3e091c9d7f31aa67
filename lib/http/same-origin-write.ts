// Cross-site request forgery guard for the API handlers: a state-changing request (POST, PUT,
// PATCH, DELETE) must come from this site's own pages and carry a body type a cross-site HTML
// form cannot produce.
//
// The rule, in order:
// 1. `Origin` present → it must be this server's origin (its host as the browser addressed it:
//    `X-Forwarded-Host` behind a proxy, else `Host`; or the origin of NEXTAUTH_URL). `Origin: null`
//    (sandboxed frames, some redirects) is refused. Trusting X-Forwarded-Host is safe here: a
//    cross-site page cannot set it (a custom header needs a CORS preflight this app never grants),
//    and Next.js compares server actions' Origin with the same header.
// 2. `Sec-Fetch-Site` present → it must be `same-origin` or `none` (typed by the user). `same-site`
//    is refused too: a sibling subdomain is another application.
// 3. Neither header → allowed. Every browser the app supports (Chrome 80+, Firefox 70+, Safari 14+)
//    sends `Origin` on every POST/PUT/PATCH/DELETE, same-origin fetches included, and a page cannot
//    remove it; so a request without both comes from a non-browser client (curl, the Playwright
//    request context of the e2e tests), which holds its own cookie and cannot ride on a victim's.
// 4. Body type: `application/json` (or, for the upload route, `multipart/form-data`). A request
//    with a `Content-Type` of another type, or with a body and no type, is refused (415). Cross-site
//    forms can only send text/plain, urlencoded or multipart bodies, and a cross-site fetch with
//    application/json needs a CORS preflight this app never grants. A request with no body and no
//    type (DELETE with query parameters, say) has nothing to check; rules 1–2 still apply.
//
// Server actions are not API routes: Next.js compares their `Origin` with the host itself
// (e2e/csrf.spec.ts checks that a foreign origin is refused there too).
import { AppError } from "@/lib/errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type TBodyType = "json" | "multipart";

const MEDIA_TYPE: Record<TBodyType, string> = { json: "application/json", multipart: "multipart/form-data" };

function firstValue(v: string | null): string | null {
  const first = v?.split(",")[0]?.trim();
  return first ? first : null;
}

/** Hosts (host[:port], lower case) this request may come from. */
function ownHosts(headers: Headers): Set<string> {
  const hosts = new Set<string>();
  const forwarded = firstValue(headers.get("x-forwarded-host"));
  const host = firstValue(headers.get("host"));
  if (forwarded) hosts.add(forwarded.toLowerCase());
  else if (host) hosts.add(host.toLowerCase());
  const configured = process.env.NEXTAUTH_URL;
  if (configured) {
    try {
      hosts.add(new URL(configured).host.toLowerCase());
    } catch {
      // an unparsable NEXTAUTH_URL adds nothing; next-auth itself reports it
    }
  }
  return hosts;
}

function originHost(origin: string): string | null {
  if (origin === "null") return null;
  try {
    const u = new URL(origin);
    return u.protocol === "http:" || u.protocol === "https:" ? u.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Throws FORBIDDEN (foreign origin) or UNSUPPORTED_MEDIA_TYPE (body type) for a forged write. */
export function assertSameOriginWrite(req: Request, bodyType: TBodyType = "json"): void {
  if (!STATE_CHANGING.has(req.method.toUpperCase())) return;
  const h = req.headers;
  const origin = h.get("origin");
  if (origin !== null) {
    const host = originHost(origin);
    if (!host || !ownHosts(h).has(host)) {
      throw new AppError("FORBIDDEN", `Requests from another site are refused (Origin ${origin}).`, { field: "Origin" });
    }
  }
  const site = h.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") {
    throw new AppError("FORBIDDEN", `Requests from another site are refused (Sec-Fetch-Site ${site}).`, { field: "Sec-Fetch-Site" });
  }
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
