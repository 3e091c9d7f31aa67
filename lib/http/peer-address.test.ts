// The listener that records a request's TCP peer (issue 27, point 6), on a real HTTP server on
// loopback: a client's own header of that name and its own X-Forwarded-For do not survive.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { installPeerAddressHeader, PEER_ADDRESS_HEADER, peerAddressOf, peerAddressValue } from "@/lib/http/peer-address";
import { clientAddress } from "@/lib/auth/client-address";

let server: Server;
beforeAll(async () => {
  installPeerAddressHeader();
  installPeerAddressHeader(); // a second call (a second instrumentation load) adds no second listener
  server = createServer((req, res) => {
    res.end(JSON.stringify({ raw: req.headers[PEER_ADDRESS_HEADER], client: clientAddress(req.headers, null) }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function get(headers: Record<string, string>): Promise<{ raw: string; client: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: (server.address() as AddressInfo).port, headers }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve(JSON.parse(body)));
    });
    req.on("error", reject);
    req.end();
  });
}

it("records the socket's address over a forged peer header and ignores a forged X-Forwarded-For", async () => {
  const got = await get({ [PEER_ADDRESS_HEADER]: peerAddressValue("198.51.100.1"), "x-forwarded-for": "203.0.113.9" });
  expect(got.raw).toBe(peerAddressValue("127.0.0.1"));
  expect(got.client).toBe("127.0.0.1");
  expect((await get({ "x-forwarded-for": "not an address!" })).client).toBe("127.0.0.1");
});

it("believes only a value carrying this process's token", () => {
  expect(peerAddressOf(new Headers({ [PEER_ADDRESS_HEADER]: peerAddressValue("192.0.2.1") }))).toBe("192.0.2.1");
  expect(peerAddressOf(new Headers({ [PEER_ADDRESS_HEADER]: "0123 192.0.2.1" }))).toBeNull();
  expect(peerAddressOf(new Headers({ [PEER_ADDRESS_HEADER]: "192.0.2.1" }))).toBeNull();
  expect(peerAddressOf(new Headers())).toBeNull();
});
