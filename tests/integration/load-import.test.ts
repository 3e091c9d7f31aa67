import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import type { Pool } from "pg";
import { loadImport } from "@/lib/db/import/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { emptyImportResult } from "@/lib/import/types";
import { AppError } from "@/lib/errors";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function counts(projectId: string) {
  return {
    documents: await db.document.count({ where: { projectId } }),
    segments: await db.segment.count({ where: { projectId } }),
    mrws: await db.mrw.count({ where: { projectId } }),
    translations: await db.translation.count({ where: { segment: { projectId } } }),
    alignments: await db.alignment.count({ where: { mrw: { projectId } } }),
  };
}

describe("loadImport", () => {
  it("stores the demo corpus with exact text and offsets, and a re-import creates no duplicates", async () => {
    const project = await makeProject(db);
    const ir = demoCorpusToImport(readDemoCorpus(), "zh");
    const summary = await loadImport(pool, { projectId: project.id, fileName: "demo-corpus.json", result: ir });
    expect(summary.segments).toBe(25);
    const first = await counts(project.id);
    expect(first).toEqual({ documents: 3, segments: 25, mrws: 59, translations: 75, alignments: 177 });

    const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: "demo-doc-1-s1" }, include: { mrws: true, translations: true } });
    expect(seg.text).toBe("After two years of rapid growth, the regional economy has run out of steam.");
    const steam = seg.mrws.find((m) => m.token === "run out of steam")!;
    expect(seg.text.slice(steam.start, steam.end)).toBe("run out of steam");
    expect(seg.translations.map((t) => t.text)).toContain("经过两年的快速增长，地区经济已经用完了蒸汽。");

    await loadImport(pool, { projectId: project.id, fileName: "demo-corpus.json", result: ir });
    expect(await counts(project.id)).toEqual(first);
  });

  it("stores nothing when a row refers to a missing segment (one transaction)", async () => {
    const project = await makeProject(db);
    const ir = demoCorpusToImport(readDemoCorpus(), "zh");
    ir.translations.push({ segmentId: "no-such-segment", system: "mt-alpha", language: "zh", text: "x", line: 42 });
    await expect(loadImport(pool, { projectId: project.id, fileName: "bad.json", result: ir })).rejects.toThrow(/bad\.json:42.*no-such-segment/);
    expect(await counts(project.id)).toEqual({ documents: 0, segments: 0, mrws: 0, translations: 0, alignments: 0 });
  });

  it("refuses a parse result with errors before touching the database", async () => {
    const project = await makeProject(db);
    const ir = emptyImportResult();
    ir.errors.push({ file: "x.csv", line: 3, field: "metaphor", message: "unknown label" });
    const err = await loadImport(pool, { projectId: project.id, fileName: "x.csv", result: ir }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).detail).toEqual({ errors: ir.errors });
  });

  it("imports annotations under created annotator accounts, versioned with history", async () => {
    const project = await makeProject(db);
    const ir = demoCorpusToImport(readDemoCorpus(), "zh");
    ir.annotations.push({ annotator: "Annotator A", segmentId: "demo-doc-1-s1", system: "mt-alpha", field: "FLUENCY", value: 4 });
    await loadImport(pool, { projectId: project.id, fileName: "a.tsv", result: ir });
    ir.annotations[0].value = 5;
    const summary = await loadImport(pool, { projectId: project.id, fileName: "a.tsv", result: ir });
    // not an email of a member: this project's placeholder rater, shown by name (issue 27, point 7)
    expect(summary.annotators).toEqual([{ name: "Annotator A", email: null, imported: true, created: false }]);
    const user = await db.user.findFirstOrThrow({ where: { name: "Annotator A", memberships: { some: { projectId: project.id } } } });
    const ann = await db.annotation.findFirstOrThrow({ where: { projectId: project.id, annotatorId: user.id } });
    expect(ann.value).toBe(5);
    expect(ann.version).toBe(2);
    expect(await db.history.count({ where: { entity: "ANNOTATION", entityId: ann.id } })).toBe(2);
    expect(await db.projectMember.count({ where: { projectId: project.id, userId: user.id, role: "ANNOTATOR" } })).toBe(1);
  });
});
