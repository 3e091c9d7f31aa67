// Settings → Scheme (issue 14 point 4): a manager edits a scheme with inline errors at their line,
// previews the workspace for a scheme of every field kind (with `when` conditions at work), and
// saves versions. The spec makes its own project through the CLI.
import { expect, test } from "@playwright/test";
import { stringify as stringifyYaml } from "yaml";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const slug = `e2e-scheme-${Date.now().toString(36)}`;
const KINDS = ["scale", "choice", "multi", "boolean", "number", "text", "edit", "spans", "tags", "alignment", "vector"];

test.beforeAll(() => {
  tropos("project", "create", slug, "--name", "Scheme E2E", "--manager", USERS.manager);
});

test("a manager edits a scheme with errors at their lines, previews every kind, and saves versions", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/settings`);
  await page.getByRole("link", { name: "Scheme (editor and preview)" }).click();
  // a project made from the MMTE preset stores it as data: version 1 is the preset
  await expect(page.getByTestId("scheme-current")).toContainText('Version 1 of "MMTE');
  await expect(page.getByTestId("scheme-status")).toHaveText('Valid: 10 field(s), scheme "mmte" version 1 · saves as version 2 of this project');
  await page.getByRole("combobox", { name: "Start from" }).selectOption("idiom-judgement");
  await expect(page.getByTestId("scheme-status")).toHaveText('Valid: 5 field(s), scheme "idiom-judgement" version 1 · saves as version 2 of this project');

  // an error: two options of one field on the same key; it names its JSON path and line, and
  // clicking it selects that line
  const text = page.getByTestId("scheme-text");
  const original = await text.inputValue();
  const broken = original.replace('"key": "2"', '"key": "1"');
  expect(broken).not.toBe(original);
  await text.fill(broken);
  await expect(page.getByTestId("scheme-status")).toHaveText("1 error(s)");
  const error = page.getByTestId("scheme-errors").getByRole("button").first();
  const lines = broken.split("\n");
  const line = lines.findIndex((l, i) => l.includes('"key": "1"') && lines.slice(0, i).some((p) => p.includes('"key": "1"'))) + 1;
  // the editor's text has no file name: the place is a line and column, not a preset's file name (issue 29 point 8)
  await expect(error).toContainText(`line ${line}, column`);
  await expect(error).not.toContainText(".json:");
  await expect(error).toContainText('fields[1].options[1].key: key "1" is already used');
  await error.click();
  // the selection runs from the error's column to the end of its line: the offending value
  const [selLine, selected] = await text.evaluate((el: HTMLTextAreaElement) => [el.value.slice(0, el.selectionStart).split("\n").length, el.value.slice(el.selectionStart, el.selectionEnd)]);
  expect([selLine, selected]).toEqual([line, '"1"']);
  await expect(page.getByTestId("scheme-save")).toBeDisabled();
  await screenshot(page, "scheme-editor-error");

  // one field of every kind: the preview renders each with its own component
  // the editor asks before replacing edited text
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("combobox", { name: "Start from" }).selectOption("every-kind");
  await expect(page.getByTestId("scheme-status")).toHaveText('Valid: 14 field(s), scheme "every-kind" version 1 · saves as version 2 of this project');
  const preview = page.getByTestId("scheme-preview");
  // (the scheme's only text field is conditional: checked below, once it is shown)
  for (const kind of KINDS.filter((k) => k !== "text")) await expect(preview.locator(`[data-kind="${kind}"]`).first()).toBeVisible();
  // `when`: the text field asking why appears only once "lost" is chosen for that translation
  const translationA = preview.locator("section").filter({ hasText: "Translation A" });
  await expect(translationA.locator('[data-field="why-lost"]')).toHaveCount(0);
  await translationA.locator('[data-field="meaning"]').getByRole("radio", { name: /lost/ }).click();
  await expect(translationA.locator('[data-field="why-lost"] [data-kind="text"]')).toBeVisible();
  // `when` on the item: "conventional" only for the metaphorical MRW
  await expect(preview.locator('[data-field="conventional"]')).toHaveCount(1);
  await screenshot(page, "scheme-editor-preview");
  await preview.screenshot({ path: "e2e/screenshots/scheme-preview-every-kind.png" });

  // saving makes version 2 (after the preset's version 1), then version 3
  await page.getByLabel("Change note").fill("first version");
  await page.getByTestId("scheme-save").click();
  await expect(page.getByTestId("scheme-save-answer")).toContainText("Saved as version 2 of this project's scheme.");
  await expect(page.getByTestId("scheme-status")).toContainText("saves as version 3 of this project");
  await page.reload();
  await expect(page.getByTestId("scheme-current")).toContainText('Version 2 of "Every field kind" (14 fields)');
  await expect(page.getByTestId("scheme-versions")).toContainText("v2");
  await expect(page.getByTestId("scheme-versions")).toContainText("first version");
  await page.getByTestId("scheme-text").fill((await page.getByTestId("scheme-text").inputValue()).replace('"label": "Fluency"', '"label": "Fluency of the translation"'));
  await page.getByTestId("scheme-save").click();
  await expect(page.getByTestId("scheme-save-answer")).toContainText("Saved as version 3 of this project's scheme.");

  // a YAML file opened in the editor is saved as YAML (the server parsed it as the stored scheme's
  // "….json" before), and its errors are named by the file's own name
  const asYaml = stringifyYaml(JSON.parse(await page.getByTestId("scheme-text").inputValue()));
  await page.getByTestId("scheme-file").setInputFiles({ name: "our-scheme.yaml", mimeType: "text/yaml", buffer: Buffer.from(asYaml.replace("Fluency of the translation", "Fluency, as read")) });
  await expect(page.getByTestId("scheme-status")).toContainText("saves as version 4 of this project");
  await page.getByTestId("scheme-save").click();
  await expect(page.getByTestId("scheme-save-answer")).toContainText("Saved as version 4 of this project's scheme.");
  await page.getByTestId("scheme-text").fill(asYaml.replace(/^version: 1$/m, "version: zero"));
  await expect(page.getByTestId("scheme-errors")).toContainText("our-scheme.yaml:");
});
