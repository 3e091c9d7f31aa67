// HTTP-level hardening against `next start` (issue 13, points 20, 21, 24; issue 27 points 2, 11):
// forged cross-site writes are refused, a chunked upload, sign-in or JSON body is cut off at its size
// limit while it streams, and pages (prefetches too) run scripts only with a per-request CSP nonce,
// and still hydrate.
import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { apiSignIn, USERS } from "./helpers";

const FOREIGN = "https://evil.example";
const annotation = { segmentId: "no-such-segment", field: "FLUENCY", value: 3, baseVersion: 0 };

async function signedIn(baseURL: string | undefined, email: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  await apiSignIn(ctx, email);
  return ctx;
}

test.describe("CSRF: state-changing API requests must be same-origin JSON (or multipart for uploads)", () => {
  test("a foreign Origin, a cross-site Sec-Fetch-Site and a text/plain body are refused before anything runs", async ({ baseURL }) => {
    const ctx = await signedIn(baseURL, USERS.annotator);
    const put = (headers: Record<string, string>, data: string | object) => ctx.put("/api/projects/demo/annotations", { headers, data });

    // what a cross-site page's fetch or form would send, cookies included
    const foreign = await put({ Origin: FOREIGN, "Content-Type": "application/json" }, annotation);
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).error.message).toContain("Origin https://evil.example");
    expect((await put({ "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" }, annotation)).status()).toBe(403);
    expect((await put({ "Sec-Fetch-Site": "same-site", "Content-Type": "application/json" }, annotation)).status()).toBe(403);
    expect((await put({ Origin: "null", "Content-Type": "application/json" }, annotation)).status()).toBe(403);
    // the body type an HTML form can send without a preflight
    const plain = await put({ Origin: baseURL!, "Content-Type": "text/plain;charset=UTF-8" }, JSON.stringify(annotation));
    expect(plain.status()).toBe(415);
    expect((await plain.json()).error.message).toMatch(/application\/json/);
    expect((await put({ "Content-Type": "application/x-www-form-urlencoded" }, "segmentId=x")).status()).toBe(415);

    // the app's own requests get through the guard to the handler, which refuses the input (400)
    expect((await put({ Origin: baseURL!, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" }, annotation)).status()).toBe(400);
    // non-browser clients (no Origin, no Sec-Fetch-Site) with JSON, as the e2e helpers and scripts
    expect((await put({ "Content-Type": "application/json" }, annotation)).status()).toBe(400);
    await ctx.dispose();
  });

  test("the upload route takes multipart from this origin only", async ({ baseURL }) => {
    const ctx = await signedIn(baseURL, USERS.manager);
    const file = { name: "x.jsonl", mimeType: "text/plain", buffer: Buffer.from("{}\n") };
    const foreign = await ctx.post("/api/projects/demo/import", { headers: { Origin: FOREIGN }, multipart: { file, dryRun: "1" } });
    expect(foreign.status()).toBe(403);
    const plain = await ctx.post("/api/projects/demo/import", { headers: { Origin: baseURL!, "Content-Type": "text/plain" }, data: "file=x" });
    expect(plain.status()).toBe(415);
    expect((await plain.json()).error.message).toMatch(/multipart\/form-data/);
    // same origin, multipart: reaches the importer (which refuses the file's content)
    const own = await ctx.post("/api/projects/demo/import", { headers: { Origin: baseURL! }, multipart: { file, dryRun: "1" } });
    expect(own.status()).toBe(422);
    await ctx.dispose();
  });

  test("server actions refuse a foreign Origin (Next.js's own check)", async ({ baseURL }) => {
    const distDir = process.env.NEXT_DIST_DIR || ".next";
    const manifest = JSON.parse(readFileSync(path.join(distDir, "server/server-reference-manifest.json"), "utf8")) as {
      node: Record<string, { filename: string; exportedName: string }>;
    };
    const id = Object.entries(manifest.node).find(([, a]) => a.exportedName === "setActivePosAction")?.[0];
    expect(id, "setActivePosAction in the build").toBeTruthy();
    const ctx = await signedIn(baseURL, USERS.manager);
    const call = (origin: string) =>
      ctx.fetch("/projects/demo/settings", {
        method: "POST",
        headers: { "Next-Action": id!, "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component", Origin: origin },
        data: JSON.stringify([{ slug: "demo", activePos: ["NOUN", "VERB", "ADJ", "ADV"] }]),
        maxRedirects: 0,
      });
    const own = await call(baseURL!);
    expect(await own.text()).toMatch(/"ok":true/);
    const foreign = await call(FOREIGN);
    expect(foreign.status()).toBeGreaterThanOrEqual(400);
    expect(await foreign.text()).not.toMatch(/"ok":true/);
    await ctx.dispose();
  });
});

/**
 * Streams `head`, then filler chunks up to `total` bytes, then `tail`, without a Content-Length (Node
 * sends Transfer-Encoding: chunked), stopping as soon as the server answers; resolves with the answer
 * and how much had been written when it came.
 */
function postChunked(url: URL, opts: { method?: string; headers: Record<string, string>; head: string; tail: string; total: number }): Promise<{ status: number; body: string; sentWhenAnswered: number }> {
  const chunk = Buffer.alloc(256 * 1024, "x");
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(url, { method: opts.method ?? "POST", headers: opts.headers }, (res) => {
      answered = true;
      const at = sent;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: text, sentWhenAnswered: at });
      });
    });
    req.on("error", (e) => (answered ? undefined : reject(e)));
    const pump = () => {
      while (!answered && sent < opts.total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end(opts.tail);
    };
    req.write(opts.head);
    pump();
  });
}

