// Draft error spans (issue 13, point 7) on real PostgreSQL: a span stored before its category and
// severity are chosen survives (the item loader returns it), keeps the item from being submitted,
// and never enters a report figure or an export until it is complete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { useTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/seed-demo";
import { createAssignments } from "@/lib/db/assignments";
import { saveAnnotation } from "@/lib/db/annotations";
import { getWorkspaceItem } from "@/lib/db/workspace-item";
import { createErrorSpan, updateErrorSpan } from "@/lib/db/workspace-error-spans";
import { applyAssignmentAction } from "@/lib/db/workspace-assignment";
import { readReportData } from "@/lib/db/report-data";
import { exportErrorRows } from "@/lib/db/export-tables";
import { ZSchemeConfig, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import { AppError } from "@/lib/errors";

let db: Db;
let pool: Pool;
const config: TSchemeConfig = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true });
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
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
  await loadImport(pool, { projectId: p.id, fileName: "demo-corpus.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  await createAssignments(db, { projectId: p.id, annotatorIds: [a1], perItem: 1, scheme: "METAHOPE", shuffle: false });
  seg = await db.segment.findFirstOrThrow({
    where: { projectId: p.id, externalId: "demo-doc-1-s1" },
    select: { id: true, translations: { select: { id: true }, orderBy: { id: "asc" } } },
  });
});

afterAll(async () => {
  await (await import("@/lib/db/client")).disconnectDb();
  await (await import("@/lib/db/pg-pool")).closePgPool();
});

async function mqmRows() {
  const out = [];
  for await (const r of exportErrorRows(pool, project.id)) out.push(r);
  return out;
}

describe("draft error spans", () => {
  it("are stored and returned, block submit, stay out of reports and exports until complete", async () => {
    const t = seg.translations[0].id;
    const base = { projectId: project.id, annotatorId: a1, segmentId: seg.id };
    const complete = await createErrorSpan(db, { ...base, span: { translationId: t, mrwId: null, category: "PRF", severity: 2, start: 0, end: 1, comment: null } });
    const draft = await createErrorSpan(db, { ...base, span: { translationId: t, mrwId: null, category: null, severity: null, start: 2, end: 4, comment: null } });
    expect(draft).toMatchObject({ category: null, severity: null, version: 1 });
    // a draft's offsets are still checked
    const bad = await createErrorSpan(db, { ...base, span: { translationId: t, mrwId: null, category: null, severity: null, start: 0, end: 999, comment: null } }).catch((e: AppError) => e);
    expect(bad).toBeInstanceOf(AppError);
    expect((bad as AppError).message).toMatch(/runs past the end/);

    // the reload: the item loader returns the draft as it was stored
    const item = await getWorkspaceItem(db, { project, config, annotatorId: a1, segmentKey: seg.id, scheme: "METAHOPE" });
    expect(item.errorSpans.map((e) => e.id).sort()).toEqual([complete.id, draft.id].sort());

    // everything else done: submit is still refused because of the draft, naming it
    for (const tr of item.translations) {
      await saveAnnotation(pool, { projectId: project.id, annotatorId: a1, config, input: { segmentId: seg.id, translationId: tr.id, mrwId: null, field: "METAHOPE_ERRORS", value: { reviewed: true }, baseVersion: 0 } });
      for (const m of item.mrws.filter((x) => x.active)) {
        await saveAnnotation(pool, { projectId: project.id, annotatorId: a1, config, input: { segmentId: seg.id, translationId: tr.id, mrwId: m.id, field: "ALIGNMENT", value: { pattern: "OMISSION", spans: [] }, baseVersion: 0 } });
      }
    }
    const refused = await applyAssignmentAction(db, { project, config, annotatorId: a1, segmentId: seg.id, action: { action: "submit", scheme: "METAHOPE", activeMs: 0 } }).catch((e: AppError) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("UNPROCESSABLE");
    expect(JSON.stringify((refused as AppError).detail)).toContain("error 2 has no category yet");

    // reports and exports see only the complete span
    const report = await readReportData(db, project.id);
    expect(report.errorSpans).toEqual([expect.objectContaining({ annotatorId: a1, translationId: t, category: "PRF", penalty: 2 })]);
    expect((await mqmRows()).map((r) => r.category)).toEqual(["PRF"]);

    // choosing category and severity completes it: it counts, and the item can be submitted
    const half = await updateErrorSpan(db, { ...base, id: draft.id, patch: { category: "MIS" }, baseVersion: 1 });
    expect(half).toMatchObject({ category: "MIS", severity: null, version: 2 });
    expect((await readReportData(db, project.id)).errorSpans).toHaveLength(1);
    await updateErrorSpan(db, { ...base, id: draft.id, patch: { severity: 6 }, baseVersion: 2 });
    expect((await readReportData(db, project.id)).errorSpans.map((e) => e.category).sort()).toEqual(["MIS", "PRF"]);
    expect((await mqmRows()).map((r) => r.category).sort()).toEqual(["MIS", "PRF"]);
    const done = await applyAssignmentAction(db, { project, config, annotatorId: a1, segmentId: seg.id, action: { action: "submit", scheme: "METAHOPE", activeMs: 0 } });
    expect(done.status).toBe("DONE");
  });
});
