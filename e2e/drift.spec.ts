// Drift alerts in real Chromium (issue 31 point 4): the scripted study of
// lib/reports/fixtures/drift-script.ts (four annotators, d's labels move after item 30) imported with
// the CLI into a project on the drift scheme, submissions dated item by item and the window set to
// 10 in SQL. The manager opens the dashboard: the Drift panel flags d (40 % against the panel's
// interval) with the six items that moved it, latest first, linking to the adjudication page; a, b
// and c are not flagged; the bell then holds one drift notification, and a second view adds none.
// Accuracy on hidden gold checks (answers seeded in SQL: d wrong on 6 of its last 10) is flagged on
// a row of its own with its own notification. An annotator has no dashboard (403) and so no panel.
// Screenshots in e2e/screenshots/.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { sql } from "./sql";
import { tropos } from "./tropos";
import { DRIFT_SCHEME_SOURCE, DRIFT_SCRIPT_WINDOW, DRIFT_SUBMISSION_TIMES_SQL, DRIFTED_ITEMS, driftItemId, driftScriptJsonl } from "../lib/reports/fixtures/drift-script";

const slug = `e2e-drift-${Date.now().toString(36)}`;
const email = (who: string) => `drift-${who}@e2e.tropos`;

test.beforeAll(async () => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const dir = mkdtempSync(path.join(tmpdir(), "tropos-drift-"));
  const scheme = path.join(dir, "drift.json");
  writeFileSync(scheme, JSON.stringify(DRIFT_SCHEME_SOURCE));
  const { corpus, values } = driftScriptJsonl(email);
  const file = path.join(dir, "drift-study.jsonl");
  writeFileSync(file, [...corpus, ...values].join("\n"));
  tropos("project", "create", slug, "--name", "Drift study", "--scheme", scheme, "--source-lang", "en", "--target-lang", "fr", "--manager", USERS.manager);
  tropos("import", file, "--project", slug);
  const [p] = await sql<{ id: string }>(`SELECT id FROM "Project" WHERE slug = $1`, [slug]);
  await sql(DRIFT_SUBMISSION_TIMES_SQL, [p.id]);
  await sql(`INSERT INTO "DriftSetting" ("projectId", "window") VALUES ($1, $2)`, [p.id, DRIFT_SCRIPT_WINDOW]);
});

test("the lead sees the drifting annotator flagged with the items that moved the figure, and one notification", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/dashboard`);
  const panel = page.getByTestId("drift-panel");
  await expect(panel).toContainText("1 flagged");
  const flagged = panel.getByTestId("drift-flagged");
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText("label");
  await expect(flagged).toContainText(/drift-d/);
  await expect(flagged).toContainText("40 %");
  const links = flagged.getByRole("link");
  await expect(links).toHaveText([...DRIFTED_ITEMS].reverse().map(driftItemId));
  await expect(links.first()).toHaveAttribute("href", new RegExp(`^/projects/${slug}/adjudication/`));
  await expect(panel.getByTestId("drift-row")).toHaveCount(3);
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: "e2e/screenshots/drift-panel.png" });

  // the check ran with the view; the bell holds its one notification, and a second view adds none
  await page.reload();
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toContainText("1");
  await bell.locator("summary").click();
  await expect(bell.getByRole("listitem")).toHaveCount(1);
  await expect(bell).toContainText(/Drift: drift-d\S*( \(imported\))? on label/);
  await screenshot(page, "drift-notification");

  // following the first moved item opens its adjudication page
  await page.goto(`/projects/${slug}/dashboard`);
  await page.getByTestId("drift-flagged").getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/projects/${slug}/adjudication/`));
});

test("accuracy on hidden gold checks drifts apart: d's wrong answers flagged on their own row", async ({ page }) => {
  test.setTimeout(120_000);
  const [p] = await sql<{ id: string }>(`SELECT id FROM "Project" WHERE slug = $1`, [slug]);
  // 30 answers each, a minute apart: a–c wrong on the 5th of every ten, d also on 6 of its last 10
  await sql(
    `INSERT INTO "GoldCheckAnswer" (id, "projectId", "annotatorId", "segmentId", field, "itemKey", correct, "answeredAt")
     SELECT gen_random_uuid()::text, $1, u.id, s.id, 'label', 'k' || i,
            CASE WHEN u.email LIKE 'drift-d%' AND i >= 20 THEN NOT (i = ANY (ARRAY[21, 22, 24, 25, 27, 29])) ELSE i % 10 <> 4 END,
            timestamp '2026-01-01' + i * interval '1 minute'
     FROM generate_series(0, 29) i
     CROSS JOIN LATERAL (SELECT id FROM "Segment" WHERE "projectId" = $1 ORDER BY "externalId" OFFSET i LIMIT 1) s
     CROSS JOIN (SELECT DISTINCT u.id, u.email FROM "Assignment" a JOIN "User" u ON u.id = a."annotatorId" WHERE a."projectId" = $1) u
     WHERE u.email LIKE 'drift-%'`,
    // the file's raters are the project's placeholders (drift-d-e2e.tropos@<project>.annotators…)
    [p.id],
  );
  // answers are written with a submit, whose Assignment row is what tells the report a new version exists
  await sql(`UPDATE "Assignment" SET status = status WHERE id = (SELECT id FROM "Assignment" WHERE "projectId" = $1 LIMIT 1)`, [p.id]);
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/dashboard`);
  const panel = page.getByTestId("drift-panel");
  await expect(panel).toContainText("2 flagged");
  const gold = panel.getByTestId("drift-flagged").filter({ hasText: "gold checks" });
  await expect(gold).toHaveCount(1);
  await expect(gold).toContainText(/drift-d/);
  await expect(gold).toContainText("40 %");
  await expect(gold).toContainText("right on gold checks");
  await expect(gold.getByRole("listitem").filter({ hasText: "wrong answer" })).toHaveCount(6);
  await expect(panel.getByTestId("drift-row").filter({ hasText: "gold checks" })).toHaveCount(3);
  await gold.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: "e2e/screenshots/drift-panel-gold-checks.png" });
  // its own notification beside the panel flag's
  await page.reload();
  const bell = page.getByTestId("notification-bell");
  await bell.locator("summary").click();
  await expect(bell.getByRole("listitem")).toHaveCount(2);
  await expect(bell).toContainText(/Drift: drift-d\S*( \(imported\))? on label \(gold checks\)/);
});

test("an annotator sees no drift figures", async ({ page }) => {
  // an annotator of this very project
  const [p] = await sql<{ id: string }>(`SELECT id FROM "Project" WHERE slug = $1`, [slug]);
  await sql(`INSERT INTO "ProjectMember" (id, "projectId", "userId", role) SELECT gen_random_uuid()::text, $1, id, 'ANNOTATOR' FROM "User" WHERE email = $2 ON CONFLICT DO NOTHING`, [p.id, USERS.annotator]);
  await signIn(page, USERS.annotator);
  const res = await page.goto(`/projects/${slug}/dashboard`);
  expect(res?.status()).toBe(403);
  await expect(page.getByTestId("drift-panel")).toHaveCount(0);
});
