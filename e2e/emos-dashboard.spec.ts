// EMOS on the dashboard in real Chromium (issue 18 points 2, 3, 5, 6): a project made from the emos
// preset with two annotators' vectors and equivalence ratings imported as Tropos JSONL (two
// documents, two systems) and a classifier's vectors stored as a model's suggestions (inserted
// directly, as a suggestion job would store them). The manager sets the project's EMOS weights in
// Settings (weights that do not sum to 1 are refused with the sum), the dashboard then shows them,
// the per-system chart with bootstrap intervals, the emotion profiles, the validation scatter plots
// with r and n, the per-document table and the model beside the annotators; the scores export
// uses the same weights. Screenshots of each chart go to e2e/screenshots/.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signIn, USERS } from "./helpers";
import { sql } from "./sql";
import { tropos } from "./tropos";

const slug = `e2e-emos-dash-${Date.now().toString(36)}`;
const J = (o: unknown) => JSON.stringify(o);
const DIMS = ["happiness", "sadness", "fear", "anger", "surprise", "disgust", "neutrality"];
const RATERS = ["rater1@emos.e2e", "rater2@emos.e2e"];
const DOCS: Record<string, number> = { "water-margin": 4, "lu-xun": 3 };

/** A small deterministic generator (so the study is the same on every run). */
function lcg(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
}
const rnd = lcg(18);
const vector = (main: number, keep: number): Record<string, number> => {
  const v: Record<string, number> = {};
  v[DIMS[main]] = 3;
  if (rnd() < 0.6) v[DIMS[(main + 1 + Math.floor(rnd() * 6)) % 7]] = 1 + Math.floor(rnd() * 2);
  if (keep < 1 && rnd() > keep) v[DIMS[(main + 3) % 7]] = 3;
  return v;
};

test.beforeAll(async () => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const lines: string[] = [];
  const model: { segment: string; system: string | null; value: Record<string, number> }[] = [];
  let i = 0;
  for (const [doc, n] of Object.entries(DOCS)) {
    lines.push(J({ type: "document", externalId: doc, language: "zh", title: doc }));
    for (let k = 0; k < n; k++, i++) {
      const seg = `${doc}:${k + 1}`;
      const main = i % 7;
      lines.push(J({ type: "segment", documentId: doc, externalId: seg, index: k, text: `原文第${i + 1}句。`, language: "zh", metaphorical: false }));
      for (const r of RATERS) lines.push(J({ type: "annotation", annotator: r, segmentId: seg, field: "source_emotions", value: vector(main, 1) }));
      model.push({ segment: seg, system: null, value: vector(main, 1) });
      for (const [system, keep] of [["sys-a", 0.9], ["sys-b", 0.4]] as const) {
        lines.push(J({ type: "translation", segmentId: seg, system, language: "en", text: `Sentence ${i + 1} by ${system}.` }));
        for (const r of RATERS) {
          const v = vector(main, keep);
          const kept = Object.keys(v).length === 1 || v[DIMS[(main + 3) % 7]] === undefined;
          lines.push(J({ type: "annotation", annotator: r, segmentId: seg, system, field: "target_emotions", value: v }));
          lines.push(J({ type: "annotation", annotator: r, segmentId: seg, system, field: "equivalence", value: kept ? 4 + Math.floor(rnd() * 2) : 1 + Math.floor(rnd() * 3) }));
        }
        model.push({ segment: seg, system, value: vector(main, keep) });
      }
    }
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), "tropos-emos-dash-")), "emos-study.jsonl");
  writeFileSync(file, lines.join("\n"));
  tropos("project", "create", slug, "--name", "EMOS dashboard", "--scheme", "emos", "--source-lang", "zh", "--target-lang", "en", "--manager", USERS.manager);
  tropos("import", file, "--project", slug);

  // a classifier's vectors, stored as the suggestions of the model "lab:emo-clf"
  const [p] = await sql<{ id: string }>(`SELECT id FROM "Project" WHERE slug = $1`, [slug]);
  const endpoint = `ep-${slug}`;
  await sql(`INSERT INTO "ModelEndpoint" (id, "projectId", name, "baseUrl", model) VALUES ($1, $2, 'lab', 'http://127.0.0.1:9/v1', 'emo-clf')`, [endpoint, p.id]);
  const units = await sql<{ segment: string; segmentId: string; system: string | null; translationId: string | null }>(
    `SELECT s."externalId" AS segment, s.id AS "segmentId", m.name AS system, t.id AS "translationId"
     FROM "Segment" s LEFT JOIN "Translation" t ON t."segmentId" = s.id LEFT JOIN "MtSystem" m ON m.id = t."systemId" WHERE s."projectId" = $1`,
    [p.id],
  );
  let n = 0;
  for (const m of model) {
    const u = m.system === null ? units.find((x) => x.segment === m.segment)! : units.find((x) => x.segment === m.segment && x.system === m.system)!;
    await sql(
      `INSERT INTO "Suggestion" (id, "projectId", "endpointId", "segmentId", "translationId", "itemKey", field, value, status, model, "promptVersion", "promptText")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, 'ok', 'emo-clf', 'clf@1', '[]')`,
      [`${endpoint}-${n++}`, p.id, endpoint, u.segmentId, m.system === null ? null : u.translationId, m.system === null ? "-:-" : `${u.translationId}:-`, m.system === null ? "source_emotions" : "target_emotions", JSON.stringify(m.value)],
    );
  }
});

