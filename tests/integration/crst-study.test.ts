// A CR-ST study through the database path (issue 17): ChID paragraphs imported into a project made
// from the cr-st preset, three annotators' answers imported as Tropos JSONL `annotation` lines
// addressed to the blanks' ids `X#k`, a model's answers as suggestions; then the agreement export
// (accuracy per annotator, mean_accuracy, Fleiss' kappa over candidate positions), the scores export
// (the same by transparency subset, the model's rows, the confusion list) and the whole report equal
// the independent values of scripts/research/crst_study_fixture.py (python, statsmodels).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import fixture from "@/lib/reports/fixtures/crst-study.json";
import { CR_ST_PRESET } from "@/lib/schemes/presets/cr-st";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile } from "@/lib/db/import/import-file";
import { exportFile, type TExportFormat, type TExportWhat } from "@/lib/db/export/stream";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { buildSchemeFullReport } from "@/lib/reports/scheme-full-report";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail, makeProject } from "./fixtures";

let db: Db;
let pool: Pool;
let project: { id: string; slug: string; name: string };
beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  project = await makeProject(db);
  await setProjectScheme(db, project.id, CR_ST_PRESET, { actorId: null });
  const load = async (fileName: string, lines: unknown[]) => {
    const outcome = await importFile(pool, {
      project: { id: project.id, sourceLang: "zh", targetLang: "en" },
      fileName,
      content: Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n")),
      options: { format: "auto" },
      dryRun: false,
    });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    return outcome;
  };
  expect((await load("chid_study.txt", fixture.chid)).format).toBe("chid");
  await addMembersByEmail(db, project.id, [...new Set(fixture.annotations.map((a: { annotator: string }) => a.annotator))]);
  expect((await load("answers.jsonl", fixture.annotations)).counts.annotations).toBe(fixture.annotations.length);
  // the model's answers, as the suggestion job stores them for a segment-scope field; an older
  // answer of another prompt version and a failed request do not count
  const endpoint = await db.modelEndpoint.create({ data: { projectId: project.id, name: fixture.model.endpoint, baseUrl: "http://127.0.0.1:1/v1", model: fixture.model.model } });
  const segments = new Map((await db.segment.findMany({ where: { projectId: project.id }, select: { id: true, externalId: true } })).map((s) => [s.externalId, s.id]));
  const base = { projectId: project.id, endpointId: endpoint.id, model: fixture.model.model, itemKey: "-:-", field: "answer", promptText: "[]" };
  const blank = fixture.blanks[0];
  await db.suggestion.create({ data: { ...base, segmentId: segments.get(blank.segmentId)!, value: blank.gold === blank.candidates[0] ? blank.candidates[1] : blank.candidates[0], status: "ok", promptVersion: "v0", createdAt: new Date(Date.now() - 60_000) } });
  await db.suggestion.createMany({ data: fixture.model.answers.map((a) => ({ ...base, segmentId: segments.get(a.segmentId)!, value: a.value, status: "ok", promptVersion: "v1" })) });
  await db.suggestion.create({ data: { ...base, segmentId: segments.get(fixture.blanks[1].segmentId)!, status: "failed", failure: "timeout", promptVersion: "v2" } });
});
afterAll(closeTestDatabase);

type TRow = Record<string, string | number | null>;
async function exported(what: TExportWhat, format: TExportFormat = "json"): Promise<TRow[]> {
  let text = "";
  for await (const line of exportFile(pool, db, project, what, format).lines) text += line;
  return JSON.parse(text) as TRow[];
}

const MODEL = `${fixture.model.endpoint}:${fixture.model.model}`;