test("a chunked upload is refused with 413 once it passes the limit, long before its end", async ({ baseURL }) => {
  const ctx = await signedIn(baseURL, USERS.manager);
  const cookie = (await ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  await ctx.dispose();
  const limit = 8 * 1024 * 1024; // TROPOS_MAX_UPLOAD_MB in playwright.config.ts
  const boundary = "----tropos-chunked";
  const { status, body, sentWhenAnswered } = await postChunked(new URL("/api/projects/demo/import", baseURL), {
    headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    head: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jsonl"\r\nContent-Type: text/plain\r\n\r\n`,
    tail: `\r\n--${boundary}--\r\n`,
    total: 700 * 1024 * 1024,
  });
  expect(status).toBe(413);
  expect(JSON.parse(body).error.message).toMatch(/larger than the limit of 8 MB/);
  // the server stopped at the limit: what was on the wire when it answered is the limit plus
  // socket buffers, not the 700 MB (before the fix it read everything, then refused)
  expect(sentWhenAnswered).toBeLessThan(4 * limit);
});

test("a chunked sign-in post and a chunked JSON save are refused with 413 while they stream (issue 27 point 2)", async ({ baseURL }) => {
  // next-auth's credentials callback, open to anyone: 16 kB (lib/http/body-limits.ts)
  const signIn = await postChunked(new URL("/api/auth/callback/credentials", baseURL), {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    head: "csrfToken=x&email=a%40b.c&password=",
    tail: "",
    total: 200 * 1024 * 1024,
  });
  expect(signIn.status).toBe(413);
  // the limit plus socket buffers, not the 200 MB
  expect(signIn.sentWhenAnswered).toBeLessThan(32 * 1024 * 1024);
  // a JSON route, as a signed-in annotator: 1 MB
  const ctx = await signedIn(baseURL, USERS.annotator);
  const cookie = (await ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  await ctx.dispose();
  const save = await postChunked(new URL("/api/projects/demo/annotations", baseURL), {
    method: "PUT",
    headers: { cookie, "content-type": "application/json" },
    head: '{"segmentId":"',
    tail: '"}',
    total: 200 * 1024 * 1024,
  });
  expect(save.status).toBe(413);
  expect(JSON.parse(save.body).error.code).toBe("PAYLOAD_TOO_LARGE");
  expect(save.sentWhenAnswered).toBeLessThan(32 * 1024 * 1024);
});

test.describe("CSP: scripts run only with a per-request nonce", () => {
  function scriptSrc(policy: string): string {
    return policy.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src")) ?? "";
  }

  test("every page response has its own nonce and no 'unsafe-inline' for scripts; Next's scripts carry it", async ({ request }) => {
    const nonces = new Set<string>();
    for (const path of ["/signin", "/signin", "/projects"]) {
      const res = await request.get(path);
      const policy = res.headers()["content-security-policy"];
      expect(policy, path).toContain("frame-ancestors 'none'");
      const src = scriptSrc(policy);
      expect(src).not.toContain("'unsafe-inline'");
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(src)?.[1];
      expect(nonce, `nonce in ${src}`).toBeTruthy();
      nonces.add(nonce!);
      if (res.headers()["content-type"]?.includes("text/html")) {
        const html = await res.text();
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
        expect(scripts.length).toBeGreaterThan(0);
        for (const s of scripts) expect(s, "every script tag has the response's nonce").toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonces.size).toBe(3);
    // API answers: nothing may run
    const api = await request.get("/api/health");
    expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test("prefetches of a page get the page policy too, each with its own nonce (issue 27, point 11)", async ({ request }) => {
    const nonces = new Set<string>();
    // what the App Router's <Link> prefetch sends, and the browser-level prefetch header
    const prefetches: Record<string, string>[] = [{ "Next-Router-Prefetch": "1", RSC: "1" }, { Purpose: "prefetch" }, { "Sec-Purpose": "prefetch", Purpose: "prefetch" }];
    for (const headers of prefetches) {
      const res = await request.get("/signin", { headers });
      const policy = res.headers()["content-security-policy"];
      expect(policy, JSON.stringify(headers)).toContain("frame-ancestors 'none'");
      expect(res.headers()["x-content-type-options"]).toBe("nosniff");
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc(policy))?.[1];
      expect(nonce, JSON.stringify(headers)).toBeTruthy();
      nonces.add(nonce!);
      // served over http (NEXTAUTH_URL is http here): no HSTS
      expect(res.headers()["strict-transport-security"]).toBeUndefined();
    }
    expect(nonces.size).toBe(3);
  });

  test("pages hydrate under the policy with no CSP violation (sign-in form answers without a reload)", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto("/signin");
    // an unknown account: no demo account collects a failed sign-in
    await page.getByLabel("Email").fill("nobody@nowhere.example");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // shown by the client component: only a hydrated page can do this without navigating
    await expect(page.getByTestId("form-error")).toHaveText("Wrong email or password.");
    expect(page.url()).not.toContain("password");
    expect(violations).toEqual([]);
  });

  test("an inline script injected into the page's markup does not run", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // what a stored XSS would do: the server's own response, headers and all, with a script added
    await page.route("**/signin", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("</body>", "<script>window.__injected = true</script></body>");
      await route.fulfill({ response, body: html });
    });
    await page.goto("/signin");
    await expect(page.getByLabel("Email")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });
});