test("the manager sets the EMOS weights; the dashboard draws EMOS per system, profiles, validation and the model beside the annotators", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/settings`);
  const form = page.getByTestId("emos-weights");
  await expect(form).toContainText("Now the paper's (0.50, 0.35, 0.15)");
  const weight = (name: RegExp) => form.getByLabel(name);
  await weight(/^VSS/).fill("0.5");
  await weight(/^LMR/).fill("0.5");
  await weight(/^EDR/).fill("0.5");
  await expect(form.getByTestId("emos-weights-sum")).toHaveText("sum 1.5");
  await form.getByRole("button", { name: "Save weights" }).click();
  await expect(form.getByTestId("emos-weights-message")).toHaveText("EMOS weights must sum to 1: VSS 0.5 + LMR 0.5 + EDR 0.5 = 1.5");
  await weight(/^VSS/).fill("0.6");
  await weight(/^LMR/).fill("0.3");
  await weight(/^EDR/).fill("0.1");
  await form.getByRole("button", { name: "Save weights" }).click();
  await expect(form.getByTestId("emos-weights-message")).toHaveText("EMOS weights saved.");
  await expect(form).toContainText("This project sets its own.");
  await form.screenshot({ path: "e2e/screenshots/emos-weights-settings.png" });

  await page.goto(`/projects/${slug}/dashboard`);
  const section = page.getByTestId("emos-section");
  await expect(section.getByTestId("emos-weights-note")).toContainText("Weights: VSS 0.6, LMR 0.3, EDR 0.1");
  await expect(section.getByTestId("emos-weights-note")).toContainText("14 translations scored");

  const systems = section.getByTestId("chart-emos-systems");
  await expect(systems.locator("svg.recharts-surface").first()).toBeVisible();
  await expect.poll(() => systems.locator(".recharts-errorBar").count()).toBeGreaterThan(0);
  await expect(systems.getByTestId("chart-n")).toContainText("n = 14 translations over 2 systems");
  const profile = section.getByTestId("chart-emos-profile");
  await expect.poll(() => profile.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(7);
  await expect(profile.getByTestId("chart-n")).toContainText("the 7 segments with a scored translation");
  const validation = section.getByTestId("chart-emos-validation");
  for (const m of ["VSS", "LMR", "EDR", "EMOS"]) await expect(validation.getByTestId(`scatter-${m}`)).toContainText(new RegExp(`${m}: r = -?\\d\\.\\d{3} \\(n = 14\\)`));
  await expect.poll(() => validation.getByTestId("scatter-EMOS").locator(".recharts-scatter-symbol").count()).toBe(14);
  await expect(section.getByTestId("emos-models-table")).toContainText("lab:emo-clf");
  await section.getByTestId("emos-documents").locator("summary").click();
  await expect(section.getByTestId("emos-documents")).toContainText("water-margin");

  for (const [el, name] of [[systems, "emos-systems"], [profile, "emos-profile"], [validation, "emos-validation"], [section.getByTestId("emos-models"), "emos-models"]] as const) {
    await el.scrollIntoViewIfNeeded();
    await el.screenshot({ path: `e2e/screenshots/${name}.png` });
  }
  await section.screenshot({ path: "e2e/screenshots/emos-dashboard.png" });

  // the scores export uses the project's weights: EMOS = 0.6·VSS + 0.3·LMR + 0.1·EDR on every row
  const rows = (await (await page.request.get(`/api/projects/${slug}/export?what=scores&format=json`)).json()) as Record<string, string | number | null>[];
  const perSystem = rows.filter((r) => r.metric !== undefined && r.segmentId === undefined && r.document === undefined && r.model === undefined && r.statistic === undefined);
  expect(perSystem).toHaveLength(8);
  for (const system of ["sys-a", "sys-b"]) {
    const v = (m: string) => perSystem.find((r) => r.system === system && r.metric === m)!.value as number;
    expect(v("EMOS")).toBeCloseTo(0.6 * v("VSS") + 0.3 * v("LMR") + 0.1 * v("EDR"), 12);
    await expect(section.getByTestId("emos-systems")).toContainText(v("EMOS").toFixed(3));
  }
  expect(rows.some((r) => r.model === "lab:emo-clf" && r.statistic === "pearson_r" && r.with === "humans")).toBe(true);

  // back to the paper's weights
  await page.goto(`/projects/${slug}/settings`);
  await page.getByTestId("emos-weights").getByRole("button", { name: "Use the paper's weights" }).click();
  await expect(page.getByTestId("emos-weights-message")).toHaveText("The paper's weights are used again.");
  await page.goto(`/projects/${slug}/dashboard`);
  await expect(page.getByTestId("emos-weights-note")).toContainText("Weights: VSS 0.5, LMR 0.35, EDR 0.15");
});
