// CR-ST in real Chromium (issue 17): a project made from the cr-st preset, ChID cloze items
// imported with the CLI (one item per blank, a paragraph with two blanks among them). The annotator
// answers by keyboard (1–7, the candidates' positions as shown, shuffled for them) and by mouse, and
// the gold answer never reaches the browser: in no response the page receives (server-rendered
// pages and RSC payloads included) is a blank's gold idiom more frequent than any of its
// distractors that nobody chose. The gold is one of the candidates, so it is sent as often as each
// other candidate is; any other mention of it (an "answer" key, a "correct" flag, the filled-in
// paragraph) makes it stand out. The annotator picks only distractors, which are no blank's gold.
// Then the manager's dashboard shows a model's accuracy (its suggestions, inserted as a suggestion
// job stores them) in a column of its own beside the annotator's, over all items and by subset.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

test.describe.configure({ mode: "serial" });

const slug = `e2e-crst-${Date.now().toString(36)}`;
const C1 = ["画蛇添足", "守株待兔", "亡羊补牢", "对牛弹琴", "杯弓蛇影", "掩耳盗铃", "井底之蛙"];
const C2 = ["一石二鸟", "三心二意", "四面楚歌", "五体投地", "六神无主", "七上八下", "九牛一毛"];
/** the blanks in queue order (p1#1, p2#1, p2#2) with their candidates and gold */
const BLANKS = [
  { candidates: C1, gold: "画蛇添足" },
  { candidates: C1, gold: "守株待兔" },
  { candidates: C2, gold: "四面楚歌" },
];
const GOLDS = new Set(BLANKS.map((b) => b.gold));

/** Occurrences of `needle` in `body`, after undoing \uXXXX escapes (JSON may escape CJK). */
function occurrences(body: string, needle: string): number {
  const text = body.replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return text.split(needle).length - 1;
}

test.beforeAll(() => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const dir = path.join(process.cwd(), "test-results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${slug}-chid.txt`);
  writeFileSync(
    file,
    [
      { id: "p1", groundTruth: ["画蛇添足"], candidates: [C1], content: "他本来已经写完了，又加了一段，真是#idiom#。", realCount: 1, transparency: "T1" },
      { id: "p2", groundTruth: ["守株待兔", "四面楚歌"], candidates: [C1, C2], content: "他只会#idiom#，结果落得#idiom#的下场。", realCount: 2, transparency: "T2" },
    ]
      .map((o) => JSON.stringify(o))
      .join("\n"),
  );
  tropos("project", "create", slug, "--name", "CR-ST cloze", "--scheme", "cr-st", "--source-lang", "zh", "--target-lang", "en", "--manager", USERS.manager);
  tropos("import", file, "--project", slug);
  tropos("assign", "--project", slug, "--per-item", "1", "--annotators", USERS.annotator);
});

