// Issue 13, points 10–12: a manager's assignment form gives work of the project's scheme (one
// assignment per item for the whole scheme, issue 28) to real members (not the accounts an import
// created for names in a file); an adjudicator exports gold
// references and adjudicated labels (and nothing else) from the export page; the demo ships
// finished work, so the adjudication queue is not empty and names sentences, not ids.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const SLUG = `assign-e2e-${Date.now().toString(36)}`;

test.beforeAll(() => {
  // a MetaHOPE-only project whose imported work was done by "Pilot A" (no email: the import makes
  // the project's placeholder rater pilot-a@<project id>.annotators.tropos.local for it)
  tropos("project", "create", SLUG, "--name", "Assignment defaults", "--source-lang", "en", "--target-lang", "zh", "--scheme", "metahope", "--manager", USERS.manager);
  const J = (o: unknown) => JSON.stringify(o);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "tropos-e2e-")), "pilot.jsonl");
  writeFileSync(
    file,
    [
      J({ type: "document", externalId: "d1", language: "en" }),
      J({ type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "Prices skyrocketed.", language: "en", metaphorical: true }),
      J({ type: "mrw", segmentId: "s1", externalId: "m1", spans: [{ start: 7, end: 18 }], token: "skyrocketed", pos: "VERB", active: true, metaphorical: true }),
      J({ type: "segment", documentId: "d1", externalId: "s2", index: 1, text: "The plan hit a wall.", language: "en", metaphorical: true }),
      J({ type: "translation", segmentId: "s1", system: "A", language: "zh", text: "价格飞涨。" }),
      J({ type: "translation", segmentId: "s2", system: "A", language: "zh", text: "计划碰壁了。" }),
      J({ type: "annotation", annotator: "Pilot A", segmentId: "s1", system: "A", mrwId: "m1", field: "ALIGNMENT", value: { pattern: "DIRECT", spans: [{ start: 2, end: 4 }] } }),
    ].join("\n"),
  );
  tropos("import", file, "--project", SLUG);
});

test("assignments default to the project's scheme and to real members, not import accounts", async ({ page }) => {
  await signIn(page, USERS.manager);
  // a real annotator joins the project
  const put = await page.request.put(`/api/projects/${SLUG}/members`, { data: { email: USERS.annotator, roles: ["ANNOTATOR"] } });
  expect(put.status()).toBe(200);

  await page.goto(`/projects/${SLUG}/settings`);
  const form = page.getByRole("region", { name: "Assignments" });
  // one assignment per item for the project's scheme: nothing to choose, the form names it
  await expect(form.getByLabel("Scheme")).toHaveCount(0);
  await expect(form.getByTestId("assign-scheme")).toContainText(/MetaHOPE.*\(version 1\), every field/);
  // and has no scheme field a browser could send
  await expect(form.locator('[name="scheme"]')).toHaveCount(0);
  // nobody is ticked: whom new work goes to is a choice (issue 29 point 2)
  const annotator1 = form.getByRole("checkbox", { name: new RegExp(USERS.annotator.replace(/[.@]/g, "\\$&")) });
  await expect(annotator1).not.toBeChecked();
  await annotator1.check();
  const imported = form.getByTestId("imported-annotators").getByRole("checkbox", { name: /pilot-a \(imported\)/ });
  await expect(imported).toBeVisible();
  await expect(imported).not.toBeChecked();
  await screenshot(page, "assignment-defaults");

  await form.getByRole("button", { name: "Create assignments" }).click();
  // one annotator per item, counting the project's annotators only: Pilot A's imported work on s1
  // does not stand in for a person, so annotator 1 gets both items
  await expect(page.getByTestId("assign-message")).toContainText("Created 2 assignments");

  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  const { rows } = await db.query<{ email: string; segment: string }>(
    `SELECT u.email, s."externalId" AS segment FROM "Assignment" a JOIN "User" u ON u.id = a."annotatorId"
      JOIN "Segment" s ON s.id = a."segmentId" JOIN "Project" p ON p.id = a."projectId" WHERE p.slug = $1 ORDER BY 1, 2`,
    [SLUG],
  );
  await db.end();
  // one assignment per annotator and item; annotator 1 has s2; the import account has at most its imported s1
  expect(rows.filter((r) => r.email === USERS.annotator).map((r) => r.segment)).toEqual(["s1", "s2"]);
  expect(rows.filter((r) => r.email !== USERS.annotator)).toEqual(rows.filter((r) => /^pilot-a@[a-z0-9-]+\.annotators\.tropos\.local$/.test(r.email) && r.segment === "s1"));
});

