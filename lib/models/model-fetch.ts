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
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";
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
  resolve?: TResolve;
}

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
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();

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
      req.on("error", reject);
      req.on("response", (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.destroy();
          return reject(new ModelRequestRefused(`The server answered HTTP ${status} (a redirect); redirects are not followed.`));
        }
        const responseHeaders = new Headers();
        for (const [k, v] of Object.entries(res.headers)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) responseHeaders.append(k, one);
        const noBody = status === 204 || status === 304 || init?.method === "HEAD";
        if (noBody) res.resume();
        resolvePromise(new Response(noBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage, headers: responseHeaders }));
      });
      req.end(body ?? undefined);
    });
  };
}
