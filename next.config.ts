import type { NextConfig } from "next";

// Security headers on every response. Pages get their Content-Security-Policy, with a fresh script
// nonce, from proxy.ts; API answers and static files get one that lets nothing run or frame them.
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];
// the same as NON_PAGE_CONTENT_SECURITY_POLICY in lib/http/content-security-policy.ts (kept literal
// here: the config file is loaded before the app's module aliases exist)
const nonPagePolicy = [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }];

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR lets several builds live side by side (e.g. parallel test runs); default .next
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // native or engine-loading packages stay outside the server bundle
  serverExternalPackages: ["@node-rs/argon2", "@prisma/client", "@prisma/adapter-pg", "pg", "exceljs", "pg-boss"],
  // Server actions' bodies: Next.js counts the bytes while the body streams and answers 413 at this
  // limit (its action handler pipes the request through a byte-counting Transform), so a chunked
  // body is never read whole. The largest action is the scheme editor's save (a scheme is at most
  // 1,000,000 characters, up to 3 bytes each in UTF-8); the other limits: lib/http/body-limits.ts.
  // proxyClientMaxBodySize: a page POST that passes proxy.ts has its body copied for the proxy up to
  // this size (the rest is drained and dropped); the proxy never reads it, so no more than an action.
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: "4mb" }, proxyClientMaxBodySize: "4mb" },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // the paths proxy.ts leaves out (its matcher); two policies on one response would both apply
      { source: "/api/:path*", headers: nonPagePolicy },
      { source: "/_next/static/:path*", headers: nonPagePolicy },
      { source: "/_next/image", headers: nonPagePolicy },
    ];
  },
};

export default nextConfig;
