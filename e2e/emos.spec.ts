// EMOS in real Chromium (issue 18): a project made from the emos preset; the annotator rates the
// source's and the translation's emotions and the emotional equivalence by keyboard only (a
// dimension's key 1–7 picks the emotion, a digit 0–3 sets its intensity, Escape returns to the
// field, j moves on), an all-zero vector is refused, and the values reach the server.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const slug = `e2e-emos-${Date.now().toString(36)}`;
const J = (o: unknown) => JSON.stringify(o);

test.beforeAll(() => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const dir = path.join(process.cwd(), "test-results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${slug}.jsonl`);
  writeFileSync(
    file,
    [
      J({ type: "document", externalId: "wm", language: "en", title: "Water Margin (in English)" }),
      J({ type: "segment", documentId: "wm", externalId: "wm:1", index: 0, text: "Hearing this, Wu Song flew into a rage.", language: "en", metaphorical: true }),
      J({ type: "translation", segmentId: "wm:1", system: "sys-a", language: "it", text: "Sentendo questo, Wu Song andò su tutte le furie." }),
    ].join("\n"),
  );
  tropos("project", "create", slug, "--name", "EMOS", "--scheme", "emos", "--target-lang", "it", "--manager", USERS.manager);
  tropos("import", file, "--project", slug);
  tropos("assign", "--project", slug, "--per-item", "1", "--annotators", USERS.annotator);
});

const active = (page: Page) => page.locator('[data-active="true"]').getAttribute("data-field");

test("emotion vectors and equivalence by keyboard", async ({ page }) => {
  await signIn(page, USERS.annotator);
  await page.goto(`/projects/${slug}/queue`);
  await page.getByTestId("queue-row").first().getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();

  // source: anger 3 (key 4), sadness 1 (key 2)
  await expect.poll(() => active(page)).toBe("source_emotions");
  await page.keyboard.press("4");
  await page.keyboard.press("3");
  await page.keyboard.press("Escape");
  await page.keyboard.press("2");
  await page.keyboard.press("1");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("group", { name: "Emotions of the source" }).locator("output")).toHaveText(["–", "1", "–", "3", "–", "–", "–"]);
  await page.keyboard.press("j");
  // translation: anger 2, and then set back to 0 with nothing else: refused as all zeros
  await expect.poll(() => active(page)).toBe("target_emotions");
  await page.keyboard.press("4");
  await page.keyboard.press("0");
  await page.keyboard.press("Escape");
  await expect(page.locator('[data-field="target_emotions"]')).toContainText("mark neutrality when no emotion is present");
  await page.keyboard.press("4");
  await page.keyboard.press("2");
  await page.keyboard.press("Escape");
  await page.keyboard.press("j");
  await expect.poll(() => active(page)).toBe("equivalence");
  await page.keyboard.press("4");
  await expect.poll(() => active(page)).toBe("sentiment");
  await page.keyboard.press("n");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
  await screenshot(page, "emos-workspace");

  const seg = new URL(page.url()).pathname.split("/").pop()!;
  const item = (await (await page.request.get(`/api/projects/${slug}/items/${seg}`)).json()) as { annotations: { field: string; value: unknown }[] };
  const values = Object.fromEntries(item.annotations.map((a) => [a.field, a.value]));
  expect(values).toEqual({
    source_emotions: { anger: 3, sadness: 1 },
    target_emotions: { anger: 2 },
    equivalence: 4,
    sentiment: "negative",
  });
});
