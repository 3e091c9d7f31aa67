/**
 * The `fetch` the model client sends its requests with (issue 27, point 1b): node:http(s) with
 * its own `lookup`, so the address a host name resolves to is checked (lib/models/model-base-url.ts
 * checkModelAddress) in the very lookup the socket connects with. A check before the request and
 * a second resolution when connecting would let a name answer 1.2.3.4 to the check and 127.0.0.1
 * to the connection (DNS rebinding); here there is one resolution, and every address it returned
 * must pass before any is used. An IP address in the URL needs no lookup: it is checked as written.
 *
 * Redirects are never followed; a 3xx is refused (an allowed host could otherwise send the
 * request, and the key, on to an internal one). Each request gets a fresh socket (no pool shared
 * with other code that connects without these checks) and asks for an uncompressed body.
 *
 * One deadline for the whole exchange (issue 27, point 3): connecting, the headers and the body.
 * The body is read here, up to a byte limit, before the Response is handed over, so a server that
 * sends 3 GB or one byte a second is cut off at the limit or the deadline; a timer that stopped at
 * the headers (the model package's own) left such a request open and its memory growing.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isAppError } from "@/lib/errors";
import { checkModelAddress, checkModelHost, type TModelHostPolicy } from "./model-base-url";

/** Resolves a host name to all its addresses (dns.lookup by default; tests inject their own). */
export type TResolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: TResolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A request Tropos refused to send or to finish: the host, a redirect, an oversized reply. Never retried. */
export class ModelRequestRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelRequestRefused";
  }
}

export interface TModelFetchOptions {
  hosts: TModelHostPolicy;
  /** for the whole exchange: connection, headers and body */
  timeoutMs: number;
  /** the largest body accepted (TROPOS_MODEL_MAX_RESPONSE_MB) */
  maxResponseBytes: number;
  resolve?: TResolve;
}

/** The default of TROPOS_MODEL_MAX_RESPONSE_MB: a chat completion or a model list is kilobytes. */
export const DEFAULT_MAX_RESPONSE_MB = 4;

export function maxResponseBytesOf(raw: string | undefined): number {
  const mb = Number(raw);
  return (raw !== undefined && raw.trim() !== "" && Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_MAX_RESPONSE_MB) * 1024 * 1024;
}

const tooLarge = (limit: number) =>
  new ModelRequestRefused(`The server's answer is larger than ${+(limit / 1024 / 1024).toFixed(3)} MB (TROPOS_MODEL_MAX_RESPONSE_MB); it was not read further.`);

function asRefusal(e: unknown): unknown {
  return isAppError(e) ? new ModelRequestRefused(e.message) : e;
}

function checkedLookup(url: URL, hosts: TModelHostPolicy, resolve: TResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        try {
          if (!found.length) throw new ModelRequestRefused(`${hostname} did not resolve to any address.`);
          // every address, not only the one used: the socket may try the next if the first fails
          for (const a of found) checkModelAddress(url, a.address, hosts);
        } catch (e) {
          return callback(asRefusal(e) as NodeJS.ErrnoException, "", 0);
        }
        const usable = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        if (!usable.length) return callback(Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: "ENOTFOUND" }), "", 0);
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (e: NodeJS.ErrnoException) => callback(e, "", 0),
    );
  };
}

function requestBody(body: RequestInit["body"]): Buffer | null {
  if (body === undefined || body === null) return null;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  // the model client sends JSON text; a stream or form would need more than this transport does
  throw new TypeError("model requests carry a string or byte body");
}

export function createModelFetch(opts: TModelFetchOptions): typeof fetch {
  const resolve = opts.resolve ?? systemResolve;
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new ModelRequestRefused(`Model requests must be http(s), not ${url.protocol}`);
    try {
      checkModelHost(url, opts.hosts);
    } catch (e) {
      throw asRefusal(e);
    }
    const headers = new Headers(init?.headers);
    headers.set("accept-encoding", "identity");
    const body = requestBody(init?.body);
    if (body) headers.set("content-length", String(body.length));
    // the caller's signal (the package's own timer, a cancel) and our deadline, whichever is first
    const deadline = AbortSignal.timeout(opts.timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    signal.throwIfAborted();
    const timedOut = () => new DOMException(`No complete answer within ${opts.timeoutMs} ms (connection, headers and body).`, "AbortError");

    return new Promise<Response>((resolvePromise, reject) => {
      const req = (url.protocol === "https:" ? https : http).request({
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: init?.method ?? "GET",
        headers: Object.fromEntries(headers),
        lookup: checkedLookup(url, opts.hosts, resolve),
        agent: false,
        signal,
      });
      // an abort ends the request and, after the headers, the body: both reject with timedOut
      req.on("error", (e) => reject(signal.aborted ? timedOut() : e));
      req.on("response", (res) => {
        let settled = false;
        const onAbort = () => fail(timedOut());
        const fail = (e: unknown) => {
          settled = true;
          signal.removeEventListener("abort", onAbort);
          res.destroy();
          reject(e);
        };
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) return fail(new ModelRequestRefused(`The server answered HTTP ${status} (a redirect); redirects are not followed.`));
        // a Response cannot carry any other status: constructing one would throw in an event handler
        if (status < 200 || status > 599) return fail(new ModelRequestRefused(`The server answered with status ${status}, which is not an HTTP answer Tropos can use.`));
        const declared = Number(res.headers["content-length"]);
        if (Number.isFinite(declared) && declared > opts.maxResponseBytes) return fail(tooLarge(opts.maxResponseBytes));
        const chunks: Buffer[] = [];
        let size = 0;
        signal.addEventListener("abort", onAbort, { once: true });
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxResponseBytes) return fail(tooLarge(opts.maxResponseBytes));
          chunks.push(chunk);
        });
        res.on("error", (e) => fail(signal.aborted ? timedOut() : e));
        // a connection closed before the end of the body is a failed request, not a short answer
        res.on("close", () => {
          if (!settled) fail(signal.aborted ? timedOut() : new Error("The connection closed before the answer was complete."));
        });
        res.on("end", () => {
          settled = true;
          signal.removeEventListener("abort", onAbort);
          try {
            const headersOut = new Headers();
            for (const [k, v] of Object.entries(res.headers)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) headersOut.append(k, one);
            const noBody = status === 204 || status === 304 || init?.method === "HEAD";
            resolvePromise(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: headersOut }));
          } catch (e) {
            // a header value the Fetch API refuses: a failed request, never an uncaught exception
            reject(new ModelRequestRefused(`The server's answer could not be read: ${(e as Error).message}`));
          }
        });
      });
      req.end(body ?? undefined);
    });
  };
}
