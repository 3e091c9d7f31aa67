// Exports as background jobs (issue 21 point 1) on the real PostgreSQL, through pg-boss and the
// worker: the file a job writes is byte for byte the file the streaming route sends, in ~1 MB
// chunks; a retry after a dead worker writes it again whole; cancel keeps nothing; a job is its
// starter's and the managers'.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { exportFile } from "@/lib/db/export/stream";
import { createExportJob, getExportJobFor, readExportOutput } from "@/lib/db/export/export-jobs";
import { restoreProject } from "@/lib/db/export/project-dump";
import { getProjectJob, requestJobCancel } from "@/lib/db/jobs/jobs";
import { EXPORT_CHUNK_CHARS, runExportJob } from "@/lib/jobs/export-job";
import type { TJobView } from "@/lib/jobs/job-view";
import { stopBoss } from "@/lib/jobs/queue";
import { startWorker } from "@/lib/jobs/worker";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(async () => {
  await stopBoss();
  await closeTestDatabase();
});

const J = (o: unknown) => JSON.stringify(o);

/** A project holding `n` segments of ~100 characters each (n = 30,000 gives a ~4 MB JSONL dump). */
async function projectWithSegments(n: number) {
  const manager = await makeUser(db, { tag: "manager" });
  const project = await makeProject(db, [{ userId: manager.id, roles: ["MANAGER"] }]);
  const lines = [J({ type: "document", externalId: "d", language: "en", title: "Long" })];
  for (let i = 0; i < n; i++) {
    lines.push(J({ type: "segment", documentId: "d", externalId: `s${i}`, index: i, text: `The prices skyrocketed again in year ${i}, and the market drowned in a sea of paper.`, language: "en", metaphorical: true }));
  }
  const out = await importFile(pool, { project: { id: project.id, sourceLang: "en", targetLang: "zh" }, fileName: "long.jsonl", content: Buffer.from(lines.join("\n") + "\n"), options: { format: "auto" }, dryRun: false });
  expect(out.errors).toEqual([]);
  expect(out.ok && !out.dryRun).toBe(true);
  return { manager, project };
}

