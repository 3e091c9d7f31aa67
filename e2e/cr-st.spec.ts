// CR-ST in real Chromium (issue 17): a project made from the cr-st preset, ChID cloze items
// imported with the CLI (one item per blank, a paragraph with two blanks among them). The annotator
// answers by keyboard (1–7, the candidates' positions as shown, shuffled for them) and by mouse, and
// the gold answer never reaches the browser: no response the page receives carries the item's
// "answer" (checked on the network traffic, server-rendered pages included).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";

const slug = `e2e-crst-${Date.now().toString(36)}`;
const C1 = ["画蛇添足", "守株待兔", "亡羊补牢", "对牛弹琴", "杯弓蛇影", "掩耳盗铃", "井底之蛙"];
const C2 = ["一石二鸟", "三心二意", "四面楚歌", "五体投地", "六神无主", "七上八下", "九牛一毛"];

function tropos(...args: string[]): string {
  return execFileSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "cli/tropos.ts", ...args], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "" },
    encoding: "utf8",
  });
}

test.beforeAll(() => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const dir = path.join(process.cwd(), "test-results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${slug}-chid.txt`);
  writeFileSync(
    file,
    [
      { id: "p1", groundTruth: ["画蛇添足"], candidates: [C1], content: "他本来已经写完了，又加了一段，真是#idiom#。", realCount: 1 },
      { id: "p2", groundTruth: ["守株待兔", "四面楚歌"], candidates: [C1, C2], content: "他只会#idiom#，结果落得#idiom#的下场。", realCount: 2 },
    ]
      .map((o) => JSON.stringify(o))
      .join("\n"),
  );
  tropos("project", "create", slug, "--name", "CR-ST cloze", "--scheme", "cr-st", "--source-lang", "zh", "--target-lang", "en", "--manager", USERS.manager);
  tropos("import", file, "--project", slug);
  tropos("assign", "--project", slug, "--per-item", "1", "--annotators", USERS.annotator);
});

test("cloze items answered by keyboard and by mouse; the gold answer never reaches the browser", async ({ page }) => {
  const bodies: string[] = [];
  page.on("response", async (res) => {
    const type = res.headers()["content-type"] ?? "";
    if (!/json|html|text|x-component/.test(type)) return;
    bodies.push(await res.text().catch(() => ""));
  });
  await signIn(page, USERS.annotator);
  await page.goto(`/projects/${slug}/queue`);
  await expect(page.getByTestId("queue-row")).toHaveCount(3);
  await page.getByTestId("queue-row").first().getByRole("link").click();
  await expect(page.getByTestId("scheme-workspace")).toBeVisible();

  const answers: string[] = [];
  for (let i = 0; i < 3; i++) {
    const group = page.getByRole("radiogroup", { name: "Idiom for the blank" });
    await expect(group.getByRole("radio")).toHaveCount(7);
    const shown = (await group.getByRole("radio").allInnerTexts()).map((t) => t.replace(/\s*\d$/, "").trim());
    if (i < 2) {
      // the third candidate as shown to this annotator, by its key
      await expect.poll(() => page.locator('[data-active="true"]').getAttribute("data-field")).toBe("answer");
      await page.keyboard.press("3");
      answers.push(shown[2]);
    } else {
      await group.getByRole("radio").nth(5).click();
      answers.push(shown[5]);
    }
    await expect(group.getByRole("radio", { checked: true })).toContainText(answers[i]);
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
    if (i === 1) await screenshot(page, "cr-st-cloze");
    await page.keyboard.press("Control+Enter");
    if (i < 2) await expect(page.getByTestId("item-progress")).toContainText(`${i + 1} done`);
  }
  // every answer is one of its blank's candidates, stored as the idiom (not a position)
  for (const a of answers) expect([...C1, ...C2]).toContain(a);
  // the two blanks of p2 are two items: each shows its own blank marked, the other elided
  await page.goto(`/projects/${slug}/queue`);
  await expect(page.getByTestId("queue-row").filter({ hasText: "［____］" })).toHaveCount(3);

  // nothing the browser received says which candidate is right
  expect(bodies.length).toBeGreaterThan(5);
  for (const b of bodies) expect(b).not.toMatch(/\\?"answer\\?"\s*:\s*\\?"/);
});