describe("a CR-ST study imported from ChID and Tropos JSONL", () => {
  it("stores each JSONL answer addressed to X#k on blank k of item X (the line number names an item without id)", async () => {
    const rows = await pool.query<{ externalId: string; text: string; lists: { candidates: string[]; answer: string }; annotator: string; value: string }>(
      `SELECT s."externalId", s.text, s.lists, u.email AS annotator, a.value #>> '{}' AS value
       FROM "Annotation" a JOIN "Segment" s ON s.id = a."segmentId" JOIN "User" u ON u.id = a."annotatorId" WHERE a."projectId" = $1 AND a.field = 'answer'`,
      [project.id],
    );
    expect(rows.rows).toHaveLength(fixture.annotations.length);
    for (const a of fixture.annotations) {
      const [item, k] = a.segmentId.split("#");
      const row = rows.rows.find((r) => r.externalId === a.segmentId && r.annotator === a.annotator)!;
      expect(row.value).toBe(a.value);
      // blank k of the item's line: its own candidates and gold, its own blank marked in the paragraph
      const line = fixture.chid.find((l, i) => ("id" in l ? l.id : String(i + 1)) === item)!;
      expect(row.lists.candidates).toEqual(line.candidates[Number(k) - 1]);
      expect(row.lists.answer).toBe(line.groundTruth[Number(k) - 1]);
      const marks = row.text.match(/［(?:____|…)］/g)!;
      expect(marks).toHaveLength(line.realCount);
      expect(marks.map((m, i) => (m === "［____］" ? i + 1 : 0)).filter(Boolean)).toEqual([Number(k)]);
    }
    // the item without an id is its line number (5), with two blanks
    expect(rows.rows.filter((r) => r.externalId.startsWith("5#")).map((r) => r.externalId).sort()).toEqual([...Array(3).fill("5#1"), ...Array(3).fill("5#2")]);
  });

  it("the agreement export gives each annotator's accuracy, their mean and Fleiss' kappa over candidate positions equal to statsmodels", async () => {
    const figures = (await exported("agreement")).filter((f) => f.field === "answer" && f.system === "all");
    const all = fixture.expected.groups[0];
    for (const [annotator, want] of Object.entries(all.annotators)) {
      const f = figures.find((x) => x.statistic === "accuracy" && x.annotator === annotator)!;
      expect([f.value as number, f.n], annotator).toEqual([expect.closeTo(want.value, 9), want.n]);
    }
    const mean = figures.find((x) => x.statistic === "mean_accuracy")!;
    expect([mean.value as number, mean.n]).toEqual([expect.closeTo(all.mean.value, 9), 3]);
    const kappa = figures.find((x) => x.statistic === "fleiss_kappa" && (x.label === undefined || x.label === null))!;
    expect([kappa.value as number, kappa.n]).toEqual([expect.closeTo(fixture.expected.fleiss_kappa.value, 9), fixture.expected.fleiss_kappa.n]);
    // the model is never an annotator of these figures: it has rows of its own (rater "model"), outside the mean
    const modelRows = figures.filter((x) => String(x.annotator ?? "").includes(MODEL));
    expect(modelRows.length).toBeGreaterThan(0);
    expect(modelRows.every((x) => x.rater === "model")).toBe(true);
  });

  it("the scores export gives the results table by subset with the model beside the annotators, Fleiss' kappa and the confusion list (CSV and JSON)", async () => {
    const rows = await exported("scores");
    for (const g of fixture.expected.groups) {
      const here = rows.filter((r) => r.table === "accuracy" && r.attribute === g.attribute && r.subset === g.subset);
      for (const [annotator, want] of Object.entries(g.annotators)) {
        const r = here.find((x) => x.annotator === annotator)!;
        expect(r, `${g.subset} ${annotator}`).toEqual({ table: "accuracy", attribute: g.attribute, subset: g.subset, annotator, statistic: "accuracy", value: expect.closeTo(want.value, 9), n: want.n });
      }
      expect(here.find((x) => x.statistic === "mean_accuracy")).toEqual({ table: "accuracy", attribute: g.attribute, subset: g.subset, statistic: "mean_accuracy", value: expect.closeTo(g.mean.value, 9), n: 3 });
      expect(here.find((x) => x.model !== undefined)).toEqual({ table: "accuracy", attribute: g.attribute, subset: g.subset, model: MODEL, statistic: "accuracy", value: expect.closeTo(g.model.value, 9), n: g.model.n });
      expect(here).toHaveLength(Object.keys(g.annotators).length + 2);
    }
    expect(rows.find((r) => r.table === "agreement")).toEqual({ table: "agreement", statistic: "fleiss_kappa", value: expect.closeTo(fixture.expected.fleiss_kappa.value, 9), n: 16 });
    const confusion = rows.filter((r) => r.table === "confusion").map((r) => ({ segmentId: r.segmentId, gold: r.gold, candidate: r.candidate, annotators: r.annotators }));
    const key = (c: { segmentId: unknown; candidate: unknown }) => `${String(c.segmentId)} ${String(c.candidate)}`;
    expect([...confusion].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([...fixture.expected.confusion].sort((a, b) => key(a).localeCompare(key(b))));

    // CSV: one header with the CR-ST columns, a row per JSON row
    let csv = "";
    for await (const line of exportFile(pool, db, project, "scores", "csv").lines) csv += line;
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe("table,attribute,subset,annotator,model,statistic,value,n,segmentId,gold,candidate,annotators");
    expect(lines).toHaveLength(rows.length + 1);
  });

  it("the whole JSON report carries the same rows", async () => {
    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const external = new Map((await db.segment.findMany({ where: { projectId: project.id }, select: { id: true, externalId: true } })).map((s) => [s.id, s.externalId]));
    const report = await getSchemeReport(pool, project.id, runtime);
    const full = buildSchemeFullReport({ project: { slug: project.slug, name: project.name, sourceLang: "zh", targetLang: "en" }, filters: {}, report, definition: runtime.definition, externalIdOf: (id) => external.get(id)! });
    expect(JSON.parse(JSON.stringify(full.scores))).toEqual(await exported("scores"));
    expect(full.emosWeights).toBeUndefined();
  });
});
