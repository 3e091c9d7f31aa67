// Suggest jobs on the real PostgreSQL against the loopback OpenAI-compatible test server: every
// unit ends with a suggestion or a recorded failure and none twice (with 429s, 500s, timeouts and
// malformed JSON injected), a stopped job resumes where it stopped, the pg-boss worker runs it,
// and the API key appears in no stored row, job row or endpoint view.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { startOpenAiTestServer, type TOpenAiTestServer, type TTestBehaviour } from "../support/openai-test-server";
import type { Db } from "@/lib/db/client";
import { getProjectJob, requestJobCancel } from "@/lib/db/jobs/jobs";
import { createModelEndpoint, findModelEndpoint, listModelEndpoints } from "@/lib/db/models/endpoints";
import { createSuggestJob } from "@/lib/db/models/suggest-jobs";
import type { TJobView } from "@/lib/jobs/job-view";
import { stopBoss } from "@/lib/jobs/queue";
import { runSuggestJob, type TSuggestJobResult } from "@/lib/jobs/suggest-job";
import { startWorker } from "@/lib/jobs/worker";

const KEY = "sk-tropos-test-5f2b9d7e1c";
const KEY_ENV = "TROPOS_MODEL_KEY_SUGGEST_TEST";
const PARAMS = { temperature: 0, maxTokens: 200, maxRetries: 1, invalidReplyRetries: 1 };

let db: Db;
let pool: Pool;
let server: TOpenAiTestServer;
/** faults by a marker in the user message (the translation text names segment and system) */
const faults = new Map<string, (attempt: number) => TTestBehaviour>();
beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  process.env[KEY_ENV] = KEY;
  // the test server is on loopback, which endpoints may reach only when listed (issue 27, point 1b)
  process.env.TROPOS_MODEL_HOSTS = "127.0.0.1";
  server = await startOpenAiTestServer({
    requireKey: KEY,
    retryAfterSeconds: 1,
    plan: (user, attempt) => {
      for (const [marker, f] of faults) if (user.includes(marker)) return f(attempt);
      return "ok";
    },
  });
});
afterAll(async () => {
  await stopBoss();
  await server.close();
  delete process.env[KEY_ENV];
  delete process.env.TROPOS_MODEL_HOSTS;
  await closeTestDatabase();
});

/** 3 segments × 2 MRWs (one literal) × 2 systems = 12 MRW × translation units; 6 translation units. */
async function corpus(tag: string) {
  const user = await makeUser(db);
  const project = await makeProject(db, [{ userId: user.id, roles: ["MANAGER"] }]);
  const doc = await db.document.create({ data: { projectId: project.id, externalId: `${tag}-d`, language: "en" } });
  const systems = await Promise.all(["alpha", "beta"].map((name) => db.mtSystem.create({ data: { projectId: project.id, name } })));
  for (let i = 0; i < 3; i++) {
    const text = `Sales were climbing and prices fell ${i}.`;
    const seg = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `${tag}-s${i}`, index: i, text, language: "en" } });
    for (const [n, token, metaphorical] of [[1, "climbing", true], [2, "fell", false]] as const) {
      const start = text.indexOf(token);
      await db.mrw.create({ data: { projectId: project.id, segmentId: seg.id, externalId: `${tag}-s${i}-m${n}`, spans: [{ start, end: start + token.length }], start, end: start + token.length, token, metaphorical } });
    }
    for (const s of systems) await db.translation.create({ data: { segmentId: seg.id, systemId: s.id, language: "zh", text: `销售额上升 ${tag}-s${i}-${s.name}` } });
  }
  const endpoint = await createModelEndpoint(db, project.id, { name: "local", baseUrl: server.baseUrl, model: "test-model", apiKeyEnv: KEY_ENV, concurrency: 3, timeoutMs: 400, pricePer1kTokens: 0.5 });
  return { user, project, endpoint };
}

const rows = (projectId: string) => db.suggestion.findMany({ where: { projectId }, include: { mrw: true, translation: { include: { system: true } } } });

