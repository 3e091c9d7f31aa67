/**
 * Which base URLs and addresses a model endpoint may reach (issue 27, point 1b). Only http(s): a
 * `file:` or `data:` URL is not an API. The URL is chosen by a project manager, so hosts inside
 * the server's network (loopback, private, link-local and metadata addresses, `localhost` names:
 * lib/models/internal-address.ts) are refused unless the operator lists them in
 * TROPOS_MODEL_HOSTS, comma-separated:
 *   - `host` or `host:port` (a name or an IP address in any spelling URLs accept), `*.domain`;
 *   - an IP range, `10.1.0.0/16`;
 *   - `public`: every public address.
 * Unset (or empty) means `public`: any public host, no internal one. A list without `public`
 * allows only what it lists, as before this variable changed meaning, so `127.0.0.1:11434` allows
 * a local Ollama and nothing else, and `public,127.0.0.1:11434` allows both. Keeping the narrow
 * reading matters: an endpoint's key (TROPOS_MODEL_KEY_…) goes to whatever host it names.
 *
 * checkModelBaseUrl judges the URL as written (when an endpoint is added, and before every test
 * or job, so narrowing the list stops endpoints added earlier); checkModelAddress judges every
 * address a name resolves to, at the moment of connecting (lib/models/model-fetch.ts), so a name
 * that resolves to 127.0.0.1, or to another address than when it was checked, is refused too.
 */
import net from "node:net";
import { AppError } from "@/lib/errors";
import { addressBytes, addressInPrefix, bareAddress, internalAddressKind, internalHostNameKind } from "./internal-address";

type THostEntry = { kind: "host"; host: string; port: string | null } | { kind: "domain"; suffix: string } | { kind: "range"; prefix: number[]; bits: number };

export interface TModelHostPolicy {
  /** any public address is allowed */
  public: boolean;
  entries: THostEntry[];
}

/** A host as WHATWG URL parsing writes it: `127.1` → `127.0.0.1`, `::1` → `[::1]`, names lower-case. */
function parseHost(raw: string): URL | null {
  try {
    return new URL(`http://${net.isIPv6(raw) ? `[${raw}]` : raw}/`);
  } catch {
    return null;
  }
}

function parseEntry(raw: string): THostEntry | null {
  if (raw.startsWith("*.")) return { kind: "domain", suffix: raw.slice(1).toLowerCase() };
  const slash = raw.lastIndexOf("/");
  if (slash > 0) {
    const base = parseHost(raw.slice(0, slash));
    const prefix = base && !base.port ? addressBytes(base.hostname) : null;
    const bits = Number(raw.slice(slash + 1));
    if (!prefix || !/^\d+$/.test(raw.slice(slash + 1)) || bits > prefix.length * 8) return null;
    return { kind: "range", prefix, bits };
  }
  // the port by hand: URL parsing would drop a default one (`host:80` must not mean any port)
  const m = net.isIPv6(raw) ? null : /^(.+):(\d{1,5})$/.exec(raw);
  const u = parseHost(m ? m[1] : raw);
  if (!u || u.port || u.pathname !== "/" || u.username || u.search || u.hash) return null;
  return { kind: "host", host: u.hostname, port: m ? String(Number(m[2])) : null };
}

/** TROPOS_MODEL_HOSTS as a policy; an entry that does not parse is refused (the operator must fix it, not have it ignored). */
export function parseModelHosts(raw: string | undefined): TModelHostPolicy {
  const items = (raw ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  if (!items.length) return { public: true, entries: [] };
  const policy: TModelHostPolicy = { public: false, entries: [] };
  for (const item of items) {
    if (item.toLowerCase() === "public") {
      policy.public = true;
      continue;
    }
    const entry = parseEntry(item);
    if (!entry) throw new AppError("BAD_REQUEST", `TROPOS_MODEL_HOSTS: "${item}" is not a host, host:port, *.domain, address range or "public".`);
    policy.entries.push(entry);
  }
  return policy;
}

/** Whether the operator listed this host (as the URL names it) by name, address or domain. */
function hostListed(policy: TModelHostPolicy, hostname: string, port: string): boolean {
  const h = hostname.toLowerCase();
  return policy.entries.some((e) => {
    if (e.kind === "domain") return h.endsWith(e.suffix);
    if (e.kind === "host") return e.host === h && (e.port === null || e.port === port);
    return net.isIP(bareAddress(h)) !== 0 && addressInPrefix(h, e.prefix, e.bits);
  });
}

/** Whether an address is one of the listed addresses or in a listed range. */
function addressListed(policy: TModelHostPolicy, address: string, port: string): boolean {
  return policy.entries.some((e) => {
    if (e.kind === "range") return addressInPrefix(address, e.prefix, e.bits);
    if (e.kind !== "host" || (e.port !== null && e.port !== port)) return false;
    const listed = addressBytes(e.host);
    return listed !== null && addressInPrefix(address, listed, listed.length * 8);
  });
}

const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");
const refusal = (what: string, kind: string) =>
  new AppError("FORBIDDEN", `The host ${what} is ${kind}; model endpoints may reach it only if the server's operator lists it in TROPOS_MODEL_HOSTS.`);

/** Throws FORBIDDEN unless the URL's host (as written) may be asked; names are judged again by address at connect time. */
export function checkModelHost(url: URL, policy: TModelHostPolicy): void {
  const port = portOf(url);
  if (hostListed(policy, url.hostname, port)) return;
  const host = bareAddress(url.hostname);
  if (net.isIP(host)) {
    const kind = internalAddressKind(host);
    if (kind) throw refusal(url.host, kind);
  } else {
    const kind = internalHostNameKind(host);
    if (kind) throw refusal(url.host, kind);
  }
  if (!policy.public) throw new AppError("FORBIDDEN", `The host ${url.host} is not in TROPOS_MODEL_HOSTS.`);
}

/**
 * Throws FORBIDDEN unless `address`, one that `url`'s host name resolved to, may be connected to:
 * any address of a host the operator listed by name, a listed address or range, or a public
 * address where public hosts are allowed.
 */
export function checkModelAddress(url: URL, address: string, policy: TModelHostPolicy): void {
  const port = portOf(url);
  if (hostListed(policy, url.hostname, port) || addressListed(policy, address, port)) return;
  const kind = internalAddressKind(address);
  if (kind) throw refusal(`${url.host} (${address})`, kind);
  if (!policy.public) throw new AppError("FORBIDDEN", `The host ${url.host} is not in TROPOS_MODEL_HOSTS.`);
}

/** The base URL without a trailing slash; throws BAD_REQUEST or FORBIDDEN naming what is wrong. */
export function checkModelBaseUrl(raw: string, allowList: string | undefined = process.env.TROPOS_MODEL_HOSTS): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("BAD_REQUEST", `The base URL "${raw}" is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new AppError("BAD_REQUEST", `The base URL must be http(s), not ${url.protocol.replace(/:$/, "")}.`);
  // credentials in the URL would be stored and shown: the key belongs in an environment variable
  if (url.username || url.password) throw new AppError("BAD_REQUEST", "The base URL must not contain a user name or password; name the environment variable of the API key instead.");
  checkModelHost(url, parseModelHosts(allowList));
  return url.toString().replace(/\/+$/, "");
}
