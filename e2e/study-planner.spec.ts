// Issue 31 point 5 in the browser: the demo's lead opens the study planner from the dashboard,
// plans the seeded Equivalence labels (annotators 4 and 5, two per MRW instance; specs that ran
// before may have added others' values) for 50 and 400 items with 2 and 6 raters, and gets the
// table and the chart; 6 raters cannot be planned from a pilot of five annotators, and the row
// says why. An annotator is refused the page and the route.
import { expect, test } from "@playwright/test";
import { signIn, USERS } from "./helpers";

test("the lead plans a study from the pilot: table and chart", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto("/projects/demo/dashboard");
  await page.getByRole("link", { name: "study planner" }).click();
  await expect(page.getByRole("heading", { name: "Study planner" })).toBeVisible();

  await page.getByLabel("Field").selectOption("EQUIVALENCE");
  await page.getByLabel("Items (N), comma-separated").fill("50,400");
  await page.getByLabel("Raters per item (r ≥ 2)").fill("2,6");
  await page.getByLabel("Resamples").fill("500");
  await page.getByRole("button", { name: "Plan" }).click();

  const plan = page.getByTestId("study-plan");
  await expect(plan).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("plan-pilot")).toContainText("EQUIVALENCE (nominal)");
  // annotators 4 and 5 on the seeded labels; specs that ran before may have added others' values
  // (a third on some MRW instances), so the figures below do not depend on how many
  await expect(page.getByTestId("plan-pilot")).toContainText(/\d+ annotators, at most \d+ per MRW instance/);
  const table = plan.getByRole("table").first();
  const rows = await table.locator("tbody tr").all();
  expect(rows).toHaveLength(4);
  const cells = await Promise.all(rows.map((r) => r.locator("td").allInnerTexts()));
  // items, raters, usable, α mean, α 2.5%, α 97.5%, α width, κ mean, κ width
  const byDesign = new Map(cells.map((c) => [`${c[0]}x${c[1]}`, c]));
  const w50 = Number(byDesign.get("50x2")![6]);
  const w400 = Number(byDesign.get("400x2")![6]);
  expect(w50).toBeGreaterThan(0);
  // more items, a narrower interval (about √8 narrower)
  expect(w400).toBeLessThan(w50 * 0.6);
  // the demo has five annotators: no MRW instance can have six values
  expect(byDesign.get("50x6")![2]).toBe("0");
  expect(byDesign.get("50x6")![6]).toBe("n/a");
  await expect(plan).toContainText("no pilot unit has 6 or more values");

  const chart = page.getByTestId("chart-study-plan");
  await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(chart.locator(".recharts-line-curve").first()).toBeVisible();
  await plan.scrollIntoViewIfNeeded();
  await plan.screenshot({ path: "e2e/screenshots/study-planner.png" });
});

test("an annotator is refused the planner page and its route", async ({ page }) => {
  await signIn(page, USERS.annotator);
  await page.goto("/projects/demo/dashboard/planner");
  await expect(page.getByText("403 — Forbidden")).toBeVisible();
  const res = await page.request.post("/api/projects/demo/reports/plan", {
    data: { field: "EQUIVALENCE", items: [50], raters: [2] },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(403);
});
