// The address of the TCP peer of a request, which Next.js does not give a route handler or a
// server action. `next start` only fills `X-Forwarded-For` with the socket's address when the
// request has none (`req.headers['x-forwarded-for'] ??= socket.remoteAddress` in
// next/dist/server/base-server.js), so a client that sends its own header replaces its address
// with whatever it likes, and a malformed one left the sign-in throttle with no address at all
// (issue 27, point 6).
//
// So the server writes the peer's address into a header of its own before Next.js sees the
// request: instrumentation.ts installs a listener on Node's `http.server.request.start`
// diagnostics channel (published for every request, before the server's 'request' event), which
// overwrites whatever the client sent under that name. The value carries a random token of this
// process: a request that reached the server before the listener was installed (the first moments
// after a start) may carry a forged header, and one without this process's token is not believed.
import { randomBytes } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

export const PEER_ADDRESS_HEADER = "x-tropos-peer-address";

const TOKEN = Symbol.for("tropos.peerAddressToken");
const INSTALLED = Symbol.for("tropos.peerAddressInstalled");
type TGlobal = { [TOKEN]?: string; [INSTALLED]?: boolean };

/** This process's token; shared through globalThis by the instrumentation and the route bundles. */
function processToken(): string {
  const g = globalThis as TGlobal;
  return (g[TOKEN] ??= randomBytes(16).toString("hex"));
}

/** The header's value for a peer address, as the listener writes it (tests write it the same way). */
export function peerAddressValue(address: string): string {
  return `${processToken()} ${address}`;
}

/** The peer's address this server recorded for the request, or null when the request carries none of this process's. */
export function peerAddressOf(headers: { get(name: string): string | null }): string | null {
  const value = headers.get(PEER_ADDRESS_HEADER);
  const space = value?.indexOf(" ") ?? -1;
  if (!value || space < 0 || value.slice(0, space) !== processToken()) return null;
  return value.slice(space + 1) || null;
}

/** Records each request's peer address in PEER_ADDRESS_HEADER (once per process). */
export function installPeerAddressHeader(): void {
  const g = globalThis as TGlobal;
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    // always set, so a client's own header of that name never survives; empty when the socket is gone
    request.headers[PEER_ADDRESS_HEADER] = peerAddressValue(socket.remoteAddress ?? "");
  });
}
