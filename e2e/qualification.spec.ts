// Qualification on gold items in real Chromium (issue 31 point 1): a CR-ST project (ChID cloze
// items imported with the CLI, gold = the blank's idiom) whose lead made two blanks the
// qualification set with `tropos gold qualification --pass 1`. A new annotator's queue shows only
// the qualification; a main item's address leads back to it. They answer one blank wrong: the
// result names the wrong answer with the gold idiom and the item's rationale. A new attempt, both
// right: the main queue opens and its item opens in the workspace.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";
import { sql } from "./sql";

test.describe.configure({ mode: "serial" });

const slug = `e2e-qual-${Date.now().toString(36)}`;
const C1 = ["画蛇添足", "守株待兔", "亡羊补牢", "对牛弹琴", "杯弓蛇影", "掩耳盗铃", "井底之蛙"];
const C2 = ["一石二鸟", "三心二意", "四面楚歌", "五体投地", "六神无主", "七上八下", "九牛一毛"];
const RATIONALE = "守株待兔: waiting for luck instead of working, as the sentence says.";

test.beforeAll(async () => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const dir = path.join(process.cwd(), "test-results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${slug}-chid.txt`);
  writeFileSync(
    file,
    [
      { id: "p1", groundTruth: ["画蛇添足"], candidates: [C1], content: "他本来已经写完了，又加了一段，真是#idiom#。", realCount: 1, transparency: "T1" },
      { id: "p2", groundTruth: ["守株待兔"], candidates: [C1], content: "他不努力，只会#idiom#。", realCount: 1, transparency: "T2" },
      { id: "p3", groundTruth: ["四面楚歌"], candidates: [C2], content: "敌军围城，他陷入了#idiom#的境地。", realCount: 1, transparency: "T1" },
    ]
      .map((o) => JSON.stringify(o))
      .join("\n"),
  );
  tropos("project", "create", slug, "--name", "Qualification", "--scheme", "cr-st", "--source-lang", "zh", "--target-lang", "en", "--manager", USERS.manager);
  tropos("import", file, "--project", slug);
  // the item's rationale, shown with a wrong answer once the attempt is scored
  await sql(`UPDATE "Segment" s SET lists = s.lists || jsonb_build_object('rationale', $2::text) FROM "Project" p WHERE p.id = s."projectId" AND p.slug = $1 AND s."externalId" = 'p2#1'`, [slug, RATIONALE]);
  tropos("gold", "qualification", "--project", slug, "--items", "p1#1,p2#1", "--pass", "1");
  tropos("assign", "--project", slug, "--per-item", "1", "--annotators", USERS.annotator2);
});

/** Answers the open item with `idiom` (by mouse) and submits it (Ctrl+Enter). */
async function answer(page: Page, idiom: string) {
  const group = page.getByRole("radiogroup", { name: "Idiom for the blank" });
  await expect(group.getByRole("radio")).toHaveCount(7);
  await group.getByRole("radio").filter({ hasText: idiom }).click();
  await expect(group.getByRole("radio", { checked: true })).toContainText(idiom);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
  await page.keyboard.press("Control+Enter");
}

test("a new annotator fails, then passes the qualification and reaches the main queue", async ({ page }) => {
  const [main] = await sql<{ id: string }>(`SELECT s.id FROM "Segment" s JOIN "Project" p ON p.id = s."projectId" WHERE p.slug = $1 AND s."externalId" = 'p3#1'`, [slug]);
  await signIn(page, USERS.annotator2);
  await page.goto(`/projects/${slug}/queue`);
  const panel = page.getByTestId("qualification-panel");
  await expect(panel).toContainText("opens its main queue after a qualification: 2 items");
  await expect(page.getByTestId("queue-row")).toHaveCount(0);
  await screenshot(page, "qualification-start");

  // the main item's address leads back to the queue's explanation
  await page.goto(`/projects/${slug}/items/${main.id}`);
  await expect(page).toHaveURL(new RegExp(`/projects/${slug}/queue`));
  await expect(panel).toBeVisible();

  // attempt 1: p1#1 right, p2#1 wrong
  await page.getByTestId("qualification-continue").click();
  await expect(page.getByTestId("workspace")).toBeVisible();
  await answer(page, "画蛇添足");
  await expect(page.getByTestId("workspace")).toContainText("只会");
  await answer(page, "亡羊补牢");
  await expect(page).toHaveURL(new RegExp(`/projects/${slug}/queue`));
  const result = page.getByTestId("qualification-result");
  await expect(result).toContainText("Attempt 1: not passed");
  await expect(page.getByTestId("qualification-wrong")).toContainText("亡羊补牢");
  await expect(page.getByTestId("qualification-wrong")).toContainText("守株待兔");
  await expect(page.getByTestId("qualification-wrong")).toContainText(RATIONALE);
  await screenshot(page, "qualification-failed");

  // attempt 2: both right
  await page.getByTestId("qualification-retry").click();
  await expect(page.getByTestId("qualification-continue")).toHaveText("Start the qualification");
  await page.getByTestId("qualification-continue").click();
  await answer(page, "画蛇添足");
  await expect(page.getByTestId("workspace")).toContainText("只会");
  await answer(page, "守株待兔");
  await expect(page).toHaveURL(new RegExp(`/projects/${slug}/queue`));
  await expect(page.getByTestId("qualification-result")).toContainText("Attempt 2: passed");
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId("queue-row")).toHaveCount(3);
  await screenshot(page, "qualification-passed");

  // the main item opens
  await page.goto(`/projects/${slug}/items/${main.id}`);
  await expect(page.getByTestId("workspace")).toContainText("境地");
});

test("the lead sees the qualification set in Settings and the result on the dashboard", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/settings`);
  await expect(page.getByTestId("gold-qualification-items")).toHaveValue("p1#1\np2#1");
  await expect(page.getByTestId("gold-pass-mark")).toHaveValue("100");
  // a field's own pass mark (the idiom choice is scored by exact match: no tolerance to give)
  const own = page.getByLabel(/^Pass mark of .+ \(%\)$/).first();
  await expect(own).toHaveValue("");
  await expect(page.getByLabel(/^Tolerance of /)).toHaveCount(0);
  await own.fill("50");
  await page.getByRole("button", { name: "Save gold checks" }).click();
  await expect(page.getByTestId("gold-checks-message")).toContainText("Saved: 2 qualification items");
  await page.reload();
  await expect(page.getByLabel(/^Pass mark of .+ \(%\)$/).first()).toHaveValue("50");
  await page.getByRole("heading", { name: "Gold checks" }).scrollIntoViewIfNeeded();
  await screenshot(page, "gold-checks-settings");
  await page.goto(`/projects/${slug}/dashboard`);
  const section = page.getByTestId("gold-check-accuracy");
  await expect(section).toContainText(USERS.annotator2);
  await expect(section).toContainText("passed (attempt 2)");
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, "qualification-dashboard");
});