test("a lead moves, rebalances and withdraws assignments, and a removed member's items go back to the pool (issue 29 point 2)", async ({ page }) => {
  await signIn(page, USERS.manager);
  expect((await page.request.put(`/api/projects/${SLUG}/members`, { data: { email: USERS.annotator2, roles: ["ANNOTATOR"] } })).status()).toBe(200);
  await page.goto(`/projects/${SLUG}/settings`);
  const fix = page.getByTestId("assignment-corrections");
  // by the row's own email cell (another row's move menu lists every annotator's address)
  const row = (email: string) => fix.getByTestId("workload-row").filter({ has: page.getByTestId("workload-email").getByText(email, { exact: true }) });
  await expect(row(USERS.annotator).getByTestId("workload-not-started")).toHaveText("2");

  // move annotator 1's two items to annotator 2
  await fix.getByLabel(`move the not-started items of ${USERS.annotator} to`).selectOption(USERS.annotator2);
  await row(USERS.annotator).getByRole("button", { name: "Move" }).click();
  await expect(fix.getByTestId("correction-confirm")).toContainText(`Move the 2 not-started item(s) of ${USERS.annotator} to ${USERS.annotator2}?`);
  await fix.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("correction-message")).toHaveText(`Moved 2 item(s) from ${USERS.annotator} to ${USERS.annotator2}.`);
  await expect(row(USERS.annotator2).getByTestId("workload-not-started")).toHaveText("2");

  // rebalance the two: one each
  await fix.getByLabel(`rebalance ${USERS.annotator}`).check();
  await fix.getByLabel(`rebalance ${USERS.annotator2}`).check();
  await fix.getByRole("button", { name: "Rebalance the ticked annotators" }).click();
  await fix.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("correction-message")).toContainText("Moved 1 item(s)");
  await expect(row(USERS.annotator).getByTestId("workload-not-started")).toHaveText("1");
  await expect(row(USERS.annotator2).getByTestId("workload-not-started")).toHaveText("1");
  await screenshot(page, "assignment-corrections");

  // withdraw annotator 2's item
  await row(USERS.annotator2).getByRole("button", { name: "Withdraw not started" }).click();
  await fix.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("correction-message")).toHaveText(`Withdrew 1 item(s) of ${USERS.annotator2}.`);

  // removing annotator 1 from the project says what happens to their work, and returns their item to the pool
  await page.goto(`/projects/${SLUG}/members`);
  await page.getByRole("row", { name: new RegExp(USERS.annotator.replace(/[.@]/g, "\\$&")) }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("confirm-removal")).toContainText("their 1 item not started is withdrawn");
  await screenshot(page, "member-removal-confirm");
  await page.getByTestId("confirm-removal").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("form-message")).toContainText(`Removed ${USERS.annotator}. 1 not-started item was withdrawn.`);

  // both items are free again: one annotator per item gives both to annotator 2
  await page.goto(`/projects/${SLUG}/settings`);
  const form = page.getByRole("region", { name: "Assignments" });
  await form.getByRole("checkbox", { name: new RegExp(USERS.annotator2.replace(/[.@]/g, "\\$&")) }).check();
  await form.getByLabel("Annotators per item").fill("1");
  await form.getByRole("button", { name: "Create assignments" }).click();
  await expect(page.getByTestId("assign-message")).toContainText("Created 2 assignments");
});

test("an adjudicator exports gold references and adjudicated labels, and nothing else", async ({ page }) => {
  await signIn(page, USERS.adjudicator);
  await page.goto("/projects/demo");
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Export" }).click();
  await expect(page).toHaveURL(/\/projects\/demo\/import$/);
  await expect(page.getByRole("heading", { name: "Export", exact: true }).first()).toBeVisible();
  // no import form for adjudicators
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  const what = page.getByLabel("What");
  await expect(what.locator("option")).toHaveText(["Adjudicated labels", "Gold references with provenance"]);
  await screenshot(page, "export-adjudicator");

  await what.selectOption("gold");
  const href = await page.getByTestId("export-download").getAttribute("href");
  const gold = await page.request.get(href!);
  expect(gold.status()).toBe(200);
  expect(gold.headers()["content-disposition"]).toMatch(/attachment/);
  expect((await page.request.get("/api/projects/demo/export?what=adjudicated&format=csv")).status()).toBe(200);
  // everyone's raw annotations stay with managers
  expect((await page.request.get("/api/projects/demo/export?what=annotations&format=csv")).status()).toBe(403);
  expect((await page.request.post("/api/projects/demo/import", { multipart: { file: { name: "x.jsonl", mimeType: "application/json", buffer: Buffer.from("{}") } } })).status()).toBe(403);
});

test("the demo's adjudication queue has disagreements on a first visit and shows their sentences", async ({ page }) => {
  await signIn(page, USERS.adjudicator);
  await page.goto("/projects/demo/adjudication");
  const sentences = page.getByTestId("queue-sentence");
  expect(await sentences.count()).toBeGreaterThan(10);
  const first = sentences.first();
  // the sentence itself, with its id small beneath it
  await expect(first).toContainText(/[A-Za-z]+ [a-z]+ [a-z]+/);
  await expect(first.locator("span").nth(1)).toHaveText(/^demo-doc-[23]-s\d+$/);
  await screenshot(page, "adjudication-queue-demo");
  await first.click();
  await expect(page.getByTestId("adjudication-item")).toBeVisible();
});
