// `tropos model …`, `tropos suggest` and `tropos export --what suggestions` as a project lead runs
// them: spawned processes against the test database and the loopback OpenAI-compatible server.
// The API key is given to the CLI only through the environment and must appear in no output.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import { startOpenAiTestServer, type TOpenAiTestServer } from "../support/openai-test-server";
import type { Db } from "@/lib/db/client";
import { troposOn } from "../support/run-tropos";

const KEY = "sk-cli-test-8d1e55a0b2";
let url: string;
let db: Db;
let server: TOpenAiTestServer;
let slug: string;

beforeAll(async () => {
  url = useTestDatabase();
  db = (await import("@/lib/db/client")).getDb();
  server = await startOpenAiTestServer({ requireKey: KEY, models: ["test-model", "other"], plan: (user) => (user.includes("cli-s1-beta") ? "server-error" : "ok") });
  const project = await makeProject(db);
  slug = project.slug;
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "cli-d", language: "en" } });
  const systems = await Promise.all(["alpha", "beta"].map((name) => db.mtSystem.create({ data: { projectId: project.id, name } })));
  for (let i = 0; i < 2; i++) {
    const text = `Prices skyrocketed ${i}.`;
    const seg = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `cli-s${i}`, index: i, text, language: "en" } });
    await db.mrw.create({ data: { projectId: project.id, segmentId: seg.id, externalId: `cli-s${i}-m1`, spans: [{ start: 7, end: 18 }], start: 7, end: 18, token: "skyrocketed" } });
    for (const s of systems) await db.translation.create({ data: { segmentId: seg.id, systemId: s.id, language: "zh", text: `价格飞涨 cli-s${i}-${s.name}` } });
  }
});
afterAll(async () => {
  await server.close();
  await (await import("@/lib/db/client")).disconnectDb();
  await (await import("@/lib/db/pg-pool")).closePgPool();
});

const tropos = troposOn(() => url, { TROPOS_MODEL_KEY_CLI_TEST: KEY, TROPOS_MODEL_HOSTS: "127.0.0.1" });

describe("tropos model / suggest / export --what suggestions", () => {
  // fourteen CLI processes, each loading the CLI through tsx (1.5–8 s apiece on a busy 2-core
  // machine): the default minute was the sum of their start-ups, not a hang
  it("adds, lists and tests an endpoint; suggests with --wait; exports every suggestion; never prints the key", { timeout: 240_000 }, async () => {
    const outputs: string[] = [];
    const run = async (...args: string[]) => {
      const r = await tropos(...args);
      outputs.push(r.stdout, r.stderr);
      return r;
    };
    for (const cmd of [["model", "--help"], ["suggest", "--help"]]) expect((await run(...cmd)).code).toBe(0);
    const add = await run("model", "add", "--project", slug, "--name", "local", "--base-url", server.baseUrl, "--model", "test-model", "--api-key-env", "TROPOS_MODEL_KEY_CLI_TEST", "--concurrency", "2");
    expect([add.code, add.stderr]).toEqual([0, ""]);
    expect(add.stdout).toMatch(/Added model endpoint "local": test-model at http:\/\/127\.0\.0\.1:\d+\/v1, key from \$TROPOS_MODEL_KEY_CLI_TEST\./);
    expect((await run("model", "add", "--project", slug, "--name", "x", "--base-url", "gopher://h/", "--model", "m")).code).toBe(1);
    expect((await run("model", "add", "--project", slug, "--name", "x", "--base-url", server.baseUrl)).code).toBe(2);
    const list = await run("model", "list", "--project", slug, "--json");
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ name: "local", apiKeyEnv: "TROPOS_MODEL_KEY_CLI_TEST", apiKeySet: true, concurrency: 2 })]);
    const test = await run("model", "test", "--project", slug, "--name", "local");
    expect([test.code, test.stdout.trim()]).toEqual([0, "local: the server answers with 2 model(s): test-model, other."]);

    const s = await run("suggest", "--project", slug, "--model", "local", "--field", "EQUIVALENCE", "--wait", "--json");
    expect(s.code, s.stderr).toBe(0);
    // 2 segments × 1 MRW × 2 systems; s1-beta always answers 500
    expect(JSON.parse(s.stdout)).toMatchObject({ status: "done", done: 4, total: 4, ok: 3, failed: 1, skipped: 0, model: "test-model", error: null });
    const again = await run("suggest", "--project", slug, "--model", "local", "--field", "EQUIVALENCE", "--wait", "--json");
    expect(JSON.parse(again.stdout)).toMatchObject({ status: "done", ok: 0, failed: 0, skipped: 4 });
    // the failed unit is skipped by a plain run, asked again with --retry-failed (still failing: replaced, not doubled)
    const retry = await run("suggest", "--project", slug, "--model", "local", "--field", "EQUIVALENCE", "--retry-failed", "--wait", "--json");
    expect(JSON.parse(retry.stdout)).toMatchObject({ status: "done", ok: 0, failed: 1, skipped: 3 });
    const bad = await run("suggest", "--project", slug, "--model", "local", "--field", "POSTEDIT_LITERAL", "--wait");
    expect([bad.code, bad.stderr.trim()]).toEqual([1, "tropos suggest: POSTEDIT_LITERAL is of kind edit; a model can suggest scale, choice, multi, boolean, number, text, vector, tags fields."]);

    const jsonl = await run("export", "--project", slug, "--what", "suggestions", "--format", "jsonl");
    expect(jsonl.code).toBe(0);
    const rows = jsonl.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => [r.segmentId, r.system, r.mrwId, r.status])).toEqual([
      ["cli-s0", "alpha", "cli-s0-m1", "ok"],
      ["cli-s0", "beta", "cli-s0-m1", "ok"],
      ["cli-s1", "alpha", "cli-s1-m1", "ok"],
      ["cli-s1", "beta", "cli-s1-m1", "failed"],
    ]);
    expect(rows[0]).toMatchObject({ field: "EQUIVALENCE", model: "test-model", endpoint: "local", promptVersion: expect.stringMatching(/^mmte-appendix-d-equivalence@/), explanation: expect.any(String) });
    expect(["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR"]).toContain(rows[0].value);
    expect(rows[3]).toMatchObject({ value: null, failure: expect.stringMatching(/HTTP 500 after retries/) });
    expect(rows[0].prompt).toContain("@skyrocketed@");
    const csv = await run("export", "--project", slug, "--what", "suggestions", "--format", "csv");
    expect(csv.stdout.split("\n")[0]).toBe("doc,segmentId,system,mrwId,mrwToken,field,value,explanation,status,failure,model,endpoint,promptVersion,tokensIn,tokensOut,latencyMs,attempts,job,createdAt,rawReply,prompt,endpointKind,source,steps");

    // without --wait the job is queued for a worker
    const queued = await run("suggest", "--project", slug, "--model", "local", "--field", "FLUENCY", "--json");
    expect(queued.code).toBe(0);
    expect(JSON.parse(queued.stdout)).toMatchObject({ status: "queued" });

    expect(outputs.join("\n")).not.toContain(KEY);
    expect(server.requests.filter((r) => r.path === "/v1/chat/completions").every((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
  });
});
