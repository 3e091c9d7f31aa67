// Named analyses (issue 14): the built-in dashboard shows a paper table only when the project's
// scheme in force lists its analysis. The demo (MMTE and MetaHOPE) lists all three; the EN→IT
// demo stores the MMTE preset (no MetaHOPE tables); a project made from the MetaHOPE preset
// shows MetaHOPE's tables and none of MMTE's figures, table 3 or agreement section. Read-only on
// the shared demo.
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const slug = `e2e-analyses-${Date.now().toString(36)}`;

test.beforeAll(() => {
  tropos("project", "create", slug, "--scheme", "metahope", "--manager", USERS.manager);
});

test("each project's dashboard shows the paper tables its preset lists", async ({ page }) => {
  await signIn(page, USERS.manager);
  const mhHeading = (p: typeof page) => p.getByRole("heading", { name: "MetaHOPE agreement per MRW instance (tables 3–4)" });

  await page.goto("/projects/demo/dashboard");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(mhHeading(page)).toBeVisible();
  await expect(page.getByTestId("metahope-eps")).toBeVisible();
  await expect(page.getByTestId("emotion-equivalence")).toBeVisible();

  await page.goto("/projects/demo-it/dashboard");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(page.getByRole("heading", { name: "MMTE agreement" })).toBeVisible();
  await expect(mhHeading(page)).toHaveCount(0);
  await expect(page.getByTestId("metahope-eps")).toHaveCount(0);

  await page.goto(`/projects/${slug}/dashboard`);
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(mhHeading(page)).toBeVisible();
  await expect(page.getByTestId("emotion-equivalence")).toHaveCount(0);
  await expect(page.getByTestId("correlation-matrix")).toHaveCount(0);
  // and no MMTE agreement section: the preset has no MMTE field
  await expect(page.getByRole("heading", { name: "MMTE agreement" })).toHaveCount(0);
  await screenshot(page, "named-analyses-metahope-dashboard");
});
