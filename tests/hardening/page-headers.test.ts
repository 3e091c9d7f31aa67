// Issue 27, point 11: every page response carries the CSP, prefetches too (the proxy's matcher left
// out `Purpose: prefetch` and `Next-Router-Prefetch` requests, so they had none), and HSTS is sent
// over https only. The matcher is evaluated by Next.js's own matcher code, the proxy is called as
// Next.js calls it.
import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { config, proxy } from "@/proxy";

const PREFETCHES = [{ "next-router-prefetch": "1" }, { purpose: "prefetch" }, { "next-router-prefetch": "1", "rsc": "1", purpose: "prefetch" }];

describe("proxy matcher", () => {
  it("runs the proxy for page requests, prefetches included", () => {
    for (const url of ["/", "/projects/demo", "/projects/demo/settings?tab=x"]) {
      expect(unstable_doesMiddlewareMatch({ config, url }), url).toBe(true);
      for (const headers of PREFETCHES) expect(unstable_doesMiddlewareMatch({ config, url, headers }), `${url} ${JSON.stringify(headers)}`).toBe(true);
    }
  });

  it("leaves API routes and static files to next.config.ts's non-page policy", () => {
    for (const url of ["/api/auth/session", "/_next/static/chunks/app.js", "/_next/image?url=x"]) {
      expect(unstable_doesMiddlewareMatch({ config, url }), url).toBe(false);
    }
  });
});

describe("proxy", () => {
  const saved = process.env.NEXTAUTH_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.NEXTAUTH_URL;
    else process.env.NEXTAUTH_URL = saved;
  });

  it("gives a prefetch the page CSP with a fresh nonce, as any page request", () => {
    for (const headers of [{}, ...PREFETCHES]) {
      const response = proxy(new NextRequest("http://127.0.0.1:3000/projects/demo", { headers }));
      expect(response.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    }
  });

  it("sends Strict-Transport-Security over https when the app's public URL is https, never over http", () => {
    const hsts = (url: string) => proxy(new NextRequest(url)).headers.get("Strict-Transport-Security");
    process.env.NEXTAUTH_URL = "https://tropos.example.org";
    expect(hsts("https://tropos.example.org/projects")).toBe("max-age=63072000; includeSubDomains");
    // a plain-http request to the same app (a health check on the internal port, a proxy's http side)
    expect(hsts("http://tropos.example.org/projects")).toBeNull();
    // an http deployment (the demo, local development) never pins https, whatever a request claims
    process.env.NEXTAUTH_URL = "http://localhost:3000";
    expect(hsts("https://localhost:3000/projects")).toBeNull();
    delete process.env.NEXTAUTH_URL;
    expect(hsts("https://localhost:3000/projects")).toBeNull();
  });
});
