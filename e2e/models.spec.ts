// Models in the browser (issue 15): a manager adds an OpenAI-compatible endpoint (the loopback test
// server that stands in for the external model API), tests the connection, runs suggestions for a
// field as a background job with progress, and the suggestions export lists them with provenance.
import { expect, test } from "@playwright/test";
import { startOpenAiTestServer, type TOpenAiTestServer } from "../tests/support/openai-test-server";
import { screenshot, signIn, USERS } from "./helpers";

let server: TOpenAiTestServer;
test.beforeAll(async () => {
  server = await startOpenAiTestServer({ models: ["test-model"] });
});
test.afterAll(async () => server?.close());

test("a manager adds an endpoint, tests it and runs suggestions for a field; they are exported with provenance", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto("/projects/demo/models");
  const name = `loopback-${Date.now().toString(36)}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Base URL").fill(server.baseUrl);
  await page.getByLabel("Model", { exact: true }).fill("test-model");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const row = page.getByTestId("model-endpoints").getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Test connection" }).click();
  await expect(row.getByTestId("model-test-result")).toHaveText("OK: 1 model(s); test-model is served");

  await page.getByLabel("Endpoint", { exact: true }).selectOption(name);
  await page.getByLabel("Field", { exact: true }).selectOption("FLUENCY");
  // every unit of the demo (25 segments × 3 systems): the seeded finished work of two annotators covers some
  await page.getByRole("button", { name: "Start suggestions" }).click();
  await expect(page.getByTestId("job-progress")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await screenshot(page, "models-page");
  // the loopback server was asked once per unit
  expect(server.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(75);

  const res = await page.request.get("/api/projects/demo/export?what=suggestions&format=jsonl");
  expect(res.status()).toBe(200);
  const rows = (await res.text()).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>).filter((r) => r.endpoint === name);
  expect(rows).toHaveLength(75);
  for (const r of rows) expect(r).toMatchObject({ field: "FLUENCY", status: "ok", model: "test-model" });

  // the one dashboard puts the model beside the annotators (and never among them), for every scheme:
  // not in the agreement per field (every scheme's annotators) nor in the MMTE agreement below it
  await page.goto("/projects/demo/dashboard");
  const raters = page.getByTestId("model-raters");
  const kappa = raters.getByRole("row").filter({ hasText: `${name}:test-model` }).filter({ hasText: "Cohen κ" }).first();
  await expect(kappa).toBeVisible();
  await expect(kappa.getByRole("cell").nth(4)).toHaveText(/^-?\d\.\d{3}$|^no value$/);
  await expect(page.getByTestId("scheme-agreement")).toBeVisible();
  await expect(page.getByTestId("scheme-agreement")).not.toContainText(name);
  await expect(page.getByTestId("mmte-agreement")).not.toContainText(name);
  await raters.scrollIntoViewIfNeeded();
  await raters.screenshot({ path: "e2e/screenshots/dashboard-model-raters.png" });
});
