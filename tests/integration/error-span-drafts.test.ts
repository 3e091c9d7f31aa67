// Draft error spans (issue 13, point 7) on the one runtime, on real PostgreSQL. A span whose
// category or severity is not chosen yet is a draft: the workspace keeps the translation's list
// with it in the browser and never sends it (lib/workspace/span-drafts.ts, unit-tested in
// span-drafts.test.ts), and the server would refuse it anyway, so it never enters a report figure
// or an export; the translation keeps its last complete list, which is what the item loader
// returns. A translation whose only marks are drafts has no value: the item cannot be submitted.
// (The built-in runtime stored drafts as ErrorSpan rows with category/severity null; that path is
// gone, and with it the server-side draft a second device could see.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { useTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import { completeSchemeItem } from "./complete-scheme-item";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { applyAssignmentAction } from "@/lib/db/workspace/assignment";
import { readReportData } from "@/lib/db/reports/report-data";
import { exportMqmLines } from "@/lib/db/export/mqm";
import { schemePaperDataOf } from "@/lib/reports/analyses/paper/paper-data";
import { ZSchemeConfig, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";

let db: Db;
let pool: Pool;
const config: TSchemeConfig = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true });
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let runtime: TSchemeRuntime;
let a1: string;
let seg: { id: string; translations: { id: string }[] };

beforeAll(async () => {
  useTestDatabase();
  db = (await import("@/lib/db/client")).getDb();
  pool = (await import("@/lib/db/pg-pool")).getPgPool();
  a1 = (await makeUser(db, { tag: "drafts" })).id;
  const p = await makeProject(db, [{ userId: a1, roles: ["ANNOTATOR"] }]);
  await db.project.update({ where: { id: p.id }, data: { schemeConfig: config } });
  project = { id: p.id, slug: p.slug, sourceLang: "en", targetLang: "zh" };
  // the first read stores the preset of the project's parts (MMTE and MetaHOPE) as its version 1
  runtime = await getProjectRuntime(db, p.id);
  await loadImport(pool, { projectId: p.id, fileName: "demo-corpus.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  await createAssignments(db, { projectId: p.id, annotatorIds: [a1], perItem: 1, shuffle: false });
  seg = await db.segment.findFirstOrThrow({
    where: { projectId: p.id, externalId: "demo-doc-1-s1" },
    select: { id: true, translations: { select: { id: true }, orderBy: { id: "asc" } } },
  });
});

afterAll(async () => {
  await (await import("@/lib/db/client")).disconnectDb();
  await (await import("@/lib/db/pg-pool")).closePgPool();
});

/** The errors export (`--what errors --format mqm`): category of every row but the No-error ones. */
async function mqmCategories(): Promise<string[]> {
  const lines: string[] = [];
  for await (const l of exportMqmLines(pool, project.id, runtime.definition, "mqm")) lines.push(l);
  return lines
    .slice(1)
    .map((l) => l.replace(/\n$/, "").split("\t")[7])
    .filter((c) => c !== "No-error")
    .sort();
}

/** The error spans the MetaHOPE paper tables count (lib/reports/analyses/paper/paper-data.ts over the report rows). */
async function reportedSpans() {
  return schemePaperDataOf(await readReportData(db, project.id), runtime.definition, () => null).data.errorSpans;
}

const saveErrors = (translationId: string, value: unknown, baseVersion: number) =>
  saveAnnotation(pool, { projectId: project.id, annotatorId: a1, config, runtime, input: { segmentId: seg.id, translationId, mrwId: null, field: "METAHOPE_ERRORS", value, baseVersion } });

const stored = () => db.annotation.findMany({ where: { annotatorId: a1, field: "METAHOPE_ERRORS" }, select: { translationId: true, value: true, version: true }, orderBy: { translationId: "asc" } });

describe("draft error spans", () => {
  it("are never stored, keep the item from being submitted, stay out of reports and exports until complete", async () => {
    const t = seg.translations[0].id;
    const complete = { start: 0, end: 1, label: "PRF", attributes: { severity: 2 } };
    expect((await saveErrors(t, [complete], 0)).version).toBe(1);

    // the list with a draft beside the complete span (no severity, or no category yet): refused, naming the value
    for (const draft of [
      { start: 2, end: 4, label: "MIS" },
      { start: 2, end: 4, attributes: { severity: 6 } },
    ]) {
      const e = await rejection(saveErrors(t, [complete, draft], 1));
      expect([e.code, e.detail]).toEqual(["BAD_REQUEST", { field: "value" }]);
      expect(e.message).toMatch(/^METAHOPE_ERRORS: span 2/);
    }
    // a span's offsets are checked as well
    const past = await rejection(saveErrors(t, [complete, { start: 0, end: 999, label: "MIS", attributes: { severity: 6 } }], 1));
    expect(past.message).toMatch(/runs past the end/);
    expect(await stored()).toEqual([{ translationId: t, value: [complete], version: 1 }]);

    // the reload: the item loader returns the last complete list
    const item = await getSchemeWorkspaceItem(db, { project, config, annotatorId: a1, segmentKey: seg.id, runtime });
    expect(item.annotations.filter((a) => a.field === "METAHOPE_ERRORS").map((a) => [a.translationId, a.value])).toEqual([[t, [complete]]]);

    // everything else done, the other translations' marks still drafts in the browser: submit is refused, naming them
    await completeSchemeItem(db, pool, { project, config, runtime, annotatorId: a1, segmentId: seg.id, leave: ["METAHOPE_ERRORS"] });
    const submit = () => applyAssignmentAction(db, { project, config, runtime, annotatorId: a1, segmentId: seg.id, action: { action: "submit", activeMs: 0 } });
    const refused = await rejection(submit());
    expect(refused.code).toBe("UNPROCESSABLE");
    const missing = (refused.detail as { missing: { field: string; translationId: string | null }[] }).missing;
    expect(missing.map((m) => [m.field, m.translationId]).sort()).toEqual(seg.translations.slice(1).map((x) => ["METAHOPE_ERRORS", x.id]).sort());

    // reports and exports see only the complete span
    expect(await reportedSpans()).toEqual([expect.objectContaining({ annotatorId: a1, translationId: t, category: "PRF", penalty: 2 })]);
    expect(await mqmCategories()).toEqual(["PRF"]);

    // choosing category and severity completes the draft: the list is sent, it counts
    await saveErrors(t, [complete, { start: 2, end: 4, label: "MIS", attributes: { severity: 6 } }], 1);
    expect((await reportedSpans()).map((e) => e.category).sort()).toEqual(["MIS", "PRF"]);
    expect(await mqmCategories()).toEqual(["MIS", "PRF"]);
    // the other translations reviewed (no error: the empty list): the item is submitted
    for (const x of seg.translations.slice(1)) await saveErrors(x.id, [], 0);
    expect((await submit()).status).toBe("DONE");
  });
});
