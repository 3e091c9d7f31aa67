// Label Studio in and out on the real database (issue 20.5): a synthesized three-annotator export
// (tests/fixtures/label-studio, SOURCE.md) imported through its mapping into a project with its
// own scheme (a dry run first shows what lands where); the sentiment field's Fleiss' κ and Cohen's κ
// per pair equal statsmodels and sklearn (kappa.json); the project exported as Label Studio tasks
// with predictions imports into a new project as the same values, with the same κ.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { exportFile } from "@/lib/db/export/stream";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { labelStudioMappingFor } from "@/lib/export/label-studio-tasks";
import { labelStudioPlanText } from "@/lib/import/label-studio-plan";
import { parseLabelStudio } from "@/lib/import/parse-label-studio";
import kappa from "../fixtures/label-studio/kappa.json";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const dir = path.join(__dirname, "../fixtures/label-studio");
const EXPORT = readFileSync(path.join(dir, "three-annotators.json"));
const SCHEME = ZSchemeDefinition.parse(JSON.parse(readFileSync(path.join(dir, "scheme.json"), "utf8")));
const MAPPING = { name: "mapping.json", json: JSON.parse(readFileSync(path.join(dir, "mapping.json"), "utf8")) as unknown };

async function lsProject() {
  const p = await makeProject(db);
  await setProjectScheme(db, p.id, SCHEME, { actorId: null });
  // the export's annotators are the project's (an email that is not would be a placeholder rater: issue 27, point 7)
  for (const email of ["ls-ann1@lab.example", "ls-ann2@lab.example", "ls-ann3@lab.example"]) {
    const u = await db.user.upsert({ where: { email }, update: {}, create: { email } });
    await db.projectMember.create({ data: { projectId: p.id, userId: u.id, role: "ANNOTATOR" } });
  }
  return p;
}

const importInto = (project: { id: string; sourceLang: string; targetLang: string }, content: Buffer, mapping = MAPPING, dryRun = false) =>
  importFile(pool, { project, fileName: "export.json", content, options: { format: "auto", mapping }, dryRun });

async function values(projectId: string) {
  const r = await pool.query<{ k: string; value: unknown }>(
    `SELECT concat_ws('|', u.email, s."externalId", a.field) AS k, a.value FROM "Annotation" a JOIN "User" u ON u.id = a."annotatorId"
     JOIN "Segment" s ON s.id = a."segmentId" WHERE a."projectId" = $1 ORDER BY 1`,
    [projectId],
  );
  return r.rows;
}

async function sentimentKappas(projectId: string) {
  const report = await getSchemeReport(pool, projectId, (await getProjectRuntime(db, projectId)) as never);
  const figs = report.figures.filter((f) => f.field === "sentiment");
  const fleiss = figs.find((f) => f.statistic === "fleiss_kappa")!;
  const cohen = Object.fromEntries(
    figs.filter((f) => f.statistic === "cohen_kappa" && (f.weights ?? "unweighted") === "unweighted").map((f) => [f.annotators!.map((a) => a.replace(/^ls-ann(\d)@.*$/, "$1")).join("+"), f.value]),
  );
  return { fleiss: fleiss.value, cohen };
}

describe("Label Studio import and export", () => {
  it("shows the plan in a dry run: each control's field and region count, what is left out", () => {
    const r = parseLabelStudio("export.json", EXPORT, { scheme: SCHEME, mapping: MAPPING });
    expect(r.errors).toEqual([]);
    const plan = labelStudioPlanText("export.json", r.plan!);
    expect(plan.split("\n")[0]).toBe("export.json: 24 tasks → 24 items; annotators: ls-ann1@lab.example, ls-ann2@lab.example, ls-ann3@lab.example");
    expect(plan).toContain("  sentiment (choices) → field sentiment: 72 regions");
    expect(plan).toContain("  metaphor (labels) → field metaphor: 72 regions");
    expect(plan).toContain("  (no from_name) (relation) → left out: 1 region");
    expect(r.warnings.map((w) => w.message)).toContain("2 predictions of models left out (only tropos:<annotator> predictions are annotators' values)");
  });

  it("imports three annotators' labels; κ equals statsmodels and sklearn; the export round-trips", async () => {
    const project = await lsProject();
    const dry = await importInto(project, EXPORT, MAPPING, true);
    expect(dry.errors).toEqual([]);
    expect((await values(project.id)).length).toBe(0);
    const out = await importInto(project, EXPORT);
    expect(out.errors).toEqual([]);
    expect(out.counts).toMatchObject({ documents: 2, segments: 24 });
    const k = await sentimentKappas(project.id);
    expect(k.fleiss).toBeCloseTo(kappa.fleiss_kappa, 12);
    for (const [pair, v] of Object.entries(kappa.cohen_kappa)) expect(k.cohen[pair], pair).toBeCloseTo(v, 12);

    let text = "";
    for await (const line of exportFile(pool, db, project, "annotations", "label-studio").lines) text += line;
    const tasks = JSON.parse(text) as { data: Record<string, string>; predictions: { model_version: string; result: { from_name: string; type: string }[] }[] }[];
    expect(tasks).toHaveLength(24);
    expect(tasks[0].data).toMatchObject({ id: "s01", text: "The city is a jungle (1).", document: "set-1" });
    expect(tasks[0].predictions.map((p) => p.model_version)).toEqual(["tropos:ls-ann1@lab.example", "tropos:ls-ann2@lab.example", "tropos:ls-ann3@lab.example"]);

    const again = await lsProject();
    const back = await importInto(again, Buffer.from(text), { name: "generated", json: labelStudioMappingFor(SCHEME) });
    expect(back.errors).toEqual([]);
    expect(await values(again.id)).toEqual(await values(project.id));
    expect(await sentimentKappas(again.id)).toEqual(k);
  });

  it("refuses a bad mapping naming the file and path, and a region outside its text naming the task's line, storing nothing", async () => {
    const project = await lsProject();
    const bad = await importInto(project, EXPORT, { name: "map.json", json: { task: { text: "text" }, controls: [{ from: "sentiment", type: "choice", field: "sentiment" }] } });
    expect(bad.errors.map((e) => e.message)).toEqual(["map.json: controls[0].type: type is one of choices, labels, textarea, rating"]);
    const tasks = JSON.parse(EXPORT.toString("utf8")) as { annotations: { result: { value: { end?: number } }[] }[] }[];
    tasks[3].annotations[1].result[1].value.end = 500;
    const out = await importInto(project, Buffer.from(JSON.stringify(tasks, null, 1)));
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0].message).toMatch(/^task 4: a metaphor span \d+–500 lies outside its text \(\d+ characters\)$/);
    expect(out.errors[0].line).toBeGreaterThan(1);
    expect((await values(project.id)).length).toBe(0);
  });
});
