/**
 * Whether an address or host name points inside the server's own network (issue 27, point 1b):
 * a model endpoint's URL is chosen by a project manager, and a request to loopback, a private
 * network or a cloud metadata service (169.254.169.254, fd00:ec2::254) would let them reach what
 * only the server can reach.
 *
 * Addresses are compared as bytes, so every spelling of one address is one address: the caller
 * hands over what WHATWG URL parsing made of a host (it already turns `2130706433`, `0x7f.1`,
 * `0177.0.0.1` and `127.1` into `127.0.0.1`, and `[::ffff:127.0.0.1]` into `[::ffff:7f00:1]`) or
 * what DNS resolved; IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, translated
 * `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that IPv4 address.
 * Ranges: RFC 6890's special-purpose registries (IANA, read 2026-11); anything that does not parse
 * counts as internal (fail closed).
 */
import net from "node:net";

type TRange = { bytes: number[]; bits: number; kind: string };

const v4 = (cidr: string, kind: string): TRange => {
  const [a, bits] = cidr.split("/");
  return { bytes: a.split(".").map(Number), bits: Number(bits), kind };
};

const V4_RANGES: TRange[] = [
  v4("0.0.0.0/8", "an unspecified ('this network') address"),
  v4("10.0.0.0/8", "a private address"),
  v4("100.64.0.0/10", "a shared (carrier-grade NAT) address"),
  v4("127.0.0.0/8", "a loopback address"),
  v4("169.254.0.0/16", "a link-local address (where cloud metadata services live)"),
  v4("172.16.0.0/12", "a private address"),
  v4("192.0.0.0/24", "an IETF protocol address"),
  v4("192.0.2.0/24", "a documentation address"),
  v4("192.88.99.0/24", "a 6to4 relay address"),
  v4("192.168.0.0/16", "a private address"),
  v4("198.18.0.0/15", "a benchmarking address"),
  v4("198.51.100.0/24", "a documentation address"),
  v4("203.0.113.0/24", "a documentation address"),
  v4("224.0.0.0/4", "a multicast address"),
  v4("240.0.0.0/4", "a reserved or broadcast address"),
];

/** IPv6 ranges with no IPv4 address inside (those are unwrapped first, see embeddedIPv4). */
const V6_RANGES: TRange[] = [
  { bytes: [], bits: 128, kind: "an unspecified address" }, // ::
  { bytes: [...Array(15).fill(0), 1], bits: 128, kind: "a loopback address" }, // ::1
  { bytes: [], bits: 96, kind: "an IPv4-compatible address (deprecated)" }, // ::/96
  { bytes: [0, 0x64, 0xff, 0x9b, 0, 1], bits: 48, kind: "a local NAT64 address" }, // 64:ff9b:1::/48
  { bytes: [1, 0, 0, 0, 0, 0, 0, 0], bits: 64, kind: "a discard-only address" }, // 100::/64
  { bytes: [0x20, 0x01, 0x0d, 0xb8], bits: 32, kind: "a documentation address" }, // 2001:db8::/32
  { bytes: [0x20, 0x01, 0x00], bits: 23, kind: "an IETF protocol address (Teredo, ORCHID…)" }, // 2001::/23
  { bytes: [0xfc], bits: 7, kind: "a unique local (private) address" }, // fc00::/7, fd00:ec2::254 among them
  { bytes: [0xfe, 0x80], bits: 10, kind: "a link-local address" }, // fe80::/10
  { bytes: [0xfe, 0xc0], bits: 10, kind: "a site-local address" }, // fec0::/10
  { bytes: [0xff], bits: 8, kind: "a multicast address" }, // ff00::/8
];

function inRange(bytes: readonly number[], r: TRange): boolean {
  for (let bit = 0; bit < r.bits; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[i] & mask) !== ((r.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address that net.isIPv6 accepted (zone id removed). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  let tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail = dotted[1].split(".").map(Number);
    text = `${text.slice(0, dotted.index)}0:0`;
  }
  const [head, rest] = text.split("::");
  const groups = (s: string | undefined) => (s ? s.split(":").filter((g) => g !== "") : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const middle = rest === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  const words = [...left, ...middle, ...right].map((g) => parseInt(g, 16));
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (dotted) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that carry one. */
function embeddedIPv4(b: readonly number[]): number[] | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated, RFC 2765)
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12, 16);
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return b.slice(12, 16);
  // 64:ff9b::a.b.c.d (NAT64, RFC 6052)
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.slice(12, 16);
  // 2002:aabb:ccdd::/48 (6to4)
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6);
  return null;
}

function ipv4Kind(bytes: readonly number[]): string | null {
  return V4_RANGES.find((r) => inRange(bytes, r))?.kind ?? null;
}

/** An address without the brackets of a URL host and without an IPv6 zone id ("fe80::1%eth0"). */
export function bareAddress(address: string): string {
  return address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
}

/**
 * null when `address` (an IP address as URL parsing or DNS gives it) is a public internet
 * address; else what it is ("a loopback address"), for the refusal message.
 */
export function internalAddressKind(address: string): string | null {
  const a = bareAddress(address);
  if (net.isIPv4(a)) return ipv4Kind(a.split(".").map(Number));
  if (!net.isIPv6(a)) return "not an IP address";
  const bytes = ipv6Bytes(a);
  const inner = embeddedIPv4(bytes);
  if (inner) return ipv4Kind(inner);
  return V6_RANGES.find((r) => inRange(bytes, r))?.kind ?? null;
}

/** The 4 or 16 bytes of an IP address, for comparing with an operator's CIDR entry. */
export function addressBytes(address: string): number[] | null {
  const a = bareAddress(address);
  if (net.isIPv4(a)) return a.split(".").map(Number);
  if (net.isIPv6(a)) return ipv6Bytes(a);
  return null;
}

/** Whether `address` lies in `prefix`/`bits` (same family; an IPv4-mapped IPv6 address counts as its IPv4 address). */
export function addressInPrefix(address: string, prefix: readonly number[], bits: number): boolean {
  let bytes = addressBytes(address);
  if (!bytes) return false;
  if (bytes.length === 16 && prefix.length === 4) bytes = embeddedIPv4(bytes);
  if (!bytes || bytes.length !== prefix.length) return false;
  return inRange(bytes, { bytes: [...prefix], bits, kind: "" });
}

/**
 * null when a host NAME may be public; else why it is not: names that mean this machine
 * (localhost and *.localhost, RFC 6761), metadata services by name, names only a local resolver
 * knows (*.local, *.internal, *.home.arpa, a single label resolved through search domains).
 * Their addresses would be refused after resolution anyway; refusing the name says so earlier.
 */
export function internalHostNameKind(hostname: string): string | null {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  if (h === "localhost" || h.endsWith(".localhost") || h === "localhost.localdomain" || h === "ip6-localhost" || h === "ip6-loopback") return "a name of this machine";
  if (h === "metadata.google.internal" || h === "metadata.goog" || h === "metadata" || h === "instance-data") return "a cloud metadata service";
  if (!h.includes(".")) return "a local name (no domain)";
  if (h.endsWith(".local") || h.endsWith(".internal") || h.endsWith(".home.arpa") || h.endsWith(".localdomain")) return "a local network name";
  return null;
}
