// Every route and server action × every kind of caller, over real HTTP against `next start`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { ACTIONS, CALLERS, ROUTES, type Caller } from "./access-matrix";
import { apiSignIn, USERS } from "./helpers";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const appPaths = Object.keys(JSON.parse(readFileSync(path.join(distDir, "server/app-paths-manifest.json"), "utf8")));
const actionManifest = JSON.parse(readFileSync(path.join(distDir, "server/server-reference-manifest.json"), "utf8")) as {
  node: Record<string, { filename: string; exportedName: string }>;
};
const actions = Object.entries(actionManifest.node).map(([id, a]) => ({ id, key: `${a.filename}#${a.exportedName}` }));

const EMAIL: Record<Exclude<Caller, "anonymous">, string> = {
  outsider: USERS.outsider,
  annotator: USERS.annotator,
  adjudicator: USERS.adjudicator,
  manager: USERS.manager,
  admin: USERS.admin,
};

test("every route and server action of the build has an entry in the access matrix", () => {
  expect(appPaths.filter((p) => !(p in ROUTES)), "routes missing from e2e/access-matrix.ts").toEqual([]);
  expect(actions.map((a) => a.key).filter((k) => !(k in ACTIONS)), "server actions missing from e2e/access-matrix.ts").toEqual([]);
});

for (const caller of CALLERS) {
  test(`access matrix as ${caller}`, async ({ baseURL }) => {
    const ctx: APIRequestContext = await playwrightRequest.newContext({ baseURL });
    if (caller !== "anonymous") await apiSignIn(ctx, EMAIL[caller]);
    const failures: string[] = [];
    for (const [route, checks] of Object.entries(ROUTES)) {
      for (const c of checks) {
        const res = await ctx.fetch(c.path, { method: c.method, data: c.body, maxRedirects: 0 });
        if (res.status() !== c.expect[caller]) failures.push(`${c.method} ${c.path} (${route}): got ${res.status()}, want ${c.expect[caller]}`);
        if (res.status() >= 400 && c.path.startsWith("/api/")) {
          const body = await res.text();
          if (/passwordHash|\$argon2/.test(body)) failures.push(`${c.path} leaks a password hash`);
        }
      }
    }
    for (const a of actions) {
      const check = ACTIONS[a.key];
      if (!check) continue;
      const res = await ctx.fetch(check.page, {
        method: "POST",
        headers: { "Next-Action": a.id, "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component" },
        data: JSON.stringify(check.args),
        maxRedirects: 0,
      });
      const body = await res.text();
      const got = /"ok":true/.test(body) ? "ok" : (body.match(/"code":"([A-Z_]+)"/)?.[1] ?? `HTTP ${res.status()}`);
      if (got !== check.expect[caller]) failures.push(`action ${a.key}: got ${got}, want ${check.expect[caller]}`);
    }
    expect(failures).toEqual([]);
    await ctx.dispose();
  });
}
