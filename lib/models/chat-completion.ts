/**
 * One structured request to an OpenAI-compatible chat API through the official `openai` package:
 * `response_format: {type: "json_schema"}` from the field, the reply checked with zod, an invalid
 * reply asked again, and the outcome (value or failure) with everything provenance needs.
 *
 * Transport retries are the package's own: 429 (waiting what Retry-After / retry-after-ms says),
 * 408/409, 5xx and timeouts, with exponential backoff otherwise. We count the attempts through the
 * `fetch` we hand it (lib/models/model-fetch.ts: the hosts and addresses TROPOS_MODEL_HOSTS allows,
 * no redirects).
 *
 * The key: read from the environment variable the endpoint names, handed to the client and
 * nowhere else. It is scrubbed from every text we return (a server may echo headers), the
 * package's logging is off whatever OPENAI_LOG says, and its other environment defaults
 * (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_ORG_ID, OPENAI_PROJECT_ID) are overridden, so a key
 * meant for api.openai.com never goes to another host.
 */
import OpenAI from "openai";
import type { TReplySchema } from "./reply-schema";
import { parseReply } from "./reply-schema";
import type { TChatMessage } from "./prompt-templates";
import { isAppError } from "@/lib/errors";
import { parseModelHosts } from "./model-base-url";
import { createModelFetch, maxResponseBytesOf, ModelRequestRefused } from "./model-fetch";
import { modelKeyEnvProblem } from "./model-key-env";

export interface TModelEndpointConfig {
  name: string;
  baseUrl: string;
  model: string;
  apiKeyEnv: string | null;
  timeoutMs: number;
}

export interface TChatParams {
  temperature: number;
  maxTokens: number;
  /** transport retries per request (429, 5xx, timeouts) */
  maxRetries: number;
  /** further requests after a reply that is not valid JSON of the right shape */
  invalidReplyRetries: number;
}

export const DEFAULT_CHAT_PARAMS: TChatParams = { temperature: 0, maxTokens: 600, maxRetries: 3, invalidReplyRetries: 1 };

export type TChatOutcome = {
  ok: boolean;
  value: unknown;
  explanation: string | null;
  failure: string | null;
  rawReply: string | null;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
  /** HTTP requests sent, retries included */
  attempts: number;
};

/** The environment the key is read from (process.env; tests pass their own). */
export type TEnv = Readonly<Record<string, string | undefined>>;

/** Placeholder sent when the endpoint names no key (a local Ollama ignores it). */
const NO_KEY = "no-key";

export function apiKeyOf(endpoint: Pick<TModelEndpointConfig, "apiKeyEnv">, env: TEnv = process.env): { ok: true; key: string } | { ok: false; message: string } {
  if (!endpoint.apiKeyEnv) return { ok: true, key: NO_KEY };
  // again here, where the key is read to be sent: an endpoint stored before the rule existed may
  // name NEXTAUTH_SECRET or DATABASE_URL, and its value must not leave the server
  const problem = modelKeyEnvProblem(endpoint.apiKeyEnv, env);
  if (problem) return { ok: false, message: problem };
  const key = env[endpoint.apiKeyEnv];
  if (!key) return { ok: false, message: `The environment variable ${endpoint.apiKeyEnv} (the API key) is not set in the process that runs the job.` };
  return { ok: true, key };
}

/**
 * Removes the key from a text before it is stored, logged or shown, and anything shaped like an
 * OpenAI-style key too: a 401 from OpenAI quotes the key it got, masked but with its last
 * characters ("Incorrect API key provided: sk-proj-****abcd").
 */
export function scrubKey(text: string, key: string): string {
  const whole = key && key !== NO_KEY && key.length >= 4 ? text.split(key).join("[API key removed]") : text;
  return whole.replace(/\bsk-[A-Za-z0-9_*-]{4,}/g, "[API key removed]");
}

/**
 * The client for one call (a unit's request with its retries, or the connection test): requests
 * go through createModelFetch, which checks the host and every address it resolves to against
 * TROPOS_MODEL_HOSTS, with one deadline (the endpoint's timeoutMs) for connection, headers and body
 * and a byte limit on the body. A request Tropos refuses (a host, a redirect, an answer over the
 * limit) is not retried: the wrapper aborts the call's signal, which the package checks before it
 * retries.
 */
function createModelClient(endpoint: TModelEndpointConfig, key: string, opts: { maxRetries: number; env: TEnv; onAttempt?: () => void }) {
  const stop = new AbortController();
  let refused: ModelRequestRefused | null = null;
  const transport = createModelFetch({
    hosts: parseModelHosts(opts.env.TROPOS_MODEL_HOSTS),
    // per request, body included (the package's own timer below stops at the headers)
    timeoutMs: endpoint.timeoutMs,
    maxResponseBytes: maxResponseBytesOf(opts.env.TROPOS_MODEL_MAX_RESPONSE_MB),
  });
  const countingFetch: typeof fetch = async (input, init) => {
    opts.onAttempt?.();
    try {
      return await transport(input, init);
    } catch (e) {
      if (e instanceof ModelRequestRefused) {
        refused = e;
        stop.abort();
      }
      throw e;
    }
  };
  const client = new OpenAI({
    apiKey: key,
    baseURL: endpoint.baseUrl,
    organization: null,
    project: null,
    timeout: endpoint.timeoutMs,
    maxRetries: opts.maxRetries,
    logLevel: "off",
    fetch: countingFetch,
  });
  return { client, signal: stop.signal, refused: () => refused };
}

