// An OpenAI-compatible API on loopback for tests (issue 15): GET /v1/models and POST
// /v1/chat/completions. It stands in for the external model server, the one part the tests may
// not run for real. Replies follow the request's `response_format` JSON Schema and are chosen
// deterministically from the user message (same unit, same answer), so tests can predict them.
// A plan injects faults per unit and attempt: 429 with Retry-After, 500, no answer (timeout),
// malformed JSON, JSON that does not fit the schema, and a redirect to another host.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type TTestBehaviour = "ok" | "rate-limit" | "server-error" | "timeout" | "malformed" | "invalid" | "redirect";

export interface TTestRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  /** the user message of a chat request */
  user: string | null;
  at: number;
}

export interface TOpenAiTestServer {
  baseUrl: string;
  requests: TTestRequest[];
  close(): Promise<void>;
}

export interface TTestServerOptions {
  models?: string[];
  /** what to do with a chat request, given its user message and the how-many-th request for that message (1, 2 …) */
  plan?: (user: string, attempt: number) => TTestBehaviour;
  retryAfterSeconds?: number;
  /** the API key the server requires (401 otherwise); undefined accepts anything */
  requireKey?: string;
}

const hashOf = (s: string) => parseInt(createHash("sha256").update(s).digest("hex").slice(0, 8), 16);

type TJsonSchema = { type?: string | string[]; enum?: unknown[]; minimum?: number; maximum?: number; minItems?: number; items?: TJsonSchema; properties?: Record<string, TJsonSchema> };

/**
 * The value this server answers for a schema and a user message (tests call it to predict replies).
 * `index` is the position in an enclosing array: an array of `minItems` objects with an enum
 * property gets each enum value once (one paraphrase per candidate); an array of BIO tags is all
 * "O" but one "B-" token, so it keeps the BIO rule.
 */
export function deterministicValue(schema: TJsonSchema, user: string, index = 0): unknown {
  const h = hashOf(user);
  if (schema.enum) return schema.enum[(h + index) % schema.enum.length];
  if (schema.type === "integer") return (schema.minimum ?? 0) + ((h + index) % ((schema.maximum ?? 10) - (schema.minimum ?? 0) + 1));
  if (schema.type === "number") return schema.minimum ?? 0;
  if (schema.type === "boolean") return h % 2 === 0;
  if (schema.type === "array") {
    const n = schema.minItems ?? 1;
    const items = schema.items ?? {};
    if (items.enum?.includes("O")) {
      const b = items.enum.find((t) => typeof t === "string" && t.startsWith("B-"));
      return Array.from({ length: n }, (_, i) => (i === h % n ? b : "O"));
    }
    return Array.from({ length: n }, (_, i) => deterministicValue(items, user, i));
  }
  // each property one step further (a vector's dimensions differ, so they are never all at the minimum)
  if (schema.type === "object") return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s], i) => [k, deterministicValue(s, user, index + i)]));
  return "text";
}

const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
};

export async function startOpenAiTestServer(opts: TTestServerOptions = {}): Promise<TOpenAiTestServer> {
  const requests: TTestRequest[] = [];
  const attempts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const path = (req.url ?? "").split("?")[0];
      const b = body as { messages?: { role: string; content: string }[]; response_format?: { json_schema?: { schema?: TJsonSchema } }; model?: string } | null;
      const user = b?.messages?.find((m) => m.role === "user")?.content ?? null;
      requests.push({ method: req.method ?? "", path, authorization: req.headers.authorization ?? null, body, user, at: Date.now() });
      if (opts.requireKey !== undefined && req.headers.authorization !== `Bearer ${opts.requireKey}`) {
        return send(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
      }
      if (req.method === "GET" && path === "/v1/models") {
        return send(res, 200, { object: "list", data: (opts.models ?? ["test-model"]).map((id) => ({ id, object: "model", created: 0, owned_by: "tropos-tests" })) });
      }
      if (req.method !== "POST" || path !== "/v1/chat/completions" || !b || user === null) return send(res, 404, { error: { message: "not found" } });
      const attempt = (attempts.get(user) ?? 0) + 1;
      attempts.set(user, attempt);
      const behaviour = opts.plan?.(user, attempt) ?? "ok";
      if (behaviour === "rate-limit") return send(res, 429, { error: { message: "Rate limit reached", type: "rate_limit" } }, { "retry-after": String(opts.retryAfterSeconds ?? 1) });
      if (behaviour === "server-error") return send(res, 500, { error: { message: "The server had an error" } });
      if (behaviour === "timeout") return; // never answers: the client's timeout fires
      if (behaviour === "redirect") return send(res, 307, { error: { message: "moved" } }, { location: "http://169.254.169.254/latest/meta-data" });
      const schema = b.response_format?.json_schema?.schema?.properties?.value ?? {};
      const content =
        behaviour === "malformed"
          ? '{"value": '
          : behaviour === "invalid"
            ? JSON.stringify({ value: "NOT-AN-OPTION", explanation: "made up" })
            : JSON.stringify({ value: deterministicValue(schema, user), explanation: "Both literal and contextual meanings are preserved." });
      send(res, 200, {
        id: `chatcmpl-${requests.length}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: b.model ?? "test-model",
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: Math.ceil(JSON.stringify(b.messages).length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: 0 },
      });
    });
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
