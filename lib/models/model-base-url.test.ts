// Base URLs and TROPOS_MODEL_HOSTS (issue 27, point 1b): internal hosts in any spelling are
// refused unless the operator lists them; public hosts are allowed unless a list leaves out `public`.
import { describe, expect, it } from "vitest";
import { checkModelAddress, checkModelBaseUrl, parseModelHosts } from "./model-base-url";

describe("checkModelBaseUrl", () => {
  it("accepts http and https, drops a trailing slash", () => {
    expect(checkModelBaseUrl("https://api.openai.com/v1/", undefined)).toBe("https://api.openai.com/v1");
    expect(checkModelBaseUrl("http://127.0.0.1:11434/v1/", "127.0.0.1")).toBe("http://127.0.0.1:11434/v1");
  });
  it("refuses other schemes, non-URLs and credentials in the URL", () => {
    expect(() => checkModelBaseUrl("file:///etc/passwd", undefined)).toThrow(/must be http\(s\), not file/);
    expect(() => checkModelBaseUrl("ftp://x.org/v1", undefined)).toThrow(/not ftp/);
    expect(() => checkModelBaseUrl("localhost:11434", undefined)).toThrow(/http\(s\)|not a URL/);
    expect(() => checkModelBaseUrl("not a url", undefined)).toThrow(/not a URL/);
    expect(() => checkModelBaseUrl("https://u:secret@api.example.org/v1", undefined)).toThrow(/user name or password/);
  });

  it("without TROPOS_MODEL_HOSTS refuses every internal host, in every spelling, naming what it is", () => {
    const internal = [
      "http://127.0.0.1:11434/v1", "http://2130706433/", "http://0x7f.1/", "http://0177.0.0.1/", "http://127.1/",
      "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[::1]:8000/v1", "http://[::]/", "http://0.0.0.0:11434/",
      "http://10.0.0.5/v1", "http://192.168.0.10/", "http://172.20.0.2/", "http://169.254.169.254/latest/meta-data", "http://[fd00:ec2::254]/",
      "http://[fe80::1]/", "http://localhost:11434/v1", "http://LOCALHOST./", "http://ollama.localhost/", "http://metadata.google.internal/computeMetadata/v1",
      "http://metadata/", "http://ollama:11434/v1",
    ];
    for (const raw of internal) {
      for (const list of [undefined, "", "public"]) expect(() => checkModelBaseUrl(raw, list), `${raw} with ${list}`).toThrow(/may reach it only if the server's operator lists it in TROPOS_MODEL_HOSTS/);
    }
    expect(() => checkModelBaseUrl("http://2130706433/", undefined)).toThrow("The host 127.0.0.1 is a loopback address;");
    expect(() => checkModelBaseUrl("http://169.254.169.254/", undefined)).toThrow(/link-local address \(where cloud metadata services live\)/);
  });

  it("public hosts are allowed when TROPOS_MODEL_HOSTS is unset, empty or lists `public`", () => {
    for (const list of [undefined, "", " , ", "public", "127.0.0.1,public"]) {
      expect(checkModelBaseUrl("https://api.openai.com/v1", list)).toBe("https://api.openai.com/v1");
      expect(checkModelBaseUrl("http://8.8.8.8/v1", list)).toBe("http://8.8.8.8/v1");
    }
  });

  it("TROPOS_MODEL_HOSTS lets listed internal hosts through: host, host:port, an address in any spelling, *.domain, a range", () => {
    expect(checkModelBaseUrl("http://127.0.0.1:11434/v1", "127.0.0.1")).toBe("http://127.0.0.1:11434/v1");
    expect(checkModelBaseUrl("http://127.0.0.1:11434/v1", "127.1:11434")).toBe("http://127.0.0.1:11434/v1");
    expect(() => checkModelBaseUrl("http://127.0.0.1:8080/v1", "127.0.0.1:11434")).toThrow(/127.0.0.1:8080 is a loopback address/);
    // a default port listed is that port, not any port
    expect(checkModelBaseUrl("http://10.0.0.5/v1", "10.0.0.5:80")).toBe("http://10.0.0.5/v1");
    expect(() => checkModelBaseUrl("http://10.0.0.5:8080/v1", "10.0.0.5:80")).toThrow(/private address/);
    expect(checkModelBaseUrl("http://[::1]:8000/v1", "::1")).toBe("http://[::1]:8000/v1");
    expect(checkModelBaseUrl("http://[::1]:8000/v1", "[::1]:8000")).toBe("http://[::1]:8000/v1");
    expect(checkModelBaseUrl("http://localhost:11434/v1", "localhost:11434")).toBe("http://localhost:11434/v1");
    expect(checkModelBaseUrl("https://gpu1.lab.internal/v1", "*.lab.internal")).toBe("https://gpu1.lab.internal/v1");
    expect(checkModelBaseUrl("http://10.1.7.7/v1", "10.1.0.0/16")).toBe("http://10.1.7.7/v1");
    expect(() => checkModelBaseUrl("http://10.2.7.7/v1", "10.1.0.0/16")).toThrow(/private address/);
    // listing one internal host does not open the others
    expect(() => checkModelBaseUrl("http://169.254.169.254/", "127.0.0.1,public")).toThrow(/link-local/);
    expect(() => checkModelBaseUrl("http://127.0.0.2/", "127.0.0.1")).toThrow(/loopback/);
  });

  it("a list without `public` allows only what it lists (as TROPOS_MODEL_HOSTS did before)", () => {
    const list = "api.openai.com, 127.0.0.1:11434, *.lab.example.org";
    expect(checkModelBaseUrl("https://api.openai.com/v1", list)).toBe("https://api.openai.com/v1");
    expect(checkModelBaseUrl("https://gpu1.lab.example.org/v1", list)).toBe("https://gpu1.lab.example.org/v1");
    expect(() => checkModelBaseUrl("https://api.mistral.ai/v1", list)).toThrow(/api.mistral.ai is not in TROPOS_MODEL_HOSTS/);
    expect(() => checkModelBaseUrl("https://evil-lab.example.org.attacker.net/v1", list)).toThrow(/not in/);
  });

  it("an entry that is not a host is refused, not ignored", () => {
    expect(() => parseModelHosts("127.0.0.1/40")).toThrow(/"127.0.0.1\/40" is not a host/);
    expect(() => parseModelHosts("http://x.org/v1")).toThrow(/is not a host/);
    expect(parseModelHosts(undefined)).toEqual({ public: true, entries: [] });
  });
});

describe("checkModelAddress (each address a name resolved to)", () => {
  const url = new URL("https://models.example.org/v1");
  it("refuses an internal address a public name resolves to, unless the name, address or range is listed", () => {
    expect(() => checkModelAddress(url, "127.0.0.1", parseModelHosts(undefined))).toThrow("The host models.example.org (127.0.0.1) is a loopback address;");
    expect(() => checkModelAddress(url, "::ffff:169.254.169.254", parseModelHosts(undefined))).toThrow(/link-local/);
    expect(() => checkModelAddress(url, "fd00:ec2::254", parseModelHosts(undefined))).toThrow(/unique local/);
    expect(() => checkModelAddress(url, "10.0.0.8", parseModelHosts("models.example.org"))).not.toThrow();
    expect(() => checkModelAddress(url, "10.0.0.8", parseModelHosts("10.0.0.0/8"))).not.toThrow();
    expect(() => checkModelAddress(url, "10.0.0.8", parseModelHosts("10.0.0.8:443"))).not.toThrow();
    expect(() => checkModelAddress(url, "10.0.0.8", parseModelHosts("10.0.0.8:80"))).toThrow(/private/);
    expect(() => checkModelAddress(url, "93.184.215.14", parseModelHosts(undefined))).not.toThrow();
    expect(() => checkModelAddress(url, "93.184.215.14", parseModelHosts("127.0.0.1"))).toThrow(/not in TROPOS_MODEL_HOSTS/);
  });
});
