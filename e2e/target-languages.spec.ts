// One study over two target languages with two annotator groups (issue 19 point 1), as MMTE ran
// EN→ZH and EN→IT: an annotator of the ZH group never sees IT work and the other way round (page,
// item API, a save aimed at the other language's translation), the dashboard reports one language
// pair at a time with figures 6 and 7, and the adjudicator works one pair at a time. The spec
// seeds its own project through the CLI.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { apiSignIn, screenshot, signIn, USERS } from "./helpers";
import { tropos } from "./tropos";

const slug = `e2e-langs-${Date.now().toString(36)}`;
const J = (o: unknown) => JSON.stringify(o);
const SYSTEMS = ["mt-alpha", "llm-gamma"];
const N = 4;
// each language's texts carry a marker the other language never has
const ZH = (i: number, k: number) => `价格在风暴${i}之后飞涨了${k}倍。`;
const IT = (i: number, k: number) => `I prezzi sono saliti alle stelle dopo la tempesta ${i} (${k}).`;

test.beforeAll(() => {
  tropos("project", "create", slug, "--name", "Two-language study E2E", "--scheme", "mmte", "--target-lang", "zh,it", "--manager", USERS.manager);
  const lines = [J({ type: "document", externalId: "d", language: "en", title: "Storms" })];
  for (let i = 0; i < N; i++) {
    lines.push(J({ type: "segment", documentId: "d", externalId: `s${i}`, index: i, text: `Prices skyrocketed after storm ${i}.`, language: "en", metaphorical: true }));
    lines.push(J({ type: "mrw", segmentId: `s${i}`, externalId: "m1", spans: [{ start: 7, end: 18 }], token: "skyrocketed", pos: "VERB", active: true, metaphorical: true }));
    SYSTEMS.forEach((system, k) => {
      lines.push(J({ type: "translation", segmentId: `s${i}`, system, language: "zh", text: ZH(i, k) }));
      lines.push(J({ type: "translation", segmentId: `s${i}`, system, language: "it", text: IT(i, k) }));
      // two raters per language (imported work), so the dashboard and the queue have something to show
      for (const [lang, raters] of [["zh", ["zh-r1@lab.org", "zh-r2@lab.org"]], ["it", ["it-r1@lab.org", "it-r2@lab.org"]]] as const) {
        raters.forEach((rater, r) => {
          const v = 1 + ((i + k + r + (lang === "it" ? 2 : 0)) % 5);
          for (const field of ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"]) lines.push(J({ type: "annotation", annotator: rater, segmentId: `s${i}`, system, language: lang, field, value: v }));
          lines.push(J({ type: "annotation", annotator: rater, segmentId: `s${i}`, system, language: lang, mrwId: "m1", field: "EQUIVALENCE", value: (i + (r === 1 && i === 3 ? 1 : 0)) % 2 ? "FULL" : "PART" }));
          lines.push(J({ type: "annotation", annotator: rater, segmentId: `s${i}`, system, language: lang, mrwId: "m1", field: "AUTHENTICITY", value: v }));
        });
      }
    });
  }
  const dir = mkdtempSync(path.join(tmpdir(), "tropos-langs-"));
  writeFileSync(path.join(dir, "study.jsonl"), lines.join("\n") + "\n");
  tropos("import", path.join(dir, "study.jsonl"), "--project", slug);
  tropos("group", "create", "zh-1", "--project", slug, "--language", "zh", "--members", USERS.annotator);
  tropos("group", "create", "it-1", "--project", slug, "--language", "it", "--members", USERS.annotator2);
  tropos("assign", "--project", slug, "--group", "zh-1", "--per-item", "1", "--no-shuffle");
  tropos("assign", "--project", slug, "--group", "it-1", "--per-item", "1", "--no-shuffle");
});

for (const [who, mine, theirs, myText, theirText] of [
  ["annotator", "zh", "it", ZH, IT],
  ["annotator2", "it", "zh", IT, ZH],
] as const) {
  test(`an annotator of the ${mine.toUpperCase()} group sees only ${mine} translations, never ${theirs} work`, async ({ page, baseURL }) => {
    await signIn(page, USERS[who]);
    await page.goto(`/projects/${slug}/queue`);
    await page.goto(`/projects/${slug}/items/s0`);
    await expect(page.getByText(myText(0, 0))).toBeVisible();
    await expect(page.getByText(myText(0, 1))).toBeVisible();
    const html = await page.content();
    for (let k = 0; k < SYSTEMS.length; k++) expect(html).not.toContain(theirText(0, k));
    if (mine === "zh") await screenshot(page, "target-languages-zh-item");

    // the item API answers the same, and a save aimed at the other language's translation is not found
    const item = await (await page.request.get(`/api/projects/${slug}/items/s0`)).json();
    expect(item.project.targetLang).toBe(mine);
    expect(item.translations.map((t: { text: string }) => t.text).sort()).toEqual(SYSTEMS.map((_, k) => myText(0, k)).sort());
    // the other group's member reads their own item to learn the id the attack needs
    const other = await playwrightRequest.newContext({ baseURL });
    await apiSignIn(other, USERS[who === "annotator" ? "annotator2" : "annotator"]);
    const theirItem = await (await other.get(`/api/projects/${slug}/items/s0`)).json();
    await other.dispose();
    const foreign = theirItem.translations[0].id as string;
    const save = await page.request.put(`/api/projects/${slug}/annotations`, { data: { segmentId: item.segment.id, translationId: foreign, field: "FLUENCY", value: 5, baseVersion: 0 } });
    expect(save.status()).toBe(404);
    // and the annotator's own translation saves
    const ok = await page.request.put(`/api/projects/${slug}/annotations`, { data: { segmentId: item.segment.id, translationId: item.translations[0].id, field: "FLUENCY", value: 4, baseVersion: 0 } });
    expect(ok.status()).toBe(200);
  });
}

test("the dashboard reports one language pair at a time and compares them (MMTE figures 6 and 7)", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/dashboard`);
  const tabs = page.getByTestId("language-tabs");
  await expect(tabs.getByRole("link", { name: "en → zh" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("includes-mmte")).toContainText('target language "zh"');
  // the raters agree on the label of every instance but one (s3), whose majority is a tie
  await expect(page.getByTestId("chart-quality-by-equivalence")).toContainText(`n = ${(N - 1) * SYSTEMS.length} MRW instances`);
  const comparison = page.getByTestId("chart-language-comparison");
  await expect(comparison).toContainText(`en → zh: ${N * SYSTEMS.length} translations`);
  await expect(comparison).toContainText(`en → it: ${N * SYSTEMS.length} translations`);
  await expect(comparison.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await comparison.scrollIntoViewIfNeeded();
  await screenshot(page, "target-languages-dashboard");

  await tabs.getByRole("link", { name: "en → it" }).click();
  await expect(page).toHaveURL(/language=it/);
  await expect(page.getByTestId("language-tabs").getByRole("link", { name: "en → it" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("includes-mmte")).toContainText('target language "it"');
  // the options form keeps the pair
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/language=it/);

  // settings: the languages and the groups with their members
  await page.goto(`/projects/${slug}/settings`);
  const groups = page.getByTestId("languages-groups");
  await expect(groups.getByLabel(/Target languages of en/)).toHaveValue("zh, it");
  await expect(groups.getByTestId("group-zh-1")).toContainText(USERS.annotator);
  await expect(groups.getByTestId("group-it-1")).toContainText(USERS.annotator2);
  // a second language for a group member is refused, with the reason
  await groups.getByTestId("group-it-1").getByLabel("Add an annotator to it-1").selectOption(USERS.annotator);
  await groups.getByTestId("group-it-1").getByRole("button", { name: "add" }).click();
  await expect(page.getByTestId("languages-groups-message")).toContainText('is in group "zh-1" (zh); an annotator works in one language per project');
  await groups.scrollIntoViewIfNeeded();
  await screenshot(page, "target-languages-settings");
});

test("the adjudicator works one language pair at a time", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/adjudication`);
  const queue = page.getByTestId("adjudication-queue");
  await expect(queue.getByRole("columnheader", { name: "Language" })).toBeVisible();
  // an Italian row of the first sentence opens the item in Italian
  const itRow = queue.getByRole("row").filter({ hasText: "Prices skyrocketed after storm 0." }).filter({ has: page.getByRole("cell", { name: "it", exact: true }) }).first();
  await itRow.getByTestId("queue-sentence").click();
  await expect(page).toHaveURL(/language=it/);
  const item = page.getByTestId("adjudication-item");
  await expect(item.getByTestId("adjudication-languages").getByRole("link", { name: "it" })).toHaveAttribute("aria-current", "page");
  await expect(item).toContainText(IT(0, 0));
  expect(await item.innerText()).not.toContain(ZH(0, 0));
  await screenshot(page, "target-languages-adjudication");
  await item.getByTestId("adjudication-languages").getByRole("link", { name: "zh" }).click();
  await expect(page.getByTestId("adjudication-item")).toContainText(ZH(0, 0));
  expect(await page.getByTestId("adjudication-item").innerText()).not.toContain(IT(0, 0));
});

test("a study kept in two projects is compared on the study view", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto("/projects");
  const form = page.getByTestId("compare-projects");
  await form.getByLabel(/^Demo: metaphors in the news \(EN→ZH\)/).check();
  await form.getByLabel(/^Demo: metaphors in the news \(EN→IT\)/).check();
  await form.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/\/study\?projects=/);
  const chart = page.getByTestId("chart-language-comparison");
  await expect(chart).toContainText("demo: en → zh");
  await expect(chart).toContainText("demo-it: en → it");
  await expect(page.getByRole("heading", { name: /→ it$/ })).toBeVisible();
  await screenshot(page, "study-view");
  // a project the caller may not read is named unavailable, like one that does not exist
  await page.goto("/study?projects=demo,other,no-such-project");
  await expect(page.getByTestId("study-unavailable")).toContainText("other, no-such-project");
});
