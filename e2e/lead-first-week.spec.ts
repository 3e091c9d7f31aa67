// A project lead's first week (issue 29): what a new project on a lab's own scheme says where it
// used to say nothing. The spec makes its own project through the CLI.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";

const slug = `e2e-first-week-${Date.now().toString(36)}`;

test.beforeAll(() => {
  const r = spawnSync(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "cli/tropos.ts", "project", "create", slug, "--name", "First week", "--scheme", "lib/schemes/language/fixtures/idiom-judgement.json", "--target-lang", "fr", "--manager", USERS.manager],
    { env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "" }, encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(`tropos project create failed: ${r.stderr}`);
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
