// Background import jobs on the real PostgreSQL, through pg-boss and the worker the web server
// runs: progress in the Job row, all-or-nothing per file, cancel, and a resumed job that neither
// loses nor duplicates a file; on the in-memory and on the streaming import path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { createImportJob, getProjectJob, requestJobCancel } from "@/lib/db/jobs/jobs";
import { runImportJob } from "@/lib/jobs/import-job";
import type { TJobView } from "@/lib/jobs/job-view";
import { startWorker, stopWorker } from "@/lib/jobs/worker";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(async () => {
  await stopWorker();
  await closeTestDatabase();
});

const J = (o: unknown) => JSON.stringify(o);
/** A small Tropos JSONL corpus file: one document with `n` segments, ids prefixed by `tag`. */
function corpus(tag: string, n: number): Buffer {
  const lines = [J({ type: "document", externalId: `${tag}-d`, language: "en", title: tag })];
  for (let i = 0; i < n; i++) lines.push(J({ type: "segment", documentId: `${tag}-d`, externalId: `${tag}-s${i}`, index: i, text: `Prices skyrocketed ${i}.`, language: "en", metaphorical: false }));
  return Buffer.from(lines.join("\n") + "\n");
}
const segments = (projectId: string) => db.segment.count({ where: { projectId } });