test("cloze items answered by keyboard and by mouse; the gold answer never reaches the browser", async ({ page }) => {
  // every response the page receives, read through a route: a "response" listener reads bodies
  // after the fact, and Chromium had often dropped them by then (they read as empty, so nothing
  // was checked); redirects are passed on as they are
  const bodies: string[] = [];
  let unread = 0;
  let done = false;
  await page.route("**/*", async (route) => {
    try {
      const response = await route.fetch({ maxRedirects: 0 });
      if (/json|html|text|x-component/.test(response.headers()["content-type"] ?? "")) bodies.push(await response.text());
      await route.fulfill({ response });
    } catch {
      // a request still in flight when the test ends is not part of it; any other must be read
      if (!done) unread++;
    }
  });
  await signIn(page, USERS.annotator);
  await page.goto(`/projects/${slug}/queue`);
  await expect(page.getByTestId("queue-row")).toHaveCount(3);
  await page.getByTestId("queue-row").first().getByRole("link").click();
  await expect(page.getByTestId("workspace")).toBeVisible();

  const answers: string[] = [];
  for (let i = 0; i < 3; i++) {
    const group = page.getByRole("radiogroup", { name: "Idiom for the blank" });
    await expect(group.getByRole("radio")).toHaveCount(7);
    const shown = (await group.getByRole("radio").allInnerTexts()).map((t) => t.replace(/\s*\d$/, "").trim());
    // a distractor that is no blank's gold, as shown to this annotator (shuffled for them)
    const pick = shown.findIndex((c, k) => !GOLDS.has(c) && !answers.includes(c) && k >= (i === 2 ? 3 : 1));
    expect(pick).toBeGreaterThanOrEqual(0);
    if (i < 2) {
      // by its key: the position shown
      await expect.poll(() => page.locator('[data-active="true"]').getAttribute("data-field")).toBe("answer");
      await page.keyboard.press(String(pick + 1));
    } else {
      await group.getByRole("radio").nth(pick).click();
    }
    answers.push(shown[pick]);
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

  // nothing the browser received says which candidate is right: in every response, each blank's
  // gold idiom occurs no more often than the least frequent of its distractors nobody chose (both
  // are there exactly as often as the candidate lists are), and no "answer" key carries a value
  expect(bodies.length).toBeGreaterThan(5);
  done = true;
  await page.unrouteAll({ behavior: "ignoreErrors" });
  expect(unread).toBe(0);
  let withCandidates = 0;
  for (const body of bodies) {
    expect(body).not.toMatch(/\\?"answer\\?"\s*:\s*\\?"/);
    for (const b of BLANKS) {
      const unchosen = b.candidates.filter((c) => !GOLDS.has(c) && !answers.includes(c));
      const floor = Math.min(...unchosen.map((c) => occurrences(body, c)));
      expect(occurrences(body, b.gold), `${b.gold} in a response of ${body.length} characters`).toBeLessThanOrEqual(floor);
      if (floor > 0) withCandidates++;
    }
  }
  // the check had something to look at: the candidates did reach the browser
  expect(withCandidates).toBeGreaterThan(0);
});

test("the manager's dashboard shows a model's accuracy beside the annotator's, never as an annotator", async ({ page }) => {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const segs = (await client.query<{ id: string; projectId: string; externalId: string }>(`SELECT s.id, s."projectId", s."externalId" FROM "Segment" s JOIN "Project" p ON p.id = s."projectId" WHERE p.slug = $1`, [slug])).rows;
    const projectId = segs[0].projectId;
    const endpoint = `ep-${slug}`;
    await client.query(`INSERT INTO "ModelEndpoint" (id, "projectId", name, "baseUrl", model) VALUES ($1, $2, 'lab', 'http://127.0.0.1:9/v1', 'idiom-llm')`, [endpoint, projectId]);
    // right on p1#1 and p2#1, wrong on p2#2
    const answers: Record<string, string> = { "p1#1": "画蛇添足", "p2#1": "守株待兔", "p2#2": "一石二鸟" };
    for (const [ext, value] of Object.entries(answers)) {
      await client.query(
        `INSERT INTO "Suggestion" (id, "projectId", "endpointId", "segmentId", "itemKey", field, value, status, model, "promptVersion", "promptText")
         VALUES ($1, $2, $3, $4, '-:-', 'answer', $5::jsonb, 'ok', 'idiom-llm', 'cloze@1', '[]')`,
        [`${endpoint}-${ext}`, projectId, endpoint, segs.find((x) => x.externalId === ext)!.id, JSON.stringify(value)],
      );
    }
  } finally {
    await client.end();
  }
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/dashboard`);
  const table = page.getByTestId("cr-st-subsets");
  await expect(table.locator("thead")).toContainText("lab:idiom-llm model");
  const row = (name: string) => table.locator("tbody tr").filter({ hasText: name });
  // the annotator chose distractors only: 0 %; the model 2 of 3, 1 of 1 on T1, 1 of 2 on T2
  await expect(row("All items").locator("td")).toHaveText(["All items", "0.0", "0.0", "66.7"]);
  await expect(row("transparency = T1").locator("td")).toHaveText(["transparency = T1", "0.0", "0.0", "100.0"]);
  await expect(row("transparency = T2").locator("td")).toHaveText(["transparency = T2", "0.0", "0.0", "50.0"]);
  // the model is not an annotator of the accuracy or agreement tables
  await expect(page.getByTestId("scheme-accuracy")).not.toContainText("idiom-llm");
  await page.getByTestId("cr-st-section").screenshot({ path: "e2e/screenshots/cr-st-dashboard.png" });
});
