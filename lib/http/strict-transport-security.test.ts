import { describe, expect, it } from "vitest";
import { STRICT_TRANSPORT_SECURITY, strictTransportSecurity } from "./strict-transport-security";

describe("strictTransportSecurity", () => {
  const https = new URL("https://tropos.example.org/projects");
  const http = new URL("http://tropos.example.org/projects");

  it("is sent for an https request to an app whose public URL is https", () => {
    expect(strictTransportSecurity(https, "https://tropos.example.org")).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it("is never sent over http, nor by an app that is not public over https (unset or unparsable URL: none)", () => {
    expect(strictTransportSecurity(http, "https://tropos.example.org")).toBeNull();
    expect(strictTransportSecurity(https, "http://localhost:3000")).toBeNull();
    expect(strictTransportSecurity(https, undefined)).toBeNull();
    expect(strictTransportSecurity(https, "")).toBeNull();
    expect(strictTransportSecurity(https, "not a url")).toBeNull();
  });
});
