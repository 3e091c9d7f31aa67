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
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: "50mb" } },
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
