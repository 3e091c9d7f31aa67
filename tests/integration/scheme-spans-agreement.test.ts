// Agreement of spans fields through the database (issue 14 point 6): the report data gives each
// unit's text (a translation, the source, a role's text), and the scheme report computes the
// per-character figures from it. The figures below are counted by hand on these short texts (the
// statistics themselves are checked against nltk, sklearn and statsmodels in
// lib/reports/scheme-spans-agreement.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { createProject } from "@/lib/db/projects/create-project";
import { importFile } from "@/lib/db/import/import-file";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { getSchemeReportData } from "@/lib/db/reports/scheme-report-data";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const SCHEME = ZSchemeDefinition.parse({
  id: "marks",
  version: 1,
  name: "Marks",
  roles: [{ id: "premise", label: "Premise" }],
  fields: [
    { id: "errors", scope: "translation", kind: "spans", label: "Errors", labels: [{ value: "X" }, { value: "Y" }] },
    { id: "source-marks", scope: "segment", kind: "spans", label: "Source marks", labels: [{ value: "M" }] },
    { id: "cues", scope: { role: "premise" }, kind: "spans", label: "Cues", labels: [{ value: "C" }] },
  ],
});

const J = (o: unknown) => JSON.stringify(o);

describe("spans agreement per character, from the database", () => {
  it("reads each unit's text and codes its characters", async () => {
    const { project } = await createProject(
      db,
      { slug: `spans-${process.pid}`, name: "Spans", sourceLang: "en", targetLang: "zh", scheme: "mmte", members: [] },
      { actorId: null, via: "cli", inviteMissing: false, definition: { scheme: SCHEME } },
    );
    const ann = (annotator: string, o: Record<string, unknown>) => J({ type: "annotation", annotator, segmentId: "s1", ...o });
    const lines = [
      J({ type: "document", externalId: "d1", language: "en" }),
      J({ type: "segment", documentId: "d1", externalId: "s1", index: 0, text: "big rain", language: "en", metaphorical: true, texts: { premise: "it poured" } }),
      J({ type: "translation", segmentId: "s1", system: "S", language: "zh", text: "ab cd" }),
      // errors on "ab cd": a marks "ab" X, b marks "a" X → a: X X none none, b: X none none none
      ann("a@spans.test", { system: "S", field: "errors", value: [{ start: 0, end: 2, label: "X" }] }),
      ann("b@spans.test", { system: "S", field: "errors", value: [{ start: 0, end: 1, label: "X" }] }),
      // the source "big rain": both mark "rain" → every one of the 7 characters agrees
      ann("a@spans.test", { field: "source-marks", value: [{ start: 4, end: 8, label: "M" }] }),
      ann("b@spans.test", { field: "source-marks", value: [{ start: 4, end: 8, label: "M" }] }),
      // the premise "it poured": a marks "poured", b marks nothing ([]) → 2 of 8 characters agree
      ann("a@spans.test", { role: "premise", field: "cues", value: [{ start: 3, end: 9, label: "C" }] }),
      ann("b@spans.test", { role: "premise", field: "cues", value: [] }),
    ];
    const out = await importFile(pool, { project: { id: project.id, sourceLang: "en", targetLang: "zh" }, fileName: "spans.jsonl", content: Buffer.from(lines.join("\n")), options: { format: "auto" }, dryRun: false });
    expect(out.errors.map((e) => `${e.line} ${e.field}: ${e.message}`)).toEqual([]);

    const data = await getSchemeReportData(pool, project.id, SCHEME);
    expect([...data.unitTexts.values()].sort()).toEqual(["ab cd", "big rain", "it poured"]);

    const runtime = await getProjectRuntime(db, project.id);
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const report = await getSchemeReport(pool, project.id, runtime);
    const exact = (field: string, system: string) => report.figures.find((f) => f.field === field && f.system === system && f.statistic === "exact_agreement");
    expect([exact("errors", "S")?.value, exact("errors", "S")?.n]).toEqual([75, 4]);
    expect([exact("errors", "all")?.value, exact("errors", "all")?.n]).toEqual([75, 4]);
    expect([exact("source-marks", "all")?.value, exact("source-marks", "all")?.n]).toEqual([100, 7]);
    expect([exact("cues", "all")?.value, exact("cues", "all")?.n]).toEqual([25, 8]);
    // Cohen's κ on errors: observed 3/4; a says X on 2 of 4, b on 1 of 4 → expected (2·1 + 2·3)/16 = 1/2 → κ = 1/2
    const kappa = report.figures.find((f) => f.field === "errors" && f.system === "S" && f.statistic === "cohen_kappa");
    expect(kappa?.value).toBeCloseTo(0.5, 12);
  });
});