async function direct(project: { id: string; slug: string }, what: "project" | "annotations", format: "jsonl" | "csv"): Promise<Buffer> {
  let text = "";
  for await (const line of exportFile(pool, db, project, what, format).lines) text += line;
  return Buffer.from(text, "utf8");
}
async function stored(jobId: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of readExportOutput(pool, jobId)) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
}
async function settled(projectId: string, jobId: string): Promise<TJobView> {
  const end = Date.now() + 60_000;
  for (;;) {
    const j = await getProjectJob(db, projectId, jobId);
    if (["done", "failed", "cancelled"].includes(j.status)) return j;
    if (Date.now() > end) throw new Error(`job still ${j.status} (${j.stage})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("export jobs", () => {
  it("the worker writes the same bytes the streaming export sends, in ~1 MB chunks, with progress", async () => {
    const { manager, project } = await projectWithSegments(30_000);
    const expected = await direct(project, "project", "jsonl");
    expect(expected.length).toBeGreaterThan(3 * EXPORT_CHUNK_CHARS);

    await startWorker(db, pool, { pollingIntervalSeconds: 0.5 });
    const job = await createExportJob(db, pool, { project, actorId: manager.id, what: "project", format: "jsonl" });
    expect(job).toMatchObject({ kind: "export", status: "queued", subject: "export of project as JSONL", createdBy: manager.email });
    // the estimate: a line per document and segment, plus one
    expect(job.total).toBe(30_002);
    const end = await settled(project.id, job.id);
    expect(end.status).toBe("done");
    const result = end.result as { fileName: string; bytes: number; lines: number; chunks: number };
    expect(result).toMatchObject({ fileName: `${project.slug}-project.jsonl`, bytes: expected.length });
    expect(result.chunks).toBeGreaterThanOrEqual(3);
    expect(end.done).toBe(result.lines);
    expect((await stored(job.id)).equals(expected)).toBe(true);
    // the tests below run their jobs themselves: no worker may take them first
    await stopBoss();
  });

  it("a retry after a worker died mid-export writes the file again, whole (the dead attempt's chunks are gone)", async () => {
    const { manager, project } = await projectWithSegments(50);
    const job = await createExportJob(db, pool, { project, actorId: manager.id, what: "project", format: "jsonl" });
    // what a dead attempt leaves: the row running, a stale chunk
    await db.job.update({ where: { id: job.id }, data: { status: "running", attempts: 1 } });
    await pool.query(`INSERT INTO "JobOutput" (id, "jobId", position, content) VALUES ('stale', $1, 0, $2)`, [job.id, Buffer.from("half a file")]);
    await runExportJob(db, pool, job.id);
    const end = await getProjectJob(db, project.id, job.id);
    expect(end).toMatchObject({ status: "done", attempts: 2 });
    expect((await stored(job.id)).equals(await direct(project, "project", "jsonl"))).toBe(true);
  });

  it("a backup made in the background restores, as the one of `tropos backup` does", async () => {
    const { manager, project } = await projectWithSegments(20);
    const job = await createExportJob(db, pool, { project, actorId: manager.id, what: "backup", format: "jsonl" });
    await runExportJob(db, pool, job.id);
    const end = await getProjectJob(db, project.id, job.id);
    expect(end.status).toBe("done");
    expect((end.result as { fileName: string }).fileName).toBe(`${project.slug}-backup.jsonl`);
    const lines = (await stored(job.id)).toString("utf8").trim().split("\n");
    const restored = await restoreProject(pool, lines, { slug: `${project.slug}-copy` });
    expect(restored.slug).toBe(`${project.slug}-copy`);
    const copy = await db.project.findUniqueOrThrow({ where: { slug: `${project.slug}-copy` } });
    expect(await db.segment.count({ where: { projectId: copy.id } })).toBe(20);
    expect((await rejection(createExportJob(db, pool, { project, actorId: manager.id, what: "backup", format: "csv" }))).message).toMatch(/backup JSONL/);
  });

  it("a cancelled export keeps nothing, and cannot be cancelled twice", async () => {
    const { manager, project } = await projectWithSegments(5);
    const job = await createExportJob(db, pool, { project, actorId: manager.id, what: "annotations", format: "csv" });
    expect((await requestJobCancel(db, project.id, job.id)).status).toBe("cancelled");
    await runExportJob(db, pool, job.id);
    expect(await db.jobOutput.count({ where: { jobId: job.id } })).toBe(0);
    await expect(requestJobCancel(db, project.id, job.id)).rejects.toThrow(/already ended/);
  });

  it("a kind without that format is refused at once and queues nothing", async () => {
    const { manager, project } = await projectWithSegments(1);
    const before = await db.job.count({ where: { projectId: project.id } });
    const e = await rejection(createExportJob(db, pool, { project, actorId: manager.id, what: "tags", format: "csv" }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(await db.job.count({ where: { projectId: project.id } })).toBe(before);
  });

  it("an export job is its starter's and the managers': another adjudicator, or another project, finds nothing", async () => {
    const { manager, project } = await projectWithSegments(1);
    const adjudicator = await makeUser(db, { tag: "adj" });
    const other = await makeUser(db, { tag: "adj2" });
    const job = await createExportJob(db, pool, { project, actorId: adjudicator.id, what: "gold", format: "csv" });
    expect((await getExportJobFor(db, project.id, job.id, { userId: adjudicator.id, manages: false })).id).toBe(job.id);
    expect((await getExportJobFor(db, project.id, job.id, { userId: manager.id, manages: true })).id).toBe(job.id);
    expect((await rejection(getExportJobFor(db, project.id, job.id, { userId: other.id, manages: false }))).code).toBe("NOT_FOUND");
    const elsewhere = await makeProject(db);
    expect((await rejection(getExportJobFor(db, elsewhere.id, job.id, { userId: manager.id, manages: true }))).code).toBe("NOT_FOUND");
  });
});
