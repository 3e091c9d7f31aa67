// The model transport (issue 27, point 1b): the addresses a name resolves to are checked in the
// lookup the socket connects with, so nothing is sent to a refused address and a name cannot
// change its answer between check and connection. The only server is on 127.0.0.1; other names
// come from an injected resolver, and the refused addresses among its answers are never dialled
// (the test counts the server's connections; a refused lookup opens no socket at all).
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseModelHosts } from "./model-base-url";
import { createModelFetch, ModelRequestRefused, type TResolve } from "./model-fetch";

const LIMITS = { timeoutMs: 5000, maxResponseBytes: 1024 * 1024 };
let port: number;
let connections = 0;
const sockets = new Set<Socket>();
/** bytes the server managed to hand to the socket for /drip and /big, per request */
const sent: number[] = [];
const server = http.createServer((req, res) => {
  if (req.url === "/drip" || req.url === "/big" || req.url === "/big-declared") {
    const i = sent.push(0) - 1;
    // /drip: headers at once, then one byte every 50 ms for 10 s; /big: 64 KB chunks up to 64 MB
    const drip = req.url === "/drip";
    res.writeHead(200, { "content-type": "application/json", ...(req.url === "/big-declared" ? { "content-length": String(64 * 1024 * 1024) } : {}) });
    const chunk = Buffer.alloc(drip ? 1 : 64 * 1024, 0x20);
    const timer = setInterval(() => {
      if (res.destroyed || sent[i] >= (drip ? 200 : 64 * 1024 * 1024)) {
        clearInterval(timer);
        return void res.end();
      }
      sent[i] += chunk.length;
      res.write(chunk);
    }, drip ? 50 : 1);
    res.on("close", () => clearInterval(timer));
    return;
  }
  if (req.url === "/odd-status") {
    res.writeHead(600);
    return res.end("{}");
  }
  if (req.url === "/cut") {
    res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
    res.write('{"object":');
    return void setTimeout(() => res.socket?.destroy(), 20);
  }
  if (req.url === "/moved") {
    res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" });
    return res.end();
  }
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ path: req.url, host: req.headers.host }));
});
beforeAll(async () => {
  server.on("connection", (s: Socket) => {
    connections += 1;
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => {
  for (const s of sockets) s.destroy();
  server.close(() => resolve());
}));

/** A resolver that answers each call with the next list of addresses, and counts the calls. */
function scriptedResolver(...answers: string[][]): TResolve & { calls: string[] } {
  const calls: string[] = [];
  const resolve = (async (hostname: string) => {
    calls.push(hostname);
    const list = answers[Math.min(calls.length - 1, answers.length - 1)];
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  }) as TResolve & { calls: string[] };
  resolve.calls = calls;
  return resolve;
}

async function refusedWithoutConnecting(run: () => Promise<unknown>, message: RegExp) {
  const before = connections;
  const e = await run().then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(ModelRequestRefused);
  expect((e as Error).message).toMatch(message);
  expect(connections).toBe(before);
}

describe("createModelFetch", () => {
  it("an IP address in the URL is checked as written: loopback refused without TROPOS_MODEL_HOSTS, sent when listed", async () => {
    const resolve = scriptedResolver(["127.0.0.1"]);
    await refusedWithoutConnecting(() => createModelFetch({ ...LIMITS, hosts: parseModelHosts(undefined), resolve })(`http://127.0.0.1:${port}/v1/models`), /127\.0\.0\.1:\d+ is a loopback address/);
    await refusedWithoutConnecting(() => createModelFetch({ ...LIMITS, hosts: parseModelHosts("public") })(`http://2130706433:${port}/v1/models`), /loopback/);
    await refusedWithoutConnecting(() => createModelFetch({ ...LIMITS, hosts: parseModelHosts(undefined) })(`http://[::ffff:127.0.0.1]:${port}/v1/models`), /loopback/);
    const res = await createModelFetch({ ...LIMITS, hosts: parseModelHosts("127.0.0.1") })(`http://127.0.0.1:${port}/v1/models`);
    expect(await res.json()).toMatchObject({ path: "/v1/models" });
    expect(resolve.calls).toEqual([]);
  });

  it("a name that resolves to loopback is refused in the lookup, before any connection; listed by address or name, it connects", async () => {
    const resolve = scriptedResolver(["127.0.0.1"]);
    await refusedWithoutConnecting(() => createModelFetch({ ...LIMITS, hosts: parseModelHosts(undefined), resolve })(`http://models.example.test:${port}/v1/models`), /models\.example\.test:\d+ \(127\.0\.0\.1\) is a loopback address/);
    const byAddress = await createModelFetch({ ...LIMITS, hosts: parseModelHosts("public,127.0.0.1"), resolve })(`http://models.example.test:${port}/v1/models`);
    expect(await byAddress.json()).toEqual({ path: "/v1/models", host: `models.example.test:${port}` });
    const byName = await createModelFetch({ ...LIMITS, hosts: parseModelHosts("models.example.test"), resolve })(`http://models.example.test:${port}/v1/models`);
    expect(byName.status).toBe(200);
  });

  it("every resolved address must pass: one internal address among public ones refuses the request", async () => {
    const resolve = scriptedResolver(["127.0.0.1", "10.9.9.9"]);
    await refusedWithoutConnecting(() => createModelFetch({ ...LIMITS, hosts: parseModelHosts("public,127.0.0.1"), resolve })(`http://models.example.test:${port}/v1`), /\(10\.9\.9\.9\) is a private address/);
    const mapped = scriptedResolver(["::ffff:169.254.169.254"]);
    await refusedWithoutConnecting(() => createModelFetch({ ...LIMITS, hosts: parseModelHosts(undefined), resolve: mapped })(`http://models.example.test:${port}/v1`), /link-local/);
  });

  it("DNS rebinding: each connection is made to the address its own lookup checked; an answer that changes to a refused address is refused", async () => {
    // first answer allowed (127.0.0.1 is listed), the next one a loopback address that is not
    const resolve = scriptedResolver(["127.0.0.1"], ["127.0.0.2"]);
    const f = createModelFetch({ ...LIMITS, hosts: parseModelHosts("public,127.0.0.1"), resolve });
    expect((await f(`http://rebind.example.test:${port}/v1/a`)).status).toBe(200);
    await refusedWithoutConnecting(() => f(`http://rebind.example.test:${port}/v1/b`), /\(127\.0\.0\.2\) is a loopback address/);
    // one resolution per request: nothing resolved the name a second time between check and connect
    expect(resolve.calls).toEqual(["rebind.example.test", "rebind.example.test"]);
  });

  it("localhost by name is refused unless listed by name (listing its address is not enough)", async () => {
    await refusedWithoutConnecting(() => createModelFetch({ ...LIMITS, hosts: parseModelHosts("public,127.0.0.1") })(`http://localhost:${port}/v1`), /localhost:\d+ is a name of this machine/);
    const res = await createModelFetch({ ...LIMITS, hosts: parseModelHosts(`localhost:${port}`), resolve: scriptedResolver(["127.0.0.1"]) })(`http://localhost:${port}/v1`);
    expect(res.status).toBe(200);
  });

  it("a redirect is refused and not followed", async () => {
    const before = connections;
    const f = createModelFetch({ ...LIMITS, hosts: parseModelHosts("127.0.0.1") });
    await expect(f(`http://127.0.0.1:${port}/moved`)).rejects.toThrow(/HTTP 302 \(a redirect\); redirects are not followed/);
    expect(connections).toBe(before + 1);
  });

  it("one deadline for the whole exchange: a body that drips in one byte at a time is cut off at timeoutMs (issue 27, point 3)", async () => {
    const f = createModelFetch({ hosts: parseModelHosts("127.0.0.1"), timeoutMs: 400, maxResponseBytes: 1024 * 1024 });
    const started = Date.now();
    const e = await f(`http://127.0.0.1:${port}/drip`).then(() => null, (err: unknown) => err);
    const took = Date.now() - started;
    expect(e).toMatchObject({ name: "AbortError", message: "No complete answer within 400 ms (connection, headers and body)." });
    expect(took).toBeGreaterThanOrEqual(390);
    expect(took).toBeLessThan(2000);
  });

  it("the caller's own signal still cancels, before and during the body", async () => {
    const f = createModelFetch({ ...LIMITS, hosts: parseModelHosts("127.0.0.1") });
    await expect(f(`http://127.0.0.1:${port}/v1`, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    await expect(f(`http://127.0.0.1:${port}/drip`, { signal: AbortSignal.timeout(200) })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("a body over the byte limit is refused and not read further, streamed or declared (issue 27, point 3)", async () => {
    const f = createModelFetch({ hosts: parseModelHosts("127.0.0.1"), timeoutMs: 20_000, maxResponseBytes: 1024 * 1024 });
    await expect(f(`http://127.0.0.1:${port}/big`)).rejects.toThrow(new ModelRequestRefused("The server's answer is larger than 1 MB (TROPOS_MODEL_MAX_RESPONSE_MB); it was not read further."));
    // the server stopped well short of its 64 MB: the socket was closed at the limit
    await new Promise((r) => setTimeout(r, 100));
    expect(sent.at(-1)).toBeLessThan(16 * 1024 * 1024);
    await expect(f(`http://127.0.0.1:${port}/big-declared`)).rejects.toThrow(/larger than 1 MB/);
  });

  it("a status a Response cannot carry and a body cut short are failed requests, not a crash or a short answer", async () => {
    const f = createModelFetch({ ...LIMITS, hosts: parseModelHosts("127.0.0.1") });
    await expect(f(`http://127.0.0.1:${port}/odd-status`)).rejects.toThrow(/status 600, which is not an HTTP answer Tropos can use/);
    await expect(f(`http://127.0.0.1:${port}/cut`)).rejects.toThrow(/^aborted$|closed before the answer was complete/);
  });
});
