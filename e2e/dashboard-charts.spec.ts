// Issue 13, points 1–4 on the demo as a first-time manager sees it: the seeded finished work of
// annotators 4 and 5 (with disagreements) is on the dashboard — MMTE figure 3 and figure 5 count
// their labels, the papers' figures are drawn as charts (recharts SVG, numbers in a table under
// each), every figure says its n and which annotations it includes.
import { expect, test } from "@playwright/test";
import { signIn, USERS } from "./helpers";

test("the demo's dashboard draws MMTE figures 3–5 and the rating distributions from the seeded labels", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto("/projects/demo/dashboard");
  await expect(page.getByTestId("dashboard")).toBeVisible();

  // figure 3: stacked bars per system over the annotators' labels (point 2: it said "No equivalence labels yet")
  const fig3 = page.getByTestId("chart-equivalence");
  await expect(fig3).not.toContainText("No equivalence labels");
  const n3 = Number((await fig3.getByTestId("chart-n").innerText()).match(/n = (\d+) labels on metaphorical/)![1]);
  expect(n3).toBeGreaterThan(0);
  await expect(fig3.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(fig3.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(fig3).toContainText("Includes: every annotator's saved label");

  // figure 5: emotion × equivalence co-occurrence over the same labels (point 2: it showed "0 MRWs")
  const fig5 = page.getByTestId("emotion-equivalence");
  const n5 = Number((await fig5.getByTestId("chart-n").innerText()).match(/n = (\d+) annotator labels/)![1]);
  expect(n5).toBeGreaterThan(0);

  // figure 4 and the distributions of the ratings are drawn too
  await expect(page.getByTestId("correlation-matrix")).toBeVisible();
  const ratings = page.getByTestId("chart-ratings");
  await expect(ratings.locator("svg.recharts-surface").first()).toBeVisible();

  // every agreement table says what it includes; the numbers behind a chart are one click away
  await expect(page.getByTestId("includes-mmte")).toContainText("imported, submitted or still in progress");
  await fig3.getByText("Table of the numbers").click();
  await expect(fig3.getByRole("table")).toContainText("mt-alpha");
  // the share printed on each bar segment is that label's share of its system (not the stack's end)
  const header = await fig3.getByRole("table").locator("thead th").allInnerTexts();
  const metCols = header.map((h, i) => (h.startsWith("M: ") ? i : -1)).filter((i) => i >= 0);
  const expected: string[] = [];
  for (const row of await fig3.getByRole("table").locator("tbody tr").all()) {
    const cells = await row.locator("th, td").allInnerTexts();
    for (const i of metCols) {
      const share = Number(cells[i].match(/\(([\d.]+)%\)/)![1]);
      if (share >= 9) expected.push(`${Math.round(share)}%`);
    }
  }
  // (the metaphorical panel's chart; labels are drawn once the chart has measured itself)
  const labels = fig3.locator(".recharts-wrapper").first().locator("text.tropos-share-label");
  await expect.poll(async () => (await labels.allTextContents()).filter(Boolean).sort()).toEqual(expected.sort());

  await fig3.scrollIntoViewIfNeeded();
  await fig3.screenshot({ path: "e2e/screenshots/dashboard-fig3.png" });
  await page.getByTestId("mmte-agreement").screenshot({ path: "e2e/screenshots/dashboard-mmte-agreement.png" });
  await fig5.screenshot({ path: "e2e/screenshots/dashboard-fig5.png" });
  await ratings.screenshot({ path: "e2e/screenshots/dashboard-ratings.png" });
});
