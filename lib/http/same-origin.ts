// Cross-site request forgery guard shared by the API handlers (lib/http/same-origin-write.ts adds
// the body-type rule) and the server actions (lib/http/server-action.ts): one rule for both, so a
// request refused at one door is refused at the other (issue 27, point 10: a server action ran
// with no Origin and `Sec-Fetch-Site: cross-site`, and `Origin: https://host` passed over http
// because only the host was compared).
//
// The rule, in order:
// 1. `Origin` present → it must be this server's origin, compared whole: scheme, host and port
//    (`new URL(...).origin`, so a default port and its absence are the same). The server's origin
//    is the scheme and host the browser used: `X-Forwarded-Proto` (next start sets it from the
//    socket when no proxy did) and `X-Forwarded-Host`, else `Host`; or the origin of NEXTAUTH_URL.
//    `Origin: null` (sandboxed frames, some redirects) is refused. Trusting the forwarded headers
//    is safe here: a cross-site page cannot set them (a custom header needs a CORS preflight this
//    app never grants); a non-browser client that forges them rides on no victim's cookie.
// 2. `Sec-Fetch-Site` present → it must be `same-origin` or `none` (typed by the user).
//    `cross-site` and `same-site` are refused, with or without an Origin: a sibling subdomain is
//    another application.
// 3. Neither header → allowed. Every browser the app supports (Chrome 80+, Firefox 70+, Safari 14+)
//    sends `Origin` on every POST/PUT/PATCH/DELETE (server actions are POSTs), same-origin fetches
//    included, and a page cannot remove it; so a request without both comes from a non-browser
//    client (curl, the Playwright request context of the e2e tests), which holds its own cookie
//    and cannot ride on a victim's.
import { AppError } from "@/lib/errors";

type THeaders = Pick<Headers, "get">;

function firstValue(v: string | null): string | null {
  const first = v?.split(",")[0]?.trim();
  return first ? first : null;
}

/** `scheme://host[:port]` as URL normalises it, or null when it is not an http(s) origin. */
function normalOrigin(value: string): string | null {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

/** The origins (scheme, host and port) this request may come from. */
export function ownOrigins(headers: THeaders): Set<string> {
  const origins = new Set<string>();
  const proto = firstValue(headers.get("x-forwarded-proto"))?.toLowerCase() === "https" ? "https" : "http";
  const host = firstValue(headers.get("x-forwarded-host")) ?? firstValue(headers.get("host"));
  const addressed = host ? normalOrigin(`${proto}://${host}`) : null;
  if (addressed) origins.add(addressed);
  const configured = process.env.NEXTAUTH_URL ? normalOrigin(process.env.NEXTAUTH_URL) : null;
  if (configured) origins.add(configured);
  return origins;
}

/** Throws FORBIDDEN unless the request comes from this site's own pages or from a non-browser client. */
export function assertSameOrigin(headers: THeaders): void {
  const origin = headers.get("origin");
  if (origin !== null) {
    const normal = origin === "null" ? null : normalOrigin(origin);
    if (!normal || !ownOrigins(headers).has(normal)) {
      throw new AppError("FORBIDDEN", `Requests from another site are refused (Origin ${origin}).`, { field: "Origin" });
    }
  }
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") {
    throw new AppError("FORBIDDEN", `Requests from another site are refused (Sec-Fetch-Site ${site}).`, { field: "Sec-Fetch-Site" });
  }
}
