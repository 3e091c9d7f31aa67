// The host classifier (issue 27, point 1b): every spelling of an internal address is internal.
// URL hosts go through WHATWG URL parsing first, as they do in the app (checkModelBaseUrl,
// createModelFetch), so the decimal, hex, octal and short IPv4 forms are tested through it: the
// test pins that the parser normalises them, and that the classifier then refuses the result.
import { describe, expect, it } from "vitest";
import { addressInPrefix, internalAddressKind, internalHostNameKind } from "./internal-address";

const kindOfUrl = (raw: string) => internalAddressKind(new URL(raw).hostname);

describe("internalAddressKind", () => {
  it("IPv4 loopback in every spelling URL parsing accepts", () => {
    for (const raw of ["http://127.0.0.1/", "http://2130706433/", "http://0x7f.1/", "http://0x7f000001/", "http://0177.0.0.1/", "http://0177.1/", "http://127.1/", "http://127.0.1/", "http://127.255.255.254:8080/",
      "http://127.0.0.1./", "http://0X7F.1/", "http://0x7f.0x0.0x0.0x1/", "http://%31%32%37.0.0.1/", "http://①②⑦.0.0.1/"]) {
      expect(new URL(raw).hostname, raw).toMatch(/^127\./);
      expect(kindOfUrl(raw), raw).toBe("a loopback address");
    }
  });

  it("IPv4-mapped and -translated IPv6 are judged by their IPv4 address", () => {
    expect(new URL("http://[::ffff:127.0.0.1]/").hostname).toBe("[::ffff:7f00:1]");
    for (const raw of ["http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[0:0:0:0:0:ffff:7f00:1]/", "http://[::ffff:0:7f00:1]/", "http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/"]) {
      expect(kindOfUrl(raw), raw).toBe("a loopback address");
    }
    expect(kindOfUrl("http://[::ffff:169.254.169.254]/")).toMatch(/link-local/);
    expect(kindOfUrl("http://[::ffff:10.1.2.3]/")).toBe("a private address");
    // a mapped public address is public
    expect(kindOfUrl("http://[::ffff:8.8.8.8]/")).toBeNull();
  });

  it("private, shared, link-local and metadata, unspecified, multicast and reserved IPv4", () => {
    expect(kindOfUrl("http://10.0.0.5/")).toBe("a private address");
    expect(kindOfUrl("http://172.16.0.1/")).toBe("a private address");
    expect(kindOfUrl("http://172.31.255.255/")).toBe("a private address");
    expect(kindOfUrl("http://192.168.1.1/")).toBe("a private address");
    expect(kindOfUrl("http://100.100.100.200/")).toMatch(/shared/); // Alibaba Cloud's metadata service
    expect(kindOfUrl("http://169.254.169.254/latest/meta-data")).toMatch(/link-local .*metadata/);
    expect(kindOfUrl("http://0xa9fea9fe/")).toMatch(/link-local/); // 169.254.169.254 in hex
    expect(kindOfUrl("http://0.0.0.0/")).toMatch(/unspecified/);
    expect(kindOfUrl("http://0/")).toMatch(/unspecified/);
    expect(kindOfUrl("http://224.0.0.1/")).toMatch(/multicast/);
    expect(kindOfUrl("http://255.255.255.255/")).toMatch(/reserved or broadcast/);
    expect(kindOfUrl("http://192.0.0.192/")).toMatch(/IETF/); // Oracle Cloud's metadata service
  });

  it("IPv6 loopback, unspecified, unique local (AWS metadata fd00:ec2::254), link-local and others", () => {
    expect(kindOfUrl("http://[::1]/")).toBe("a loopback address");
    expect(kindOfUrl("http://[0:0:0:0:0:0:0:1]/")).toBe("a loopback address");
    expect(kindOfUrl("http://[::]/")).toBe("an unspecified address");
    expect(kindOfUrl("http://[fd00:ec2::254]/")).toMatch(/unique local/);
    expect(kindOfUrl("http://[fc00::1]/")).toMatch(/unique local/);
    expect(kindOfUrl("http://[fe80::1]/")).toMatch(/link-local/);
    expect(kindOfUrl("http://[febf::1]/")).toMatch(/link-local/);
    expect(kindOfUrl("http://[fec0::1]/")).toMatch(/site-local/);
    expect(kindOfUrl("http://[ff02::1]/")).toMatch(/multicast/);
    expect(kindOfUrl("http://[::7f00:1]/")).toMatch(/IPv4-compatible/);
    expect(kindOfUrl("http://[2001:db8::1]/")).toMatch(/documentation/);
    expect(kindOfUrl("http://[64:ff9b:1::1]/")).toMatch(/local NAT64/);
  });

  it("addresses as DNS gives them: zone ids dropped, anything unparsable refused", () => {
    expect(internalAddressKind("fe80::1%eth0")).toMatch(/link-local/);
    expect(internalAddressKind("127.0.0.1")).toBe("a loopback address");
    expect(internalAddressKind("not-an-address")).toBe("not an IP address");
  });

  it("public addresses are public", () => {
    for (const a of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "169.255.0.1", "2606:4700:4700::1111", "2a00:1450:4001:81b::200e", "[64:ff9b::808:808]"]) expect(internalAddressKind(a), a).toBeNull();
  });
});

describe("internalHostNameKind", () => {
  it("names of this machine, metadata services and local-only names", () => {
    for (const h of ["localhost", "LOCALHOST", "localhost.", "api.localhost", "localhost.localdomain", "ip6-localhost"]) expect(internalHostNameKind(h), h).toBe("a name of this machine");
    expect(internalHostNameKind("metadata.google.internal")).toBe("a cloud metadata service");
    expect(internalHostNameKind("metadata")).toBe("a cloud metadata service");
    expect(internalHostNameKind("ollama")).toMatch(/no domain/);
    expect(internalHostNameKind("printer.local")).toMatch(/local network/);
    expect(internalHostNameKind("db.corp.internal")).toMatch(/local network/);
    expect(internalHostNameKind("nas.home.arpa")).toMatch(/local network/);
  });
  it("a public name is not judged by its name (its addresses are, when it is resolved)", () => {
    expect(internalHostNameKind("api.openai.com")).toBeNull();
    expect(internalHostNameKind("localhost.example.org")).toBeNull();
  });
});

describe("addressInPrefix", () => {
  it("compares bytes, an IPv4-mapped address as its IPv4 address", () => {
    expect(addressInPrefix("10.1.2.3", [10, 1, 0, 0], 16)).toBe(true);
    expect(addressInPrefix("10.2.2.3", [10, 1, 0, 0], 16)).toBe(false);
    expect(addressInPrefix("::ffff:10.1.2.3", [10, 1, 0, 0], 16)).toBe(true);
    expect(addressInPrefix("::1", [127, 0, 0, 1], 32)).toBe(false);
  });
});
