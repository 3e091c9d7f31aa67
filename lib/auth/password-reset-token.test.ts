import { describe, expect, it } from "vitest";
import { hashPasswordResetToken, looksLikePasswordResetToken, newPasswordResetToken, passwordResetLink } from "@/lib/auth/password-reset-token";

describe("password reset tokens", () => {
  it("are 256 random bits in base64url, stored only as their SHA-256", () => {
    const a = newPasswordResetToken();
    expect(looksLikePasswordResetToken(a)).toBe(true);
    expect(a).not.toBe(newPasswordResetToken());
    expect(hashPasswordResetToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashPasswordResetToken(a)).not.toContain(a);
    expect(looksLikePasswordResetToken("short")).toBe(false);
    expect(looksLikePasswordResetToken(`${a.slice(0, 42)}/`)).toBe(false);
  });

  it("make a link to the reset page", () => {
    expect(passwordResetLink("https://tropos.example.org/", "abc")).toBe("https://tropos.example.org/reset-password?token=abc");
  });
});
