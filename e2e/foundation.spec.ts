// Sign in as each demo role, see what that role should see, be refused what it should not.
import { expect, test } from "@playwright/test";
import { PASSWORD, screenshot, signIn, USERS } from "./helpers";

test("sign-in page refuses a wrong password without saying whether the email exists", async ({ page }) => {
  await page.goto("/signin");
  await screenshot(page, "signin");
  await page.getByLabel("Email").fill(USERS.manager);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("form-error")).toHaveText("Wrong email or password.");
  await page.getByLabel("Email").fill("nobody@nowhere.example");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("form-error")).toHaveText("Wrong email or password.");
});

test("session cookie is httpOnly and SameSite", async ({ page, context }) => {
  await signIn(page, USERS.annotator);
  const cookie = (await context.cookies()).find((c) => c.name.includes("next-auth.session-token"));
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
});

test("manager sees the project overview with live counts and manages members", async ({ page }) => {
  await signIn(page, USERS.manager);
  await expect(page.getByTestId("project-list")).toContainText("Demo: metaphors in the news (EN→ZH)");
  await screenshot(page, "projects-manager");
  await page.getByRole("link", { name: /Demo: metaphors in the news \(EN→ZH\)/ }).click();
  await expect(page.getByTestId("count-segments")).toHaveText("25");
  await expect(page.getByTestId("count-mt-systems")).toHaveText("3");
  await expect(page.getByTestId("count-translations")).toHaveText("75");
  await expect(page.getByTestId("progress-table")).toContainText(USERS.annotator);
  await expect(page.getByTestId("progress-table")).toContainText(USERS.annotator3);
  await screenshot(page, "project-overview-manager");

  await page.getByRole("link", { name: "Members" }).click();
  await expect(page.getByTestId("members-table")).toContainText(USERS.adjudicator);
  // give the outsider an adjudicator role, then take it away again
  await page.getByLabel("Add member by email").fill(USERS.outsider);
  await page.getByRole("checkbox", { name: "annotator", exact: true }).uncheck();
  await page.getByRole("checkbox", { name: "adjudicator", exact: true }).check();
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("form-message")).toContainText(`Saved roles of ${USERS.outsider}`);
  await expect(page.getByTestId("members-table")).toContainText(USERS.outsider);
  await screenshot(page, "members-manager");
  await page.getByRole("row", { name: new RegExp(USERS.outsider) }).getByRole("button", { name: "Remove" }).click();
  // a removal is confirmed first, with what happens to the member's work (issue 29 point 2)
  await expect(page.getByTestId("confirm-removal")).toContainText(`Remove ${USERS.outsider} from the project? they have no assigned items`);
  await page.getByTestId("confirm-removal").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("form-message")).toContainText(`Removed ${USERS.outsider}`);
  await expect(page.getByTestId("members-table")).not.toContainText(USERS.outsider);
});

test("the last manager cannot be removed", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto("/projects/demo/members");
  await page.getByRole("row", { name: new RegExp(USERS.manager) }).getByRole("button", { name: "Remove" }).click();
  await page.getByTestId("confirm-removal").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("form-message")).toContainText("at least one manager");
});

test("annotator sees only their own progress and gets a 403 page on the member page", async ({ page }) => {
  await signIn(page, USERS.annotator);
  await page.goto("/projects/demo");
  await expect(page.getByTestId("progress-table")).toContainText(USERS.annotator);
  await expect(page.getByTestId("progress-table")).not.toContainText(USERS.annotator2);
  await expect(page.getByRole("link", { name: "Members" })).toHaveCount(0);
  await screenshot(page, "project-overview-annotator");
  const res = await page.goto("/projects/demo/members");
  expect(res?.status()).toBe(403);
  await expect(page.getByText("403 — Forbidden")).toBeVisible();
  await screenshot(page, "forbidden-annotator");
});

