// An adjudicator resolves a disagreement on the one (scheme) adjudication item page; the
// dashboard and the exports change accordingly. Annotators are refused. Seeds its own project
// (scripts/e2e-metahope-fixture.ts --adjudication, MMTE + MetaHOPE preset stored as version 1 by
// its import): demo annotators 1 and 2 give Fluency 5 vs 2 on segment adj-s0 / sysA and agree (4)
// elsewhere, so sysA's metaphorical Fluency mean is (3.5 + 4) / 2 = 3.75 before and
// (5 + 4) / 2 = 4.5 after deciding 5.
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { apiSignIn, screenshot, signIn, USERS } from "./helpers";

const SLUG = "adj-e2e";
let segmentId = "";
let translationId = "";

test.beforeAll(() => {
  const out = execFileSync("node_modules/.bin/tsx", ["scripts/e2e-metahope-fixture.ts", "--adjudication", SLUG], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "" },
    encoding: "utf8",
  });
  ({ segmentId, translationId } = JSON.parse(out.trim().split("\n").pop()!));
});

// the scores route answers the paper tables of the scheme (MMTE table 3: mmte.quality)
const fluencyMean = async (request: import("@playwright/test").APIRequestContext) => {
  const res = await request.get(`/api/projects/${SLUG}/reports/scores?format=json`);
  expect(res.status()).toBe(200);
  const t = await res.json();
  expect(t.analyses.map((a: { name: string }) => a.name)).toContain("mmte.table3");
  return t.mmte.quality.find((r: { system: string; group: string }) => r.system === "sysA" && r.group === "METAPHORICAL").means.FLUENCY.value;
};

