import { describe, expect, it } from "vitest";
import { addressThrottleKey, ipv6Prefix64 } from "./sign-in-throttle";

describe("the per-address counter's key", () => {
  it("counts an IPv6 client by its /64, however the address is spelt", () => {
    const key = "address:2001:db8:0:1::/64";
    expect(addressThrottleKey("2001:db8:0:1::1")).toBe(key);
    expect(addressThrottleKey("2001:db8:0:1:ffff:ffff:ffff:ffff")).toBe(key);
    expect(addressThrottleKey("2001:0db8:0000:0001:0:0:0:2")).toBe(key);
    expect(addressThrottleKey("2001:db8:0:1:0:0:192.0.2.7")).toBe(key);
    // the next /64 is another client
    expect(addressThrottleKey("2001:db8:0:2::1")).toBe("address:2001:db8:0:2::/64");
    expect(addressThrottleKey("::1")).toBe("address:0:0:0:0::/64");
  });

  it("keeps an IPv4 address, and the unknown client, as they are", () => {
    expect(addressThrottleKey("192.0.2.7")).toBe("address:192.0.2.7");
    expect(addressThrottleKey("unknown")).toBe("address:unknown");
  });

  it("reads no prefix from what is not IPv6 text", () => {
    expect(ipv6Prefix64("1::2::3")).toBeNull();
    expect(ipv6Prefix64("1:2:3")).toBeNull();
    expect(ipv6Prefix64("2001:db8::g")).toBeNull();
  });
});