test("adjudicator sees every annotator's progress but not the member page", async ({ page }) => {
  await signIn(page, USERS.adjudicator);
  await page.goto("/projects/demo");
  await expect(page.getByTestId("progress-table")).toContainText(USERS.annotator2);
  const res = await page.goto("/projects/demo/members");
  expect(res?.status()).toBe(403);
});

test("an annotator of another project gets a 404 for this one and sees only their project", async ({ page }) => {
  await signIn(page, USERS.outsider);
  await expect(page.getByTestId("project-list")).toContainText("Another team's project");
  await expect(page.getByTestId("project-list")).not.toContainText("Demo");
  const res = await page.goto("/projects/demo");
  expect(res?.status()).toBe(404);
});

test("site admin sees every project", async ({ page }) => {
  await signIn(page, USERS.admin);
  await expect(page.getByTestId("project-list")).toContainText("Another team's project");
  await expect(page.getByTestId("project-list")).toContainText("Demo: metaphors in the news (EN→IT)");
});

test("anonymous visitors are sent to sign-in, and sign-out ends the session", async ({ page, context }) => {
  await page.goto("/projects/demo");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fprojects%2Fdemo/);
  await page.getByLabel("Email").fill(USERS.annotator2);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/demo$/);
  // someone copies the session cookie before the user signs out (issue 13, point 22)
  const copied = await context.cookies();
  await page.goto("/signout");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/signin/);
  // the copy was valid a minute ago; sign-out ended the session on the server, so it is refused
  await context.addCookies(copied);
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get("/api/projects/demo")).status()).toBe(401);
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
});

test("a signed-out visit to a project page comes back to that page after sign-in", async ({ page }) => {
  // issue 13, point 14: the project layout used to redirect with the project's own path
  await page.goto("/projects/demo/queue");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fprojects%2Fdemo%2Fqueue$/);
  await page.getByLabel("Email").fill(USERS.annotator2);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/demo\/queue$/);
});

test("after sign-in, a callbackUrl that a browser reads as another host is not followed", async ({ page, baseURL }) => {
  // issue 13, point 15: "/\\evil.example" passed the old startsWith("/") check; browsers read it as //evil.example
  for (const callbackUrl of ["/\\evil.example/", "/\t/evil.example/", "https://evil.example/"]) {
    await page.context().clearCookies();
    await page.goto(`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    await page.getByLabel("Email").fill(USERS.annotator2);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/projects`);
  }
  // next-auth's own endpoints apply the same check (redirect callback)
  const csrf = await (await page.request.get("/api/auth/csrf")).json();
  for (const callbackUrl of ["//evil.example/x", "/\\evil.example", "https://evil.example/x", "javascript:alert(1)"]) {
    const res = await page.request.post("/api/auth/callback/credentials", {
      form: { csrfToken: csrf.csrfToken, email: USERS.annotator2, password: PASSWORD, callbackUrl, json: "true" },
      maxRedirects: 0,
    });
    const target = res.headers()["location"] ?? (await res.json()).url;
    expect(new URL(target, baseURL).origin).toBe(new URL(baseURL!).origin);
    expect(target).not.toContain("evil.example");
  }
});

test("health endpoint reports the database and security headers are set", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect((await res.json()).database).toBe("reachable");
  const page = await request.get("/signin");
  const h = page.headers();
  expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["x-powered-by"]).toBeUndefined();
});

test("the site has a favicon, served to signed-out visitors too (issue 13, point 14)", async ({ request }) => {
  const res = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  const body = await res.body();
  // an ICO file: reserved 0, type 1 (icon), at least one image
  expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1]);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);
  // the logo in the header and robots.txt (nothing here is for search engines)
  expect((await request.get("/logo.svg", { maxRedirects: 0 })).status()).toBe(200);
  const robots = await request.get("/robots.txt", { maxRedirects: 0 });
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("Disallow: /");
  // the scheme language's JSON Schema, for editors (README: Annotation schemes)
  const schema = await request.get("/schemas/tropos-scheme.schema.json", { maxRedirects: 0 });
  expect(schema.status()).toBe(200);
  expect((await schema.json()).$schema).toMatch(/json-schema\.org/);
});
