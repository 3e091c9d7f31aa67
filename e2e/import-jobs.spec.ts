// Imports as background jobs (issue 21): the import page follows the job with a progress bar that
// advances, the job can be cancelled and then leaves the project as it was, and the jobs page
// lists who started what. The spec seeds its own project through the CLI.
import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

test.describe.configure({ mode: "serial" });

const slug = `e2e-jobs-${Date.now().toString(36)}`;
const J = (o: unknown) => JSON.stringify(o);
/** A JSONL corpus of `n` segments (about 120 bytes each): big enough that each step takes a while. */
function corpus(tag: string, n: number): Buffer {
  const lines = [J({ type: "document", externalId: `${tag}-doc`, language: "en", title: tag })];
  for (let i = 0; i < n; i++) lines.push(J({ type: "segment", documentId: `${tag}-doc`, externalId: `${tag}-${i}`, index: i, text: `Sentence ${i} of ${tag}: prices skyrocketed after the storm.`, language: "en", metaphorical: false }));
  return Buffer.from(lines.join("\n") + "\n");
}

test.beforeAll(() => {
  tropos("project", "create", slug, "--name", "Jobs E2E", "--manager", USERS.manager);
});

async function previewThenImport(page: Page, files: { name: string; buffer: Buffer }[]) {
  await page.goto(`/projects/${slug}/import`);
  await page.getByLabel("Files").setInputFiles(files.map((f) => ({ ...f, mimeType: "application/x-ndjson" })));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-ready")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Import", exact: true }).click();
}

const segmentCount = async (page: Page) => ((await (await page.request.get(`/api/projects/${slug}`)).json()) as { segments: number }).segments;

test("a cancelled import leaves the project unchanged", async ({ page }) => {
  await signIn(page, USERS.manager);
  const before = await segmentCount(page);
  // one large file (about 6 MB): a cancel while it is checked or stored rolls all of it back
  const big = corpus("c", 40_000);
  expect(big.length).toBeLessThan(8 * 1024 * 1024); // the e2e server's upload limit
  await previewThenImport(page, [{ name: "large.jsonl", buffer: big }]);
  const progress = page.getByTestId("job-progress");
  await expect(progress).toBeVisible();
  await page.getByTestId("job-cancel").click();
  await expect(progress).toHaveAttribute("data-status", "cancelled", { timeout: 30_000 });
  await expect(page.getByTestId("import-message")).toContainText("Cancelled. Nothing was stored.");
  expect(await segmentCount(page)).toBe(before);
});

test("an import runs as a job whose progress bar advances, and the jobs page lists it", async ({ page }) => {
  await signIn(page, USERS.manager);
  await previewThenImport(page, [{ name: "a.jsonl", buffer: corpus("a", 20_000) }, { name: "b.jsonl", buffer: corpus("b", 20_000) }]);
  const bar = page.getByTestId("job-progress").getByRole("progressbar");
  const seen = new Set<string>();
  await expect
    .poll(async () => {
      seen.add((await bar.getAttribute("aria-valuenow")) ?? "");
      return page.getByTestId("job-progress").getAttribute("data-status");
    }, { timeout: 60_000, intervals: [100] })
    .toBe("done");
  // at least one step between the start and the end was shown (4 steps: check a, b; store a, b)
  expect([...seen].filter((v) => v !== "" && v !== "0" && v !== "4").length).toBeGreaterThan(0);
  await expect(page.getByTestId("import-message")).toContainText("Imported 2 file(s) (40000 segments)");
  expect(await segmentCount(page)).toBe(40_000);

  await page.getByRole("link", { name: "All jobs of this project" }).click();
  const table = page.getByTestId("jobs-table");
  await expect(table.getByRole("row").nth(1)).toContainText("a.jsonl, b.jsonl");
  await expect(table.getByRole("row").nth(1)).toContainText(USERS.manager);
  await expect(table.getByRole("row").nth(1).getByTestId("job-status")).toHaveText("done");
  await expect(table.getByRole("row").nth(2).getByTestId("job-status")).toHaveText("cancelled");
  // the outcome stays with the finished job (issue 29 point 4: it said only "Done")
  await expect(table.getByRole("row").nth(1).getByTestId("job-outcome")).toHaveText("2 files of 2 stored: 2 documents, 40,000 segments");
  await screenshot(page, "jobs-page");
});

test("the jobs page follows a running job without a reload, and cancels it there", async ({ page }) => {
  await signIn(page, USERS.manager);
  const before = await segmentCount(page);
  await previewThenImport(page, [{ name: "live.jsonl", buffer: corpus("live", 40_000) }]);
  await expect(page.getByTestId("job-progress")).toBeVisible();
  await page.goto(`/projects/${slug}/jobs`);
  const row = page.getByTestId("jobs-table").getByRole("row").nth(1);
  await expect(row).toContainText("live.jsonl");
  await row.getByTestId("job-cancel").click();
  // no reload: the table polls the jobs route
  await expect(row.getByTestId("job-status")).toHaveText("cancelled", { timeout: 30_000 });
  await expect(row.getByTestId("job-outcome")).toHaveText(/cancel/i);
  await expect(row.getByTestId("job-cancel")).toHaveCount(0);
  await screenshot(page, "jobs-page-cancelled");
  expect(await segmentCount(page)).toBe(before);
});

test("an export runs in the background with a progress bar, its file downloads, and the jobs page offers it too", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/import`);
  // the full project (40,000 segments, about 6 MB of JSONL): long enough to show progress
  await page.getByLabel("What").selectOption("project");
  await page.getByTestId("export-job-start").click();
  const progress = page.getByTestId("export-job").getByTestId("job-progress");
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  const link = page.getByTestId("export-job-download");
  await expect(link).toContainText(`Download ${slug}-project.jsonl`);
  await screenshot(page, "export-job-done");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`${slug}-project.jsonl`);
  const text = await (await import("node:fs/promises")).readFile((await download.path())!, "utf8");
  const lines = text.trim().split("\n").map((l) => JSON.parse(l) as { type: string });
  expect(lines.filter((l) => l.type === "segment").length).toBe(40_000);

  await page.goto(`/projects/${slug}/jobs`);
  const row = page.getByTestId("jobs-table").getByRole("row").nth(1);
  await expect(row).toContainText("export of project as JSONL");
  await expect(row.getByTestId("job-status")).toHaveText("done");
  await expect(row.getByTestId("job-download")).toHaveText(`${slug}-project.jsonl`);
});
