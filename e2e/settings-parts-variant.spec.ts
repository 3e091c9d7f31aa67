// Issue 28 ("one platform") in real Chromium: the Settings form's MMTE/MetaHOPE parts are read from
// the fields a scheme version has, not from whether it is the preset as shipped. A variant of
// MetaHOPE (its own guideline wording and name) shows its parts, switches its post-edit off and on
// again, and keeps its text; a lab's own scheme with none of the presets' fields is offered no
// parts at all. Each project is made here through the CLI, so the demo is not touched.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const RUN = Date.now().toString(36);
const VARIANT = `parts-variant-${RUN}`;
const OWN = `parts-own-${RUN}`;
const OWN_TEXT = "Our lab's MetaHOPE: mark every error, then write the reference sentence.";

test.beforeAll(() => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tropos-e2e-"));
  const metahope = JSON.parse(readFileSync("lib/schemes/presets/metahope.json", "utf8")) as Record<string, unknown>;
  const variant = path.join(dir, "lab-metahope.json");
  writeFileSync(variant, JSON.stringify({ ...metahope, name: "Lab MetaHOPE", guidelines: OWN_TEXT }));
  tropos("project", "create", VARIANT, "--name", "Lab MetaHOPE", "--source-lang", "en", "--target-lang", "zh", "--scheme", variant, "--manager", USERS.manager);
  tropos("project", "create", OWN, "--name", "Idioms", "--source-lang", "en", "--target-lang", "zh", "--scheme", "lib/schemes/language/fixtures/idiom-judgement.json", "--manager", USERS.manager);
});

test.describe.configure({ mode: "serial" });

const POST_EDIT = "MetaHOPE post-edit (the human reference of each sentence)";
const scheme = (slug: string) => JSON.parse(tropos("scheme", "show", "--project", slug)) as { name: string; guidelines: string; fields: { id: string }[] };

async function save(page: Page) {
  await page.getByRole("button", { name: "Save scheme" }).click();
  await expect(page.getByTestId("scheme-message")).toHaveText("Scheme configuration saved.");
}

test("a MetaHOPE variant with its own wording switches its post-edit off and on in Settings, and keeps its text", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${VARIANT}/settings`);
  await expect(page.getByLabel(POST_EDIT)).toBeChecked();
  await expect(page.getByLabel("MetaHOPE error spans")).toBeChecked();
  await expect(page.getByLabel("MetaHOPE MRW alignment")).toBeChecked();
  await expect(page.getByLabel("MMTE sentence quality (fluency, intelligibility, fidelity, overall)")).not.toBeChecked();
  await screenshot(page, "settings-parts-variant");

  await page.getByLabel(POST_EDIT).uncheck();
  await save(page);
  const off = scheme(VARIANT);
  expect(off.fields.map((f) => f.id)).toEqual(["ALIGNMENT", "METAHOPE_ERRORS"]);
  expect([off.name, off.guidelines]).toEqual(["Lab MetaHOPE", OWN_TEXT]);
  await page.reload();
  await expect(page.getByLabel(POST_EDIT)).not.toBeChecked();

  await page.getByLabel(POST_EDIT).check();
  await save(page);
  const on = scheme(VARIANT);
  expect(on.fields.map((f) => f.id)).toEqual(["ALIGNMENT", "METAHOPE_ERRORS", "METAHOPE_POSTEDIT"]);
  expect([on.name, on.guidelines]).toEqual(["Lab MetaHOPE", OWN_TEXT]);
  await page.reload();
  await expect(page.getByLabel(POST_EDIT)).toBeChecked();
});

test("a lab's own scheme with none of the presets' fields is offered no MMTE or MetaHOPE parts", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${OWN}/settings`);
  await expect(page.getByLabel("Hide system names from annotators")).toBeVisible();
  await expect(page.getByLabel(POST_EDIT)).toHaveCount(0);
  await expect(page.getByLabel("MMTE sentence quality (fluency, intelligibility, fidelity, overall)")).toHaveCount(0);
  await screenshot(page, "settings-parts-own-scheme");
});