test("an adjudicator resolves a disagreement and the dashboard and exports follow", async ({ page }) => {
  await signIn(page, USERS.adjudicator);
  expect(await fluencyMean(page.request)).toBe(3.75);

  await page.goto(`/projects/${SLUG}/adjudication`);
  const queue = page.getByTestId("queue-table");
  await expect(queue.getByRole("row", { name: /FLUENCY/ })).toHaveCount(1);
  await expect(queue.getByRole("row", { name: /EQUIVALENCE/ })).toHaveCount(1);
  // the MetaHOPE disagreement (MIS vs PRF spans on adj-s0 / sysA) is one unit of the spans field
  await expect(queue.getByRole("row", { name: /METAHOPE_ERRORS/ })).toHaveCount(1);
  await screenshot(page, "adjudication-queue");

  await queue.getByRole("row", { name: /FLUENCY/ }).getByRole("link", { name: /adj-s0/ }).click();
  await expect(page.getByTestId("adjudication-item")).toBeVisible();
  // identities hidden by default
  await expect(page.getByText("annotator1@demo.tropos")).toHaveCount(0);
  await expect(page.getByText("annotator2@demo.tropos")).toHaveCount(0);
  // each annotator's tendency over the project, numbered like the values (identities still hidden)
  const tendency = page.getByTestId("annotator-tendency");
  await expect(tendency).toContainText("Annotators’ tendency over the project");
  await expect(tendency.getByRole("columnheader", { name: "MetaHOPE errors: penalty per unit · total" })).toBeVisible();
  await expect(tendency.getByRole("cell", { name: /^Annotator \d$/ }).first()).toBeVisible();
  expect(await tendency.getByRole("cell", { name: /^Annotator \d$/ }).count()).toBeGreaterThanOrEqual(2);
  await expect(tendency.getByRole("cell").filter({ hasText: /^[+−±]\d\.\d\d \(\d+ units?\)$/ }).first()).toBeVisible();
  // the Fluency field shows only its disagreement (sysA); the unanimous units are folded away
  const fluency = page.getByTestId("scheme-field-FLUENCY");
  const sysA = fluency.locator("li").filter({ has: page.getByTestId("scheme-decision-FLUENCY") });
  await expect(sysA).toHaveCount(1);
  await expect(sysA).toContainText("sysA");
  await expect(sysA).toContainText("disagreement");
  await sysA.getByRole("button", { name: /^Use Annotator \d: 5/ }).click();
  await expect(sysA.getByLabel("Final Fluency")).toHaveValue("5");
  await sysA.getByLabel("Rationale for Fluency").fill("Reads like native Chinese; 2 is too harsh.");
  await sysA.getByRole("button", { name: "Save decision" }).click();
  await expect(sysA.getByRole("status")).toHaveText(/Saved \(version 1\)/);
  await expect(sysA.getByTestId("scheme-decision-current")).toContainText(/Decided: 5/);
  await expect(sysA.getByTestId("scheme-decision-current")).toContainText("version 1");
  await expect(page.getByTestId("history")).toContainText("Reads like native Chinese");

  // gold reference from annotator 1's figurative post-edit: the decision of the figurative post-edit field
  const gold = page.getByTestId("scheme-field-POSTEDIT_FIGURATIVE");
  await expect(gold.getByTestId("gold-field")).toHaveText("gold reference (figurative)");
  await gold.getByRole("button", { name: /^Use Annotator \d: 去年经济失去了动力。/ }).click();
  await expect(gold.getByLabel("Final Post-edit (figurative)")).toHaveValue("去年经济失去了动力。");
  await gold.getByRole("button", { name: "Save decision" }).click();
  await expect(gold.getByRole("status")).toHaveText(/Saved \(version 1\)/);
  await expect(gold.getByTestId("scheme-decision-current")).toContainText("去年经济失去了动力。");
  await page.getByLabel("Show annotator identities").check();
  await expect(gold.getByRole("button", { name: "Use annotator1@demo.tropos: 去年经济失去了动力。" })).toBeVisible();
  await expect(sysA.getByRole("button", { name: /^Use annotator1@demo\.tropos: 5/ })).toBeVisible();
  await expect(page.getByText("annotator1@demo.tropos").first()).toBeVisible();
  await screenshot(page, "adjudication-item");

  // exports and dashboard follow the decision
  expect(await fluencyMean(page.request)).toBe(4.5);
  const csv = await (await page.request.get(`/api/projects/${SLUG}/reports/scores?format=csv`)).text();
  expect(csv).toMatch(/mmte_quality,sysA,METAPHORICAL,FLUENCY,4\.5,/);
  const goldExport = await page.request.get(`/api/projects/${SLUG}/export?what=gold&format=json`);
  expect(goldExport.status()).toBe(200);
  expect(await goldExport.json()).toMatchObject([{ segment: "adj-s0", language: "zh", kind: "figurative", text: "去年经济失去了动力。", approved_by: USERS.adjudicator, version: 1 }]);
  await page.goto(`/projects/${SLUG}/dashboard`);
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(page.getByTestId("score-source")).toContainText("Adjudicated values for 1 items");
  const row = page.getByTestId("mmte-quality").getByRole("row", { name: /sysA Metaphorical 2/ });
  await expect(row).toContainText("4.50");
  // the gold reference decided above feeds BLEU / ROUGE-L
  const automatic = page.getByTestId("mmte-automatic");
  await expect(automatic).toContainText("against 1 gold references");
  await expect(automatic.getByRole("row", { name: /^sysA Metaphorical 100\.00/ })).toHaveCount(1);
  await screenshot(page, "dashboard-adjudicated");

  // a save from a stale version (0) is refused with the current decision
  const stale = await page.request.put(`/api/projects/${SLUG}/adjudication/decisions`, {
    data: { segmentId, translationId, field: "FLUENCY", value: 3, rationale: "late", baseVersion: 0 },
  });
  expect(stale.status()).toBe(409);
  expect((await stale.json()).error.detail.current).toMatchObject({ value: 5, version: 1 });
  // the field's scope is checked: Fluency is per translation, not per segment
  const noTranslation = await page.request.put(`/api/projects/${SLUG}/adjudication/decisions`, { data: { segmentId, field: "FLUENCY", value: 3, baseVersion: 0 } });
  expect(noTranslation.status()).toBe(400);
  expect((await noTranslation.json()).error.message).toMatch(/translationId/);
  expect(await fluencyMean(page.request)).toBe(4.5);
});

test("annotators cannot open adjudication or reports; other projects' items are not found", async ({ page, request }) => {
  await signIn(page, USERS.annotator);
  const res = await page.goto(`/projects/${SLUG}/adjudication/${segmentId}`);
  expect(res?.status()).toBe(403);
  await apiSignIn(request, USERS.annotator);
  expect((await request.get(`/api/projects/${SLUG}/adjudication`)).status()).toBe(403);
  expect((await request.get(`/api/projects/${SLUG}/reports/agreement`)).status()).toBe(403);
  expect((await request.get(`/api/projects/${SLUG}/reports/scores?format=json`)).status()).toBe(403);
  expect((await request.put(`/api/projects/${SLUG}/adjudication/decisions`, { data: { segmentId, translationId, field: "FLUENCY", value: 2, baseVersion: 1 } })).status()).toBe(403);
  // the adjudicator of "demo" asking for this project's segment through "demo" gets 404
  const ctx = await (await import("@playwright/test")).request.newContext({ baseURL: test.info().project.use.baseURL });
  await apiSignIn(ctx, USERS.adjudicator);
  const foreign = await ctx.put(`/api/projects/demo/adjudication/decisions`, { data: { segmentId, translationId, field: "FLUENCY", value: 3, baseVersion: 0 } });
  expect(foreign.status()).toBe(404);
  await ctx.dispose();
});
