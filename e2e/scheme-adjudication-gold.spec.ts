// Gold references as decisions of edit fields (issue 28 point 3), in the browser: on a project
// whose scheme is MMTE with one sentence of its guidelines edited (so it runs under the scheme
// runtime), the adjudicator sees the figurative post-edit field marked as the gold reference,
// takes a system output by keyboard, and saves with Ctrl+Enter; `--what gold` exports it.
// Seeds its own project (scripts/e2e-gold-variant-fixture.ts).
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";

const SLUG = "gold-variant-e2e";
let segmentId = "";

test.beforeAll(() => {
  const out = execFileSync("node_modules/.bin/tsx", ["scripts/e2e-gold-variant-fixture.ts", SLUG], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "" },
    encoding: "utf8",
  });
  ({ segmentId } = JSON.parse(out.trim().split("\n").pop()!));
});

test("an adjudicator decides a variant's figurative post-edit by keyboard and the gold export has it", async ({ page }) => {
  await signIn(page, USERS.adjudicator);
  const empty = await page.request.get(`/api/projects/${SLUG}/export?what=gold&format=json`);
  expect(empty.status()).toBe(200);
  expect(await empty.json()).toEqual([]);

  await page.goto(`/projects/${SLUG}/adjudication/${segmentId}`);
  await expect(page.getByTestId("adjudication-item")).toBeVisible();
  const figurative = page.getByTestId("scheme-field-POSTEDIT_FIGURATIVE");
  await expect(figurative.getByTestId("gold-field")).toHaveText("gold reference (figurative)");
  await expect(figurative.getByTestId("gold-field-note")).toContainText("the gold export and the automatic metrics");
  // the literal post-edit nobody gave is offered too, to be written from an output or from scratch
  await expect(page.getByTestId("scheme-field-POSTEDIT_LITERAL").getByRole("button", { name: /^Use sysA output/ })).toBeVisible();

  // keyboard only: focus the sysB output's button, take it, write a rationale, Ctrl+Enter saves
  const useSysB = figurative.getByRole("button", { name: /^Use sysB output/ });
  await useSysB.focus();
  await page.keyboard.press("Enter");
  await expect(figurative.getByLabel("Final Post-edit (figurative)")).toHaveValue("去年经济没有蒸汽了。");
  await page.keyboard.press("Tab");
  await figurative.getByLabel("Rationale for Post-edit (figurative)").focus();
  await page.keyboard.type("The output keeps the steam image.");
  await page.keyboard.press("Control+Enter");
  await expect(figurative.getByRole("status")).toHaveText(/Saved \(version 1\)/);
  await expect(figurative.getByTestId("scheme-decision-current")).toContainText("去年经济没有蒸汽了。");
  await screenshot(page, "scheme-adjudication-gold");

  const res = await page.request.get(`/api/projects/${SLUG}/export?what=gold&format=json`);
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject([{ segment: "adj-s0", language: "zh", kind: "figurative", text: "去年经济没有蒸汽了。", provenance: "system:sysB", approved_by: USERS.adjudicator, version: 1 }]);
});
