// A project lead's first week (issue 29): what a new project on a lab's own scheme says where it
// used to say nothing. The spec makes its own project through the CLI.
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const slug = `e2e-first-week-${Date.now().toString(36)}`;

test.beforeAll(() => {
  tropos("project", "create", slug, "--name", "First week", "--scheme", "lib/schemes/language/fixtures/idiom-judgement.json", "--target-lang", "fr", "--manager", USERS.manager);
});

test("an empty adjudication queue says why it is empty, and the gold export of a scheme without post-edits says why it is bare (point 9)", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/adjudication`);
  const empty = page.getByTestId("queue-table").getByTestId("table-empty");
  await expect(empty).toContainText("No unit has values from two or more annotators yet");
  await expect(empty).not.toHaveText("Nothing yet.");
  await screenshot(page, "adjudication-queue-empty-reason");

  await page.goto(`/projects/${slug}/import`);
  await page.getByLabel("What").selectOption("gold");
  await expect(page.getByTestId("export-note")).toContainText("no post-edit field, so it has no gold references");
  await page.getByLabel("What").selectOption("adjudicated");
  await expect(page.getByTestId("export-note")).toHaveCount(0);
});

test("the dashboard's Agreement JSON downloads as a file instead of opening in the tab (point 10)", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/dashboard`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Agreement JSON" }).click()]);
  expect(download.suggestedFilename()).toBe(`${slug}-agreement.json`);
  await expect(page).toHaveURL(new RegExp(`/projects/${slug}/dashboard`));
});

test("a queue of 50,000 items is read a page at a time, searched, filtered and sorted (point 5)", async ({ page }) => {
  // 50,000 segments assigned to annotator 2 in a project of their own, written straight in SQL
  const big = `${slug}-big`;
  tropos("project", "create", big, "--name", "Big queue", "--manager", USERS.manager);
  const pg = new (await import("pg")).default.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ project: string; user: string }>(`SELECT p.id AS project, u.id AS user FROM "Project" p, "User" u WHERE p.slug = $1 AND u.email = $2`, [big, USERS.annotator2]);
    const { project, user } = rows[0];
    await pg.query(`INSERT INTO "ProjectMember" (id, "projectId", "userId", role) VALUES (gen_random_uuid()::text, $1, $2, 'ANNOTATOR')`, [project, user]);
    await pg.query(
      `WITH d AS (INSERT INTO "Document" (id, "projectId", "externalId", language, position) VALUES ($1 || '-doc', $1, 'big', 'en', 0) RETURNING id)
       INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language)
       SELECT $1 || '-s' || i, $1, (SELECT id FROM d), 'big-' || lpad(i::text, 5, '0'), i, 'Sentence ' || i || ': the market ran out of steam.', 'en'
       FROM generate_series(1, 50000) i`,
      [project],
    );
    await pg.query(
      `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", status, position)
       SELECT $1 || '-a' || i, $1, $2, $1 || '-s' || i, (CASE WHEN i % 5 = 0 THEN 'DONE' ELSE 'TODO' END)::"AssignmentStatus", i - 1
       FROM generate_series(1, 50000) i`,
      [project, user],
    );
  } finally {
    await pg.end();
  }

  await signIn(page, USERS.annotator2);
  const started = Date.now();
  await page.goto(`/projects/${big}/queue`);
  await expect(page.getByTestId("table-range")).toHaveText("1–50 of 50,000");
  console.log(`[e2e] a queue of 50,000 items rendered in ${Date.now() - started} ms (the target lives in npm run bench)`);
  await expect(page.getByTestId("queue-row")).toHaveCount(50);
  await expect(page.getByTestId("queue-progress")).toHaveText("10000 / 50000 done · 0 min spent");
  await screenshot(page, "queue-50000");

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("table-range")).toHaveText("51–100 of 50,000");
  await expect(page.getByTestId("queue-row").first()).toContainText("Sentence 51:");

  await page.getByTestId("queue-search").fill("big-04321");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("table-range")).toHaveText("1–1 of 1");
  await expect(page.getByTestId("queue-row").first()).toContainText("Sentence 4321:");

  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByTestId("table-range")).toHaveText("1–50 of 50,000");
  await expect(page.getByTestId("queue-search")).toHaveValue("");
  await page.getByLabel("Status").selectOption("DONE");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("table-range")).toHaveText("1–50 of 10,000");
  await page.getByRole("button", { name: /^Time/ }).click();
  await expect(page).toHaveURL(/sort=time/);
});

test("the adjudication queue is paged and searched by sentence (point 5)", async ({ page }) => {
  await signIn(page, USERS.adjudicator);
  await page.goto("/projects/demo/adjudication?size=25");
  const range = page.getByTestId("table-range");
  await expect(range).toHaveText(/^1–\d+ of \d+/);
  const total = Number((await range.textContent())!.replace(/,/g, "").match(/of (\d+)/)![1]);
  expect(await page.getByTestId("queue-sentence").count()).toBe(Math.min(25, total));
  await page.getByTestId("adjudication-search").fill("demo-doc-2-s1");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/q=demo-doc-2-s1/);
  const ids = await page.getByTestId("queue-sentence").locator("span:nth-child(2)").allTextContents();
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(id).toMatch(/^demo-doc-2-s1\d*$/);
});

test("the project list pages and is searched by name or slug (point 5)", async ({ page }) => {
  await signIn(page, USERS.admin);
  // the spec's own project (and its big-queue project when that test ran in this worker)
  await page.goto(`/projects?q=${encodeURIComponent(slug)}`);
  await expect(page.getByTestId("project-range")).toHaveText(/^1–[12] of [12]$/);
  await expect(page.getByTestId("project-list").getByRole("link", { name: /First week/ })).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search projects by name or slug" }).fill("no such project anywhere");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No project of yours matches “no such project anywhere”.")).toBeVisible();
});
