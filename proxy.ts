// Gives every page response its own CSP nonce (lib/http/content-security-policy.ts). Next.js reads
// the nonce from the request's Content-Security-Policy header while rendering and puts it on every
// script it emits, so each page must be rendered per request: the root layout reads the session
// cookie, which makes every page dynamic. API routes and static files are not matched (they get the
// non-page policy from next.config.ts); neither are server-action posts, which answer with RSC
// data rather than an HTML document — and matching them would make Next.js buffer their bodies for
// the proxy. Prefetches (`Next-Router-Prefetch`, `Purpose: prefetch`) are matched: they were left
// out once, as Next.js's CSP guide does, and were then served without any CSP (issue 27, point 11).
import { NextResponse, type NextRequest } from "next/server";
import { createNonce, pageContentSecurityPolicy } from "@/lib/http/content-security-policy";
import { strictTransportSecurity } from "@/lib/http/strict-transport-security";

export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  // pages only: a browser keeps HSTS for the whole host from the first page it loads over https
  const hsts = strictTransportSecurity(request.nextUrl, process.env.NEXTAUTH_URL);
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static/|_next/image).*)",
      missing: [{ type: "header", key: "next-action" }],
    },
  ],
};