async function settled(projectId: string, jobId: string): Promise<TJobView> {
  const end = Date.now() + 30_000;
  for (;;) {
    const j = await getProjectJob(db, projectId, jobId);
    if (["done", "failed", "cancelled"].includes(j.status)) return j;
    if (Date.now() > end) throw new Error(`job still ${j.status} (${j.stage})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// every case twice: the in-memory path, and the streaming one (lib/db/import/load-import-stream.ts) that
// uploads of Tropos JSONL from TROPOS_IMPORT_STREAM_MB up take, forced here for every file
describe.each([["in memory", undefined], ["streamed", "0"]] as const)("import jobs (%s)", (_mode, streamMb) => {
  const envBefore = process.env.TROPOS_IMPORT_STREAM_MB;
  const setEnv = (v: string | undefined) => (v === undefined ? delete process.env.TROPOS_IMPORT_STREAM_MB : (process.env.TROPOS_IMPORT_STREAM_MB = v));
  beforeAll(() => void setEnv(streamMb));
  afterAll(() => void setEnv(envBefore));

  it("a job cancelled while queued does nothing, even once a worker runs", async () => {
    // the previous describe's worker would take the job between its send and the cancel (seen in CI)
    await stopWorker();
    const user = await makeUser(db);
    const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
    const job = await createImportJob(db, pool, { projectId: project.id, actorId: user.id, files: [{ name: "a.jsonl", content: corpus("a", 3) }], options: { format: "auto" } });
    expect(job).toMatchObject({ status: "queued", kind: "import", total: 2, done: 0, files: ["a.jsonl"], createdBy: user.email });
    expect((await requestJobCancel(db, project.id, job.id)).status).toBe("cancelled");
    await startWorker(db, pool, { pollingIntervalSeconds: 0.5 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await getProjectJob(db, project.id, job.id)).status).toBe("cancelled");
    expect(await segments(project.id)).toBe(0);
    await expect(requestJobCancel(db, project.id, job.id)).rejects.toThrow(/already ended/);
  });

  it("the worker stores every file, with progress, and drops the uploaded bytes", async () => {
    const user = await makeUser(db);
    const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
    await startWorker(db, pool, { pollingIntervalSeconds: 0.5 });
    const job = await createImportJob(db, pool, { projectId: project.id, actorId: user.id, files: [{ name: "a.jsonl", content: corpus("a", 3) }, { name: "b.jsonl", content: corpus("b", 2) }], options: { format: "auto" } });
    const end = await settled(project.id, job.id);
    expect(end).toMatchObject({ status: "done", done: 4, total: 4, stage: null, attempts: 1 });
    expect((end.result as { outcomes: { file: string; stored: boolean }[] }).outcomes.map((o) => [o.file, o.stored])).toEqual([["a.jsonl", true], ["b.jsonl", true]]);
    expect(await segments(project.id)).toBe(5);
    expect(await db.jobFile.count({ where: { jobId: job.id } })).toBe(0);
    // another project cannot read it
    const other = await makeProject(db);
    await expect(getProjectJob(db, other.id, job.id)).rejects.toThrow(/No such job/);
  });

  it("an error in any file stores nothing and names file, line and field", async () => {
    const user = await makeUser(db);
    const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
    await startWorker(db, pool, { pollingIntervalSeconds: 0.5 });
    const bad = Buffer.from(corpus("c", 1).toString() + J({ type: "segment", documentId: "c-d", externalId: "c-x", index: 5, language: "en", metaphorical: false }) + "\n");
    const job = await createImportJob(db, pool, { projectId: project.id, actorId: user.id, files: [{ name: "good.jsonl", content: corpus("g", 2) }, { name: "bad.jsonl", content: bad }], options: { format: "auto" } });
    const end = await settled(project.id, job.id);
    expect(end.status).toBe("failed");
    const error = end.error as { message: string; errors: { file: string; line?: number; field?: string }[] };
    expect(error.message).toMatch(/nothing was stored/);
    expect(error.errors[0]).toMatchObject({ file: "bad.jsonl", line: 3, field: "text" });
    expect(await segments(project.id)).toBe(0);
  });

  it("a job resumed after its worker died skips the file it had stored: nothing lost, nothing twice", async () => {
    const user = await makeUser(db);
    const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
    // a job row as a killed worker leaves it: running, first file stored and recorded
    const job = await db.job.create({ data: { projectId: project.id, kind: "import", createdById: user.id, status: "running", total: 4, done: 3, attempts: 1, startedAt: new Date(), input: { options: { format: "auto" }, fileNames: ["a.jsonl", "b.jsonl"] } } });
    await db.jobFile.createMany({ data: [{ jobId: job.id, position: 0, name: "a.jsonl", content: new Uint8Array(corpus("a", 3)) }, { jobId: job.id, position: 1, name: "b.jsonl", content: new Uint8Array(corpus("b", 2)) }] });
    const { importFile } = await import("@/lib/db/import/import-file");
    await importFile(pool, { project, fileName: "a.jsonl", content: corpus("a", 3), options: { format: "auto" }, dryRun: false });
    const zero = { documents: 0, segments: 0, mrws: 0, translations: 0, alignments: 0, annotations: 0, errorSpans: 0, postEdits: 0, metricScores: 0 };
    await db.job.update({ where: { id: job.id }, data: { result: { outcomes: [{ file: "a.jsonl", format: "jsonl", stored: true, counts: zero, errors: [], warnings: [] }] } } });
    await runImportJob(db, pool, job.id);
    const end = await getProjectJob(db, project.id, job.id);
    expect(end).toMatchObject({ status: "done", attempts: 2, done: 4 });
    expect(await segments(project.id)).toBe(5);
    expect(await db.document.count({ where: { projectId: project.id } })).toBe(2);
  });

  it("a running job asked to stop stops before its next file", async () => {
    const user = await makeUser(db);
    const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
    const job = await db.job.create({ data: { projectId: project.id, kind: "import", createdById: user.id, status: "running", cancelRequested: true, total: 2, input: { options: { format: "auto" }, fileNames: ["a.jsonl"] } } });
    await db.jobFile.create({ data: { jobId: job.id, position: 0, name: "a.jsonl", content: new Uint8Array(corpus("a", 3)) } });
    await runImportJob(db, pool, job.id);
    expect((await getProjectJob(db, project.id, job.id)).status).toBe("cancelled");
    expect(await segments(project.id)).toBe(0);
  });

  it("a cancel that arrives while a file is being stored rolls that file back", async () => {
    const user = await makeUser(db);
    const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
    const job = await db.job.create({ data: { projectId: project.id, kind: "import", createdById: user.id, total: 2, input: { options: { format: "auto" }, fileNames: ["big.jsonl"] } } });
    await db.jobFile.create({ data: { jobId: job.id, position: 0, name: "big.jsonl", content: new Uint8Array(corpus("big", 30_000)) } });
    const run = runImportJob(db, pool, job.id);
    // the job says which part of the file it is storing; ask it to stop once it is inside the file
    for (let i = 0; ; i++) {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      if (row.stage?.startsWith("storing big.jsonl: ")) break;
      if (i > 600) throw new Error(`never saw the job storing (stage ${row.stage}, status ${row.status})`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await requestJobCancel(db, project.id, job.id);
    await run;
    const end = await getProjectJob(db, project.id, job.id);
    expect(end.status).toBe("cancelled");
    expect((end.error as { message: string }).message).toBe("Cancelled while storing big.jsonl, which was rolled back; nothing was stored.");
    expect(await segments(project.id)).toBe(0);
    expect(await db.document.count({ where: { projectId: project.id } })).toBe(0);
  }, 60_000);
});
