// The client against the loopback OpenAI-compatible test server (tests/support): structured
// replies, retries on 429 (waiting Retry-After), 500 and timeouts, an invalid reply asked again,
// and recorded failures with the raw text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deterministicValue, startOpenAiTestServer, type TOpenAiTestServer, type TTestBehaviour } from "@/tests/support/openai-test-server";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { listModels, requestStructured, scrubKey, type TModelEndpointConfig } from "./chat-completion";
import { fieldPrompt } from "./prompt-templates";

const KEY = "sk-test-0123456789abcdef";
// the test server is on loopback, which only a listed host may be (issue 27, point 1b)
const HOSTS = { TROPOS_MODEL_HOSTS: "127.0.0.1" };
const ENV = { ...HOSTS, TROPOS_MODEL_KEY_TEST: KEY };
const plans = new Map<string, (attempt: number) => TTestBehaviour>();
let server: TOpenAiTestServer;
let endpoint: TModelEndpointConfig;
beforeAll(async () => {
  server = await startOpenAiTestServer({
    requireKey: KEY,
    retryAfterSeconds: 1,
    plan: (user, attempt) => {
      for (const [marker, plan] of plans) if (user.includes(marker)) return plan(attempt);
      return "ok";
    },
  });
  endpoint = { name: "t", baseUrl: server.baseUrl, model: "test-model", apiKeyEnv: "TROPOS_MODEL_KEY_TEST", timeoutMs: 2000 };
});
afterAll(() => server.close());

const fluency = MMTE_PRESET.fields.find((f) => f.id === "FLUENCY")!;
const prompt = fieldPrompt(fluency);
const messages = (marker: string) => [
  { role: "system" as const, content: prompt.instructions },
  { role: "user" as const, content: `Source (en): Prices ${marker}.\nTranslation (zh): 价格${marker}。\nFluency:` },
];
const fast = { temperature: 0, maxTokens: 100, maxRetries: 2, invalidReplyRetries: 1 };