async function settled(projectId: string, jobId: string): Promise<TJobView> {
  const end = Date.now() + 60_000;
  for (;;) {
    const j = await getProjectJob(db, projectId, jobId);
    if (["done", "failed", "cancelled"].includes(j.status)) return j;
    if (Date.now() > end) throw new Error(`job still ${j.status} (${j.stage})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("suggest jobs", () => {
  it("every unit ends with a suggestion or a recorded failure, none twice, through 429s, 500s, timeouts and malformed JSON", async () => {
    const { user, project } = await corpus("a");
    faults.set("a-s0-alpha", (n) => (n === 1 ? "rate-limit" : "ok")); // two units (both MRWs): each waits once
    faults.set("a-s1-beta", () => "server-error");
    faults.set("a-s2-alpha", () => "timeout");
    faults.set("a-s2-beta", (n) => (n === 1 ? "malformed" : n === 2 ? "invalid" : "ok"));
    const job = await createSuggestJob(db, pool, { projectId: project.id, actorId: user.id, endpointName: "local", field: "EQUIVALENCE", queue: false });
    expect(job).toMatchObject({ kind: "suggest", status: "queued" });
    await runSuggestJob(db, pool, job.id, { params: PARAMS });

    const end = await getProjectJob(db, project.id, job.id);
    expect(end).toMatchObject({ status: "done", done: 12, total: 12, stage: null });
    const stored = await rows(project.id);
    expect(stored).toHaveLength(12);
    expect(new Set(stored.map((s) => `${s.segmentId}|${s.itemKey}`)).size).toBe(12);
    const failed = stored.filter((s) => s.status === "failed");
    // s1-beta (500 ×2) and s2-alpha (timeout ×2) for both MRWs; s2-beta malformed then invalid, for both MRWs
    expect(failed.map((s) => s.translation!.text.split(" ")[1]).sort()).toEqual(["a-s1-beta", "a-s1-beta", "a-s2-alpha", "a-s2-alpha", "a-s2-beta", "a-s2-beta"]);
    for (const f of failed) {
      expect(f.value).toBeNull();
      expect(f.failure).toMatch(/HTTP 500 after retries|timed out|invalid reply \(2 tries\)/);
    }
    expect(failed.find((f) => f.translation!.text.endsWith("a-s2-beta"))!.rawReply).toContain("NOT-AN-OPTION");
    const ok = stored.filter((s) => s.status === "ok");
    for (const s of ok) {
      // the label set follows the MRW: metaphorical → FULL…ERROR (appendix D prompt), literal → LITERAL/METAPHORICAL/ERROR
      const allowed = s.mrw!.metaphorical ? ["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR"] : ["LITERAL", "METAPHORICAL", "ERROR"];
      expect(allowed).toContain(s.value);
      expect(s.promptVersion).toMatch(s.mrw!.metaphorical ? /^mmte-appendix-d-equivalence@/ : /^field-guidelines@/);
      expect(s).toMatchObject({ model: "test-model", field: "EQUIVALENCE", failure: null });
      expect(s.tokensIn).toBeGreaterThan(0);
    }
    // the rate-limited units were asked twice, the second time after Retry-After
    const s0 = server.requests.filter((r) => r.user?.includes("a-s0-alpha") && r.user.includes("@climbing@"));
    expect(s0).toHaveLength(2);
    expect(s0[1].at - s0[0].at).toBeGreaterThanOrEqual(950);
    expect(stored.find((s) => s.translation!.text.endsWith("a-s0-alpha") && s.mrw!.metaphorical)!.attempts).toBe(2);
    // what left the server is stored with the unit
    const sample = ok[0];
    expect(JSON.parse(sample.promptText)[1].content).toContain(sample.translation!.text);
    const result = end.result as TSuggestJobResult;
    expect(result).toMatchObject({ ok: 6, failed: 6, skipped: 0, endpoint: "local", field: "EQUIVALENCE" });
    expect(result.cost).toBeCloseTo(((result.tokensIn + result.tokensOut) / 1000) * 0.5, 10);
    // the key went to the model server and nowhere else
    expect(server.requests.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
    const everything = JSON.stringify([stored, await db.job.findUnique({ where: { id: job.id } }), await listModelEndpoints(db, project.id), await db.modelEndpoint.findMany({ where: { projectId: project.id } })]);
    expect(everything).not.toContain(KEY);
    expect(everything).toContain(KEY_ENV);
    // a second job for the same field finds every unit done and asks nothing
    const before = server.requests.length;
    const again = await createSuggestJob(db, pool, { projectId: project.id, actorId: user.id, endpointName: "local", field: "EQUIVALENCE", queue: false });
    await runSuggestJob(db, pool, again.id, { params: PARAMS });
    expect(await getProjectJob(db, project.id, again.id)).toMatchObject({ status: "done", done: 12, total: 12, result: expect.objectContaining({ ok: 0, failed: 0, skipped: 12 }) });
    expect(server.requests.length).toBe(before);
    expect(await db.suggestion.count({ where: { projectId: project.id } })).toBe(12);
  });

  it("a job stopped half-way resumes where it stopped: nothing lost, nothing asked or stored twice", async () => {
    const { user, project } = await corpus("b");
    // one request at a time, so the stop lands between two known units
    await createModelEndpoint(db, project.id, { name: "serial", baseUrl: server.baseUrl, model: "test-model", apiKeyEnv: KEY_ENV, concurrency: 1 });
    const job = await createSuggestJob(db, pool, { projectId: project.id, actorId: user.id, endpointName: "serial", field: "FLUENCY", limit: 5, queue: false });
    let cancelled = false;
    await runSuggestJob(db, pool, job.id, {
      params: PARAMS,
      onProgress: async (p) => {
        if (p.done >= 2 && !cancelled) {
          cancelled = true;
          await requestJobCancel(db, project.id, job.id);
        }
      },
    });
    const stopped = await getProjectJob(db, project.id, job.id);
    expect(stopped.status).toBe("cancelled");
    const first = await db.suggestion.count({ where: { projectId: project.id } });
    expect(first).toBe(2);
    expect(stopped).toMatchObject({ done: 2, total: 5 });
    // a job row as a killed worker leaves it (running, attempt 1) continues too: same job, the rest only
    const crashed = await createSuggestJob(db, pool, { projectId: project.id, actorId: user.id, endpointName: "serial", field: "FLUENCY", limit: 5, queue: false });
    await db.job.update({ where: { id: crashed.id }, data: { status: "running", attempts: 1, startedAt: new Date() } });
    await runSuggestJob(db, pool, crashed.id, { params: PARAMS });
    expect(await getProjectJob(db, project.id, crashed.id)).toMatchObject({ status: "done", done: 5, total: 5, attempts: 2, result: expect.objectContaining({ skipped: first, ok: 5 - first }) });
    const stored = await rows(project.id);
    expect(stored).toHaveLength(5);
    expect(stored.every((s) => s.mrwId === null && s.itemKey === `${s.translationId}:-` && Number.isInteger(s.value))).toBe(true);
    // each unit was asked exactly once
    const asked = server.requests.filter((r) => r.user?.includes("b-s"));
    expect(asked).toHaveLength(5);
    expect(new Set(asked.map((r) => r.user)).size).toBe(5);
  });

  it("the worker runs a queued job; a job for an unknown endpoint or a field a model cannot fill is refused", async () => {
    const { user, project } = await corpus("c");
    await startWorker(db, pool, { pollingIntervalSeconds: 0.5 });
    const job = await createSuggestJob(db, pool, { projectId: project.id, actorId: user.id, endpointName: "local", field: "OVERALL", limit: 3 });
    const end = await settled(project.id, job.id);
    expect(end).toMatchObject({ status: "done", done: 3, total: 3 });
    expect(await db.suggestion.count({ where: { projectId: project.id, status: "ok" } })).toBe(3);
    await expect(createSuggestJob(db, pool, { projectId: project.id, actorId: user.id, endpointName: "nope", field: "OVERALL" })).rejects.toThrow(/No model endpoint named "nope"/);
    await expect(createSuggestJob(db, pool, { projectId: project.id, actorId: user.id, endpointName: "local", field: "POSTEDIT_LITERAL" })).rejects.toThrow(/is of kind edit/);
    // another project cannot use or see this project's endpoint
    const other = await makeProject(db);
    await expect(findModelEndpoint(db, other.id, "local")).rejects.toThrow(/No model endpoint/);
  });

  it("a project with its own stored scheme is asked about its own fields, under that field's options", async () => {
    const { user, project } = await corpus("d");
    const { setProjectScheme } = await import("@/lib/db/projects/project-schemes");
    const { ZSchemeDefinition } = await import("@/lib/schemes/language/scheme-definition");
    const scheme = ZSchemeDefinition.parse({
      id: "idiom-judgement", version: 1, name: "Idiom judgement",
      fields: [
        { id: "meaning", scope: "translation", kind: "choice", label: "Figurative meaning", guidelines: "Is the figurative meaning kept?",
          options: [{ value: "kept", description: "the image and its sense" }, { value: "literal" }, { value: "lost" }] },
        { id: "fluency", scope: "translation", kind: "scale", label: "Fluency", min: 0, max: 100, step: 10 },
      ],
    });
    await setProjectScheme(db, project.id, scheme, { actorId: null });
    await expect(createSuggestJob(db, pool, { projectId: project.id, actorId: user.id, endpointName: "local", field: "EQUIVALENCE", queue: false })).rejects.toThrow(/has no field EQUIVALENCE/);
    for (const field of ["meaning", "fluency"]) {
      const job = await createSuggestJob(db, pool, { projectId: project.id, actorId: user.id, endpointName: "local", field, queue: false });
      await runSuggestJob(db, pool, job.id, { params: PARAMS });
      expect(await getProjectJob(db, project.id, job.id)).toMatchObject({ status: "done", done: 6, total: 6 });
    }
    const stored = await db.suggestion.findMany({ where: { projectId: project.id } });
    expect(stored).toHaveLength(12);
    for (const s of stored.filter((x) => x.field === "meaning")) {
      expect(["kept", "literal", "lost"]).toContain(s.value);
      expect(s.promptVersion).toMatch(/^field-guidelines@/);
      expect(JSON.parse(s.promptText)[0].content).toContain('- "kept": kept — the image and its sense');
    }
    // a scale with step 10 is answered on its grid (the schema lists the steps)
    for (const s of stored.filter((x) => x.field === "fluency")) expect((s.value as number) % 10).toBe(0);
  });

  it("endpoints: the variable's name, never a key; http(s) only; one name per project", async () => {
    const project = await makeProject(db);
    await expect(createModelEndpoint(db, project.id, { name: "x", baseUrl: server.baseUrl, model: "m", apiKeyEnv: "sk-abc123" })).rejects.toThrow(/NAME of an environment variable/);
    await expect(createModelEndpoint(db, project.id, { name: "x", baseUrl: "file:///etc/passwd", model: "m" })).rejects.toThrow(/http\(s\)/);
    const view = await createModelEndpoint(db, project.id, { name: "x", baseUrl: `${server.baseUrl}/`, model: "m", apiKeyEnv: KEY_ENV });
    expect(view).toMatchObject({ name: "x", baseUrl: server.baseUrl, apiKeyEnv: KEY_ENV, apiKeySet: true, concurrency: 2, timeoutMs: 60000, pricePer1kTokens: null });
    await expect(createModelEndpoint(db, project.id, { name: "x", baseUrl: server.baseUrl, model: "m" })).rejects.toThrow(/already has a model endpoint named "x"/);
  });
});
