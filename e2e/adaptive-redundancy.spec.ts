// Adaptive redundancy in real Chromium (issue 31 point 3): the lead sets the rule of a field in
// Settings (k 2, max 3); `tropos assign` without --per-item gives every item k raters; two
// annotators submit through the API (the workspace's save and submit), agreeing on two items and
// disagreeing on two; each disagreeing item gets a third rater (annotator 3, the only annotator not
// on it), and the lead sees the raters-spent chart and α on the dashboard. Screenshots of the
// settings section and the chart go to e2e/screenshots/.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { apiSignIn, screenshot, signIn, USERS } from "./helpers";
import { sql } from "./sql";
import { tropos } from "./tropos";

test.describe.configure({ mode: "serial" });

const slug = `e2e-adaptive-${Date.now().toString(36)}`;
const J = (o: unknown) => JSON.stringify(o);
const ITEMS = ["s1", "s2", "s3", "s4"];
/** annotator 1 and 2's labels: s1, s2 agree; s3, s4 disagree */
const LABELS: Record<string, [string, string]> = { s1: ["yes", "yes"], s2: ["no", "no"], s3: ["yes", "no"], s4: ["no", "yes"] };

test.beforeAll(async () => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const dir = mkdtempSync(path.join(tmpdir(), "tropos-adaptive-"));
  const scheme = path.join(dir, "scheme.json");
  writeFileSync(
    scheme,
    J({
      id: "adaptive-e2e",
      version: 1,
      name: "Is it figurative?",
      fields: [{ id: "figurative", scope: "segment", kind: "choice", label: "Figurative?", required: true, options: [{ value: "yes", key: "y" }, { value: "no", key: "n" }] }],
    }),
  );
  const corpus = path.join(dir, "corpus.jsonl");
  writeFileSync(
    corpus,
    [J({ type: "document", externalId: "d1", title: "Sentences", language: "en" }), ...ITEMS.map((s, i) => J({ type: "segment", documentId: "d1", externalId: s, index: i, text: `Sentence ${s} ran out of steam.`, language: "en", metaphorical: false }))].join("\n"),
  );
  tropos("project", "create", slug, "--name", "Adaptive redundancy", "--scheme", scheme, "--target-lang", "fr", "--manager", USERS.manager);
  tropos("import", corpus, "--project", slug);
  // the three annotators are members; only 1 and 2 get the first round
  const [p] = await sql<{ id: string }>(`SELECT id FROM "Project" WHERE slug = $1`, [slug]);
  await sql(
    `INSERT INTO "ProjectMember" (id, "projectId", "userId", role) SELECT gen_random_uuid()::text, $1, id, 'ANNOTATOR' FROM "User" WHERE email = ANY($2::text[]) ON CONFLICT DO NOTHING`,
    [p.id, [USERS.annotator, USERS.annotator2, USERS.annotator3]],
  );
});

test("the lead sets the rule in Settings", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/settings`);
  const section = page.getByTestId("adaptive-redundancy");
  await expect(section).toBeVisible();
  await section.getByLabel("Field").selectOption("figurative");
  await expect(section.getByTestId("adaptive-threshold-meaning")).toContainText("any different label adds a rater");
  await section.getByLabel("k", { exact: true }).fill("2");
  await section.getByLabel("max", { exact: true }).fill("3");
  await section.getByRole("button", { name: "Save rule" }).click();
  await expect(section.getByTestId("adaptive-message")).toContainText("Rule saved: figurative, 2 raters per item, up to 3.");
  await expect(section.getByTestId("adaptive-rules")).toContainText("figurative");
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: "e2e/screenshots/adaptive-redundancy-settings.png" });
});

test("disagreeing submissions get a third rater; the lead sees the raters spent", async ({ page, baseURL }) => {
  // k from the rule: 2 per item, to annotators 1 and 2 (listed)
  expect(tropos("assign", "--project", slug, "--annotators", `${USERS.annotator},${USERS.annotator2}`, "--no-shuffle")).toMatch(/Created 8 assignments \(2 per item, the adaptive rule's k/);
  const segs = await sql<{ id: string; ext: string }>(`SELECT s.id, s."externalId" AS ext FROM "Segment" s JOIN "Project" p ON p.id = s."projectId" WHERE p.slug = $1`, [slug]);
  for (const [who, email] of [[0, USERS.annotator], [1, USERS.annotator2]] as const) {
    const api = await playwrightRequest.newContext({ baseURL });
    await apiSignIn(api, email);
    for (const s of segs) {
      const saved = await api.put(`/api/projects/${slug}/annotations`, { data: { segmentId: s.id, field: "figurative", value: LABELS[s.ext][who], baseVersion: 0 } });
      expect(saved.status(), await saved.text()).toBe(200);
      const submitted = await api.post(`/api/projects/${slug}/items/${s.id}/assignment`, { data: { action: "submit" } });
      expect(submitted.status(), await submitted.text()).toBe(200);
    }
    await api.dispose();
  }
  const third = await sql<{ ext: string; origin: string }>(
    `SELECT s."externalId" AS ext, a.origin FROM "Assignment" a JOIN "Segment" s ON s.id = a."segmentId" JOIN "User" u ON u.id = a."annotatorId" JOIN "Project" p ON p.id = a."projectId"
     WHERE p.slug = $1 AND u.email = $2 ORDER BY 1`,
    [slug, USERS.annotator3],
  );
  expect(third).toEqual([{ ext: "s3", origin: "adaptive" }, { ext: "s4", origin: "adaptive" }]);

  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/dashboard`);
  const chart = page.getByTestId("chart-raters-spent");
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await expect(chart).toContainText("4 items; 2 raters added where the first 2 disagreed; 17 % fewer than 3 raters on every item");
  await expect(page.getByTestId("adaptive-alpha-figurative")).toContainText("Krippendorff's α of figurative (nominal");
  await chart.scrollIntoViewIfNeeded();
  await chart.screenshot({ path: "e2e/screenshots/adaptive-redundancy-chart.png" });
  await screenshot(page, "adaptive-redundancy-dashboard");
});
