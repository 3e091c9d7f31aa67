// A job left "running" by a process that died (issue 29 point 1: the demo restarted mid-import, and
// the job showed "running · storing · about 590 s left" for ever, and Cancel did nothing). The
// worker that starts next takes it up and finishes it (skipping nothing it had not stored), and a
// cancel of such a job takes effect at once. The dead worker is a real process that has exited.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { getProjectJob, requestJobCancel } from "@/lib/db/jobs/jobs";
import { failInterruptedUpload, findAbandonedJobs, isAbandoned, WORKER_ID } from "@/lib/jobs/job-heartbeat";
import { createImportJob, getJobFiles } from "@/lib/db/jobs/jobs";
import { startWorker, stopWorker } from "@/lib/jobs/worker";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(async () => {
  await stopWorker();
  await closeTestDatabase();
});

const J = (o: unknown) => JSON.stringify(o);
function corpus(tag: string, n: number): Buffer {
  const lines = [J({ type: "document", externalId: `${tag}-d`, language: "en", title: tag })];
  for (let i = 0; i < n; i++) lines.push(J({ type: "segment", documentId: `${tag}-d`, externalId: `${tag}-s${i}`, index: i, text: `Prices skyrocketed ${i}.`, language: "en", metaphorical: false }));
  return Buffer.from(lines.join("\n") + "\n");
}

/** The worker id of a process of this host that has exited (as the killed demo's). */
function deadWorkerId(): string {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return `${os.hostname()}:${child.stdout}:deadbeef`;
}

/**
 * A job as a worker left it when its process died in the middle of storing its file. Its pg-boss job
 * is not queued again (the dead worker had taken it; pg-boss hands it out only after its expiry).
 */
async function abandonedJob(workerId: string, heartbeatAt = new Date()) {
  const user = await makeUser(db);
  const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
  const job = await db.job.create({
    data: {
      projectId: project.id, kind: "import", createdById: user.id, total: 2, input: { options: { format: "auto" }, fileNames: ["a.jsonl"] },
      status: "running", startedAt: new Date(), attempts: 1, done: 1, stage: "storing a.jsonl", workerId, heartbeatAt,
      files: { create: [{ position: 0, name: "a.jsonl", content: new Uint8Array(corpus("a", 3)) }] },
    },
  });
  return { project, job };
}

describe("jobs whose worker died", () => {
  it("knows a running job's worker is gone: its process exited, or it stopped beating", () => {
    const now = new Date();
    const row = { status: "running", startedAt: now };
    expect(isAbandoned({ ...row, workerId: deadWorkerId(), heartbeatAt: now }, now)).toBe(true);
    expect(isAbandoned({ ...row, workerId: WORKER_ID, heartbeatAt: new Date(0) }, now)).toBe(false);
    expect(isAbandoned({ ...row, workerId: `elsewhere:1:abc`, heartbeatAt: now }, now)).toBe(false);
    expect(isAbandoned({ ...row, workerId: `elsewhere:1:abc`, heartbeatAt: new Date(now.getTime() - 10 * 60_000) }, now)).toBe(true);
    expect(isAbandoned({ ...row, status: "done", workerId: deadWorkerId(), heartbeatAt: now }, now)).toBe(false);
  });

  it("a job left running by a process that exited is taken up by the next worker and finished", async () => {
    const { project, job } = await abandonedJob(deadWorkerId());
    expect((await findAbandonedJobs(pool)).map((j) => j.id)).toContain(job.id);
    await startWorker(db, pool, { pollingIntervalSeconds: 0.5 });
    const end = Date.now() + 30_000;
    let j = await getProjectJob(db, project.id, job.id);
    while (j.status === "running" && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      j = await getProjectJob(db, project.id, job.id);
    }
    expect(j).toMatchObject({ status: "done", attempts: 2 });
    expect(await db.segment.count({ where: { projectId: project.id } })).toBe(3);
  });

  it("Cancel ends a running job whose worker is gone at once", async () => {
    const { project, job } = await abandonedJob("elsewhere:1:abc", new Date(Date.now() - 60 * 60_000));
    const cancelled = await requestJobCancel(db, project.id, job.id);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.error).toMatchObject({ message: expect.stringMatching(/worker had stopped/) });
    expect(await db.segment.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("an upload whose process died before it was queued is failed by a worker's sweep", async () => {
    const user = await makeUser(db);
    const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
    const job = await db.job.create({
      data: { projectId: project.id, kind: "import", createdById: user.id, total: 2, input: { options: { format: "auto" }, fileNames: ["a.jsonl"] }, stage: "uploading", workerId: deadWorkerId(), heartbeatAt: new Date() },
    });
    // what the worker's sweep (at its start and every 30 s) does with it
    const found = (await findAbandonedJobs(pool)).find((j) => j.id === job.id);
    expect(found).toMatchObject({ uploading: true });
    await failInterruptedUpload(pool, found!);
    const j = await getProjectJob(db, project.id, job.id);
    expect(j).toMatchObject({ status: "failed", stage: null, error: { message: expect.stringMatching(/upload was interrupted/) } });
  });
});

describe("uploads kept in parts", () => {
  it("stores a file of more than 1 MB in parts of 1 MB, each a statement of its own, and the job reads it back whole", async () => {
    // no worker may take the job: only its upload is under test (a worker of the tests above, still
    // storing its 20,000 segments when the file's database closed, failed it on an ended pool in CI)
    await stopWorker();
    const user = await makeUser(db);
    const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
    const content = corpus("big", 20_000);
    expect(content.length).toBeGreaterThan(2 * 1024 * 1024);
    const job = await createImportJob(db, pool, { projectId: project.id, actorId: user.id, files: [{ name: "small.jsonl", content: corpus("s", 2) }, { name: "big.jsonl", content }], options: { format: "auto" } });
    expect(job.stage).toBe(null);
    await requestJobCancel(db, project.id, job.id); // only its upload is under test
    const parts = await db.jobFile.findMany({ where: { jobId: job.id }, select: { position: true, part: true } });
    expect(parts.filter((p) => p.position === 1).length).toBe(Math.ceil(content.length / (1024 * 1024)));
    const files = await getJobFiles(db, job.id);
    expect(files.map((f) => f.name)).toEqual(["small.jsonl", "big.jsonl"]);
    expect(files[1].content.equals(content)).toBe(true);
  });
});
