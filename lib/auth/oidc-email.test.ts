import { describe, expect, it } from "vitest";
import { oidcSignInEmail } from "./oidc-email";

const strict = { trustUnverified: false };
const trusting = { trustUnverified: true };

describe("oidcSignInEmail", () => {
  it("takes an email the provider says is verified, lower-cased", () => {
    expect(oidcSignInEmail({ sub: "1", email: " Ann@Example.ORG ", email_verified: true }, strict)).toEqual({ ok: true, email: "ann@example.org" });
    // Cognito's userinfo sends the boolean as a string
    expect(oidcSignInEmail({ email: "ann@example.org", email_verified: "true" }, strict)).toEqual({ ok: true, email: "ann@example.org" });
  });

  it("refuses an email not said to be verified: false, absent, or anything but true", () => {
    for (const email_verified of [false, undefined, null, "false", "yes", 1, "TRUE"]) {
      expect(oidcSignInEmail({ email: "ann@example.org", email_verified }, strict), String(email_verified)).toEqual({ ok: false, reason: "unverified" });
    }
  });

  it("with OIDC_TRUST_UNVERIFIED_EMAIL takes the email whatever email_verified says", () => {
    for (const email_verified of [true, false, undefined, "no"]) {
      expect(oidcSignInEmail({ email: "Ann@example.org", email_verified }, trusting)).toEqual({ ok: true, email: "ann@example.org" });
    }
  });

  it("refuses claims without a usable email, trusted or not", () => {
    for (const claims of [{}, null, undefined, "x", { email: "" }, { email: "not an address" }, { email: 42, email_verified: true }]) {
      expect(oidcSignInEmail(claims, strict)).toEqual({ ok: false, reason: "no-email" });
      expect(oidcSignInEmail(claims, trusting)).toEqual({ ok: false, reason: "no-email" });
    }
  });
});
