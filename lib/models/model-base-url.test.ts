import { describe, expect, it } from "vitest";
import { checkModelBaseUrl, parseModelHosts } from "./model-base-url";

describe("checkModelBaseUrl", () => {
  it("accepts http and https, drops a trailing slash", () => {
    expect(checkModelBaseUrl("http://127.0.0.1:11434/v1/", undefined)).toBe("http://127.0.0.1:11434/v1");
    expect(checkModelBaseUrl("https://api.openai.com/v1", undefined)).toBe("https://api.openai.com/v1");
  });
  it("refuses other schemes, non-URLs and credentials in the URL", () => {
    expect(() => checkModelBaseUrl("file:///etc/passwd", undefined)).toThrow(/must be http\(s\), not file/);
    expect(() => checkModelBaseUrl("ftp://x.org/v1", undefined)).toThrow(/not ftp/);
    expect(() => checkModelBaseUrl("localhost:11434", undefined)).toThrow(/http\(s\)|not a URL/);
    expect(() => checkModelBaseUrl("not a url", undefined)).toThrow(/not a URL/);
    expect(() => checkModelBaseUrl("https://u:secret@api.example.org/v1", undefined)).toThrow(/user name or password/);
  });
  it("with TROPOS_MODEL_HOSTS, only the listed hosts (host, host:port, *.domain)", () => {
    const list = "api.openai.com, 127.0.0.1:11434, *.lab.example.org";
    expect(checkModelBaseUrl("https://api.openai.com/v1", list)).toBe("https://api.openai.com/v1");
    expect(checkModelBaseUrl("http://127.0.0.1:11434/v1", list)).toBe("http://127.0.0.1:11434/v1");
    expect(checkModelBaseUrl("https://gpu1.lab.example.org/v1", list)).toBe("https://gpu1.lab.example.org/v1");
    expect(() => checkModelBaseUrl("http://127.0.0.1:8080/v1", list)).toThrow(/127.0.0.1:8080 is not in TROPOS_MODEL_HOSTS/);
    expect(() => checkModelBaseUrl("http://169.254.169.254/latest", list)).toThrow(/not in TROPOS_MODEL_HOSTS/);
    expect(() => checkModelBaseUrl("https://evil-lab.example.org.attacker.net/v1", list)).toThrow(/not in/);
  });
  it("an empty list allows any host", () => {
    expect(parseModelHosts(" , ")).toBeNull();
    expect(checkModelBaseUrl("http://10.0.0.5/v1", "")).toBe("http://10.0.0.5/v1");
  });
});
