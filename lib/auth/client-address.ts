// Which address a request comes from, for the sign-in throttle's per-address limit (issue 27,
// point 6). Before, it was the rightmost `X-Forwarded-For` entry whoever had written it: without a
// proxy in front a client sent its own and chose its address, and a malformed one meant no
// address, so the request was not counted per address at all.
//
// Now the starting point is the TCP peer of the request, recorded by this server itself
// (lib/http/peer-address.ts). `X-Forwarded-For` is read only when that peer is a proxy the
// operator listed in TROPOS_TRUSTED_PROXIES (addresses or CIDR ranges, IPv4 or IPv6, comma
// separated): then its entries are walked from the right, each one written by the hop after it,
// and the first address that is not a trusted proxy is the client, as a trusted proxy appended it.
// An entry that is not an address ends the walk at the last trusted hop: a malformed header is
// counted against the proxy that passed it on, never skipped. Without TROPOS_TRUSTED_PROXIES the
// header is ignored and the peer is the client. A request whose peer is unknown (it reached the
// server before the listener that records peers was installed, or did not come through an HTTP
// server at all) is counted under UNKNOWN_CLIENT_ADDRESS, all such requests together.
import { BlockList, isIP } from "node:net";
import { peerAddressOf } from "@/lib/http/peer-address";

export const UNKNOWN_CLIENT_ADDRESS = "unknown";

type THeaders = Headers | Record<string, string | string[] | undefined> | undefined;

/** An address in one spelling: lower case, IPv4-mapped IPv6 as IPv4, no brackets or zone; null when it is not one. */
export function normalizeAddress(raw: string): string | null {
  let a = raw.trim().toLowerCase();
  if (a.startsWith("[") && a.endsWith("]")) a = a.slice(1, -1);
  a = a.replace(/%.*$/, "");
  if (a.startsWith("::ffff:") && isIP(a.slice(7)) === 4) a = a.slice(7);
  return isIP(a) ? a : null;
}

/** Parses TROPOS_TRUSTED_PROXIES; throws on an entry that is neither an address nor a CIDR range (a typo must not trust nobody silently). */
export function parseTrustedProxies(value: string | undefined): BlockList | null {
  const entries = (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, bits, extra] = entry.split("/");
    const a = normalizeAddress(addr);
    const family = a ? isIP(a) : 0;
    const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
    if (!a || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`TROPOS_TRUSTED_PROXIES: "${entry}" is not an address or a CIDR range (e.g. 10.0.0.0/8, 127.0.0.1, ::1)`);
    }
    list.addSubnet(a, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  return list;
}

let cached: { value: string | undefined; list: BlockList | null } | null = null;
function trustedProxies(): BlockList | null {
  const value = process.env.TROPOS_TRUSTED_PROXIES;
  if (!cached || cached.value !== value) cached = { value, list: parseTrustedProxies(value) };
  return cached.list;
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}

function headerValue(headers: THeaders, name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const raw = headers[name];
  return Array.isArray(raw) ? raw.join(",") : (raw ?? null);
}

/** The client's address for the throttle: never null, so every attempt is counted against some address. */
export function clientAddress(headers: THeaders, trusted: BlockList | null = trustedProxies()): string {
  const peer = normalizeAddress(peerAddressOf({ get: (name) => headerValue(headers, name) }) ?? "");
  if (!peer) return UNKNOWN_CLIENT_ADDRESS;
  if (!trusted) return peer;
  let client = peer;
  const hops = (headerValue(headers, "x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  while (isTrusted(trusted, client) && hops.length > 0) {
    const next = normalizeAddress(hops.pop()!);
    if (!next) break; // not an address: the last trusted hop passed it on, and is counted for it
    client = next;
  }
  return client;
}