describe("requestStructured", () => {
  it("sends the field's JSON Schema and the key, and validates the reply", async () => {
    const m = messages("ok-1");
    const out = await requestStructured(endpoint, m, prompt.reply, fast, ENV);
    const expected = deterministicValue({ type: "integer", minimum: 1, maximum: 5 }, m[1].content);
    expect(out).toMatchObject({ ok: true, value: expected, failure: null, attempts: 1 });
    expect(out.tokensIn).toBeGreaterThan(0);
    const req = server.requests.at(-1)!;
    expect(req.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toMatchObject({ model: "test-model", temperature: 0, response_format: { type: "json_schema", json_schema: { name: "tropos_FLUENCY", strict: true, schema: { properties: { value: { type: "integer", minimum: 1, maximum: 5 } } } } } });
  });

  it("a 429 waits for Retry-After, then succeeds", async () => {
    plans.set("rl-1", (a) => (a === 1 ? "rate-limit" : "ok"));
    const out = await requestStructured(endpoint, messages("rl-1"), prompt.reply, fast, ENV);
    expect(out).toMatchObject({ ok: true, attempts: 2 });
    const times = server.requests.filter((r) => r.user?.includes("rl-1")).map((r) => r.at);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(950);
  });

  it("500s are retried with backoff; after the last retry the failure is recorded", async () => {
    plans.set("e500-a", (a) => (a <= 2 ? "server-error" : "ok"));
    expect(await requestStructured(endpoint, messages("e500-a"), prompt.reply, fast, ENV)).toMatchObject({ ok: true, attempts: 3 });
    plans.set("e500-b", () => "server-error");
    const out = await requestStructured(endpoint, messages("e500-b"), prompt.reply, fast, ENV);
    expect(out).toMatchObject({ ok: false, attempts: 3, value: null });
    expect(out.failure).toBe("HTTP 500 after retries: server error (the server's answer is not shown)");
  });

  it("a server that never answers times out, is retried, then recorded as timed out", async () => {
    plans.set("slow-1", () => "timeout");
    const out = await requestStructured({ ...endpoint, timeoutMs: 300 }, messages("slow-1"), prompt.reply, { ...fast, maxRetries: 1 }, ENV);
    expect(out).toMatchObject({ ok: false, attempts: 2, failure: "timed out (after retries)" });
  });

  it("malformed JSON is asked again; twice malformed is a failure with the raw text", async () => {
    plans.set("bad-json-a", (a) => (a === 1 ? "malformed" : "ok"));
    expect(await requestStructured(endpoint, messages("bad-json-a"), prompt.reply, fast, ENV)).toMatchObject({ ok: true, attempts: 2 });
    plans.set("bad-json-b", () => "malformed");
    const out = await requestStructured(endpoint, messages("bad-json-b"), prompt.reply, fast, ENV);
    expect(out).toMatchObject({ ok: false, attempts: 2, rawReply: '{"value": ' });
    expect(out.failure).toMatch(/^invalid reply \(2 tries\): the reply is not JSON/);
  });

  it("JSON that does not fit the field is a failure naming the value", async () => {
    plans.set("off-scale", () => "invalid");
    const out = await requestStructured(endpoint, messages("off-scale"), prompt.reply, fast, ENV);
    expect(out.ok).toBe(false);
    expect(out.failure).toMatch(/does not fit the field: value:/);
    expect(out.rawReply).toContain("NOT-AN-OPTION");
  });

  it("a redirect is not followed (it could lead past TROPOS_MODEL_HOSTS) nor retried: recorded as a refused HTTP 307", async () => {
    plans.set("moved-1", () => "redirect");
    const out = await requestStructured(endpoint, messages("moved-1"), prompt.reply, fast, ENV);
    expect(out).toMatchObject({ ok: false, attempts: 1 });
    expect(out.failure).toBe("The server answered HTTP 307 (a redirect); redirects are not followed.");
  });

  it("without TROPOS_MODEL_HOSTS the loopback server is refused before anything is sent, and not retried", async () => {
    const before = server.requests.length;
    const out = await requestStructured(endpoint, messages("unlisted"), prompt.reply, fast, { TROPOS_MODEL_KEY_TEST: KEY });
    expect(out).toMatchObject({ ok: false, attempts: 1, failure: expect.stringMatching(/^The host 127\.0\.0\.1:\d+ is a loopback address; model endpoints may reach it only if the server's operator lists it in TROPOS_MODEL_HOSTS\.$/) });
    expect(await listModels(endpoint, { TROPOS_MODEL_KEY_TEST: KEY })).toMatchObject({ ok: false, message: expect.stringMatching(/is a loopback address/) });
    expect(server.requests.length).toBe(before);
  });

  it("a missing key variable fails before any request, naming the variable", async () => {
    const before = server.requests.length;
    const out = await requestStructured({ ...endpoint, apiKeyEnv: "TROPOS_MODEL_KEY_NOT_SET_ANYWHERE" }, messages("nokey"), prompt.reply, fast, HOSTS);
    expect(out).toMatchObject({ ok: false, attempts: 0, failure: expect.stringMatching(/TROPOS_MODEL_KEY_NOT_SET_ANYWHERE .*is not set/) });
    expect(server.requests.length).toBe(before);
  });

  it("never sends OPENAI_API_KEY to an endpoint without a key of its own", async () => {
    const out = await requestStructured({ ...endpoint, apiKeyEnv: null }, messages("nokey-2"), prompt.reply, fast, { ...HOSTS, OPENAI_API_KEY: "sk-openai-secret" });
    expect(out.failure).toMatch(/HTTP 401/);
    expect(server.requests.at(-1)!.authorization).toBe("Bearer no-key");
  });
});

describe("listModels", () => {
  it("lists the server's models (GET /models) and reports a wrong key", async () => {
    expect(await listModels(endpoint, ENV)).toEqual({ ok: true, models: ["test-model"] });
    const bad = await listModels(endpoint, { ...HOSTS, TROPOS_MODEL_KEY_TEST: "sk-wrong-key-999" });
    expect(bad).toMatchObject({ ok: false, message: expect.stringMatching(/HTTP 401/) });
    expect(JSON.stringify(bad)).not.toContain("sk-wrong-key-999");
  });
});

describe("scrubKey", () => {
  it("removes the key and key-shaped text (OpenAI quotes a masked key in a 401)", () => {
    expect(scrubKey("echo: Bearer my-lab-key-123 end", "my-lab-key-123")).toBe("echo: Bearer [API key removed] end");
    expect(scrubKey("Incorrect API key provided: sk-proj-****abcd. You can find…", "other")).toBe("Incorrect API key provided: [API key removed]. You can find…");
    expect(scrubKey("the value is FULL", "no-key")).toBe("the value is FULL");
  });
});
