import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium where it exists (this machine and CI: Playwright cannot download browsers
// offline); Playwright's own browser elsewhere (`npx playwright install chromium`).
const systemChromium = "/usr/bin/chromium";
const launchOptions = existsSync(systemChromium)
  ? {
      executablePath: systemChromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }
  : {};

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    viewport: { width: 1366, height: 768 },
    launchOptions,
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 768 }, launchOptions } }],
  webServer: {
    // scripts/test.sh builds once and prepares a fresh database in E2E_DATABASE_URL
    // idle connections kept open longer than any pause in a test: with Node's default 5 s, a
    // request (page.request) could go out on a socket the server was closing that moment and fail
    // with "read ECONNRESET" (seen once, after a test's 5 s in another browser context)
    command: `node_modules/.bin/next start -p ${port} -H 127.0.0.1 --keepAliveTimeout 120000`,
    // NEXT_DIST_DIR (if set) is inherited, so the server serves the build the test run made
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789",
      NEXTAUTH_URL: baseURL,
      // small enough that the oversized-upload test stays quick
      TROPOS_MAX_UPLOAD_MB: "8",
      // e2e/models.spec.ts's model server runs on loopback, which endpoints may reach only when listed
      TROPOS_MODEL_HOSTS: "127.0.0.1",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