const STATUS_TEXT: Record<number, string> = { 401: "the server refused the key", 403: "the server refused the request", 404: "not found at this URL", 429: "rate limited" };

/**
 * What a failed call says. Never the text of a non-2xx answer (it could be anything a host
 * inside a network returns, and the manager who chose the URL reads it: a port-scan oracle),
 * only its status code; nor a fragment of a 2xx answer that is not JSON.
 */
function describeError(e: unknown, refused: ModelRequestRefused | null): string {
  if (refused) return refused.message;
  if (e instanceof OpenAI.APIConnectionTimeoutError) return "timed out (after retries)";
  if (e instanceof OpenAI.APIConnectionError) return "connection failed";
  if (e instanceof OpenAI.APIError) {
    const status = e.status ?? 0;
    const retried = status === 408 || status === 409 || status === 429 || status >= 500;
    return `HTTP ${status || "error"}${retried ? " after retries" : ""}: ${STATUS_TEXT[status] ?? (status >= 500 ? "server error" : "the request failed")} (the server's answer is not shown)`;
  }
  if (e instanceof SyntaxError) return "the server's answer is not JSON";
  return (e as Error)?.message ?? String(e);
}

/** The client, or the failure when TROPOS_MODEL_HOSTS itself does not parse (the operator's to fix). */
function clientFor(endpoint: TModelEndpointConfig, key: string, opts: { maxRetries: number; env: TEnv; onAttempt?: () => void }) {
  try {
    return { ok: true as const, ...createModelClient(endpoint, key, opts) };
  } catch (e) {
    if (isAppError(e)) return { ok: false as const, message: e.message };
    throw e;
  }
}

/** Asks for one unit. Never throws for what the model or its server did: that is a failure outcome. */
export async function requestStructured(
  endpoint: TModelEndpointConfig,
  messages: TChatMessage[],
  reply: TReplySchema,
  params: TChatParams = DEFAULT_CHAT_PARAMS,
  env: TEnv = process.env,
): Promise<TChatOutcome> {
  const started = Date.now();
  const out: TChatOutcome = { ok: false, value: null, explanation: null, failure: null, rawReply: null, tokensIn: 0, tokensOut: 0, latencyMs: 0, attempts: 0 };
  const key = apiKeyOf(endpoint, env);
  if (!key.ok) return { ...out, failure: key.message };
  const made = clientFor(endpoint, key.key, { maxRetries: params.maxRetries, env, onAttempt: () => (out.attempts += 1) });
  if (!made.ok) return { ...out, failure: made.message };
  const { client, signal, refused } = made;
  const scrub = (t: string) => scrubKey(t, key.key);
  for (let round = 0; round <= params.invalidReplyRetries; round++) {
    try {
      const completion = await client.chat.completions.create({
        model: endpoint.model,
        messages,
        temperature: params.temperature,
        max_tokens: params.maxTokens,
        response_format: { type: "json_schema", json_schema: { name: reply.name, schema: reply.jsonSchema, strict: true } },
      }, { signal });
      out.tokensIn += completion.usage?.prompt_tokens ?? 0;
      out.tokensOut += completion.usage?.completion_tokens ?? 0;
      const text = completion.choices?.[0]?.message?.content ?? "";
      out.rawReply = scrub(text);
      const parsed = parseReply(reply, text);
      if (parsed.ok) return { ...out, ok: true, value: parsed.value, explanation: parsed.explanation, failure: null, latencyMs: Date.now() - started };
      out.failure = scrub(`invalid reply${round > 0 ? ` (${round + 1} tries)` : ""}: ${parsed.message}`);
    } catch (e) {
      // a body that is not JSON at all arrives here too (the package cannot parse the completion)
      return { ...out, failure: scrub(describeError(e, refused())), latencyMs: Date.now() - started };
    }
  }
  return { ...out, latencyMs: Date.now() - started };
}

/** GET /models: the connection test. Returns the model ids the server offers. */
export async function listModels(endpoint: TModelEndpointConfig, env: TEnv = process.env): Promise<{ ok: true; models: string[] } | { ok: false; message: string }> {
  const key = apiKeyOf(endpoint, env);
  if (!key.ok) return key;
  const made = clientFor(endpoint, key.key, { maxRetries: 1, env });
  if (!made.ok) return made;
  try {
    const models: string[] = [];
    for await (const m of made.client.models.list({ signal: made.signal })) models.push(m.id);
    return { ok: true, models };
  } catch (e) {
    return { ok: false, message: scrubKey(describeError(e, made.refused()), key.key) };
  }
}
