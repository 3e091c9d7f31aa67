// A project on its own scheme over two target languages, in real Chromium (issue 28 point 4): the
// idiom scheme (lib/schemes/language/fixtures/idiom-judgement.json) with the same sources
// translated into French and German, two annotators' values in both imported as Tropos JSONL, and a
// model's suggestions for the French translations (inserted directly, as a suggestion job stores
// them). The dashboard shows the language tabs (French first, the primary language), each pair's
// agreement on its own, and the models beside the annotators. Screenshot:
// e2e/screenshots/scheme-languages-dashboard.png (French) and scheme-languages-dashboard-de.png.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signIn, USERS } from "./helpers";
import { sql } from "./sql";
import { tropos } from "./tropos";

const slug = `e2e-scheme-langs-${Date.now().toString(36)}`;
const J = (o: unknown) => JSON.stringify(o);
const RATERS = [USERS.annotator, USERS.annotator2];
const MEANING = ["kept", "literal", "lost"];

test.beforeAll(async () => {
  if (!process.env.E2E_DATABASE_URL) throw new Error("E2E_DATABASE_URL is not set (see scripts/e2e-prepare.ts)");
  const lines: string[] = [J({ type: "document", externalId: "idioms", title: "Idioms", language: "en" })];
  for (let i = 0; i < 6; i++) {
    const seg = `s${i + 1}`;
    lines.push(J({ type: "segment", documentId: "idioms", externalId: seg, index: i, text: `Idiom sentence ${i + 1}.`, language: "en", metaphorical: true }));
    RATERS.forEach((r, k) => lines.push(J({ type: "annotation", annotator: r, segmentId: seg, field: "transparency", value: 1 + ((i + k) % 7) })));
    for (const language of ["fr", "de"]) {
      for (const system of ["sys-a", "sys-b"]) {
        lines.push(J({ type: "translation", segmentId: seg, system, language, text: `${language} ${system} ${i + 1}` }));
        RATERS.forEach((r, k) => {
          // French: the annotators mostly agree; German: they mostly do not
          const m = language === "fr" ? (k === 1 && i === 0 ? 1 : i % 3) : (i + k) % 3;
          lines.push(J({ type: "annotation", annotator: r, segmentId: seg, system, language, field: "meaning", value: MEANING[m] }));
          lines.push(J({ type: "annotation", annotator: r, segmentId: seg, system, language, field: "fluency", value: 40 + 10 * (i % 4) + (language === "fr" ? k : 20 * k) }));
        });
      }
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), "tropos-scheme-langs-"));
  const file = path.join(dir, "study.jsonl");
  writeFileSync(file, lines.join("\n"));
  tropos("project", "create", slug, "--name", "Idioms in two languages", "--scheme", path.resolve("lib/schemes/language/fixtures/idiom-judgement.json"), "--source-lang", "en", "--target-lang", "fr,de", "--manager", USERS.manager);
  const [p] = await sql<{ id: string }>(`SELECT id FROM "Project" WHERE slug = $1`, [slug]);
  // the demo's annotators are members, so the import stores their values under their accounts
  await sql(
    `INSERT INTO "ProjectMember" (id, "projectId", "userId", role) SELECT gen_random_uuid()::text, $1, id, 'ANNOTATOR' FROM "User" WHERE email = ANY($2::text[])`,
    [p.id, RATERS],
  );
  tropos("import", file, "--project", slug);

  // a model's meaning of every French translation, stored as the suggestions of "lab:judge"
  const endpoint = `ep-${slug}`;
  await sql(`INSERT INTO "ModelEndpoint" (id, "projectId", name, "baseUrl", model) VALUES ($1, $2, 'lab', 'http://127.0.0.1:9/v1', 'judge')`, [endpoint, p.id]);
  const translations = await sql<{ id: string; segmentId: string }>(
    `SELECT t.id, t."segmentId" FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" WHERE s."projectId" = $1 AND t.language = 'fr'`,
    [p.id],
  );
  let n = 0;
  for (const t of translations) {
    await sql(
      `INSERT INTO "Suggestion" (id, "projectId", "endpointId", "segmentId", "translationId", "itemKey", field, value, status, model, "promptVersion", "promptText")
       VALUES ($1, $2, $3, $4, $5, $6, 'meaning', $7::jsonb, 'ok', 'judge', 'judge@1', '[]')`,
      [`${endpoint}-${n++}`, p.id, endpoint, t.segmentId, t.id, `${t.id}:-`, J(MEANING[n % 3])],
    );
  }
});

test("the dashboard of a custom scheme over two languages: language tabs, each pair's agreement, the model beside the annotators", async ({ page }) => {
  await signIn(page, USERS.manager);
  await page.goto(`/projects/${slug}/dashboard`);
  const tabs = page.getByTestId("language-tabs");
  await expect(tabs).toBeVisible();
  await expect(tabs.getByRole("link", { name: "en → fr" })).toHaveAttribute("aria-current", "page");
  const agreement = page.getByTestId("scheme-agreement");
  await expect(agreement).toContainText("Figurative meaning");
  await expect(page.getByTestId("includes-scheme-agreement")).toContainText('target language "fr"');
  const models = page.getByTestId("model-raters");
  await expect(models).toContainText("lab:judge");
  await page.screenshot({ path: "e2e/screenshots/scheme-languages-dashboard.png", fullPage: true });

  await tabs.getByRole("link", { name: "en → de" }).click();
  await expect(page).toHaveURL(/language=de/);
  await expect(page.getByTestId("language-tabs").getByRole("link", { name: "en → de" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("includes-scheme-agreement")).toContainText('target language "de"');
  await page.screenshot({ path: "e2e/screenshots/scheme-languages-dashboard-de.png", fullPage: true });
  // Apply keeps the pair
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/language=de/);

  // the agreement API gives the pair asked for
  const fr = (await (await page.request.get(`/api/projects/${slug}/reports/agreement?language=fr`)).json()) as { language?: string }[];
  expect(fr.length).toBeGreaterThan(0);
  expect(new Set(fr.map((f) => f.language))).toEqual(new Set(["fr"]));
  // the whole report is of the pair shown, with the model beside the annotators
  const full = (await (await page.request.get(`/api/projects/${slug}/reports/full`)).json()) as { filters: { language?: string }; languages: string[]; models?: { model: string }[] };
  expect(full.filters.language).toBe("fr");
  expect(full.languages).toEqual(["fr", "de"]);
  expect(full.models?.some((m) => m.model === "lab:judge")).toBe(true);
});
