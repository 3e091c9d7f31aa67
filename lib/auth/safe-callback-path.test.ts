import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeCallbackPath } from "@/lib/auth/safe-callback-path";

const ORIGIN = "http://localhost:3000";
const ok = (raw: string) => safeCallbackPath(raw, ORIGIN);

describe("safeCallbackPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(ok("/projects/demo/queue")).toBe("/projects/demo/queue");
    expect(ok("/projects/demo/items/s1?scheme=MMTE#t2")).toBe("/projects/demo/items/s1?scheme=MMTE#t2");
    expect(ok("http://localhost:3000/projects")).toBe("/projects");
    // encoded slashes and backslashes stay encoded inside one path segment: harmless
    expect(ok("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(ok("/%5Cevil.example")).toBe("/%5Cevil.example");
    // a relative reference resolves against the site root
    expect(ok("projects")).toBe("/projects");
  });

  // Each of these is a way to reach another host (or run script) after signing in.
  const hostile = Object.freeze([
    "//evil.example",
    "//evil.example/projects",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/\tevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    " //evil.example",
    "/ /evil.example",
    "\u0000//evil.example",
    "/\u007f/evil.example",
    "https://evil.example",
    "https://evil.example/projects",
    "http://localhost:3000@evil.example/",
    "http://localhost:3001/projects",
    "https://localhost:3000/projects",
    "https:evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/.//evil.example",
    "/..//evil.example",
    "/./\\evil.example",
    "",
  ]);
  it.each(hostile)("refuses %j", (raw) => {
    expect(ok(raw)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it("refuses values that are not strings, too long, or resolved against a broken origin", () => {
    expect(safeCallbackPath(undefined, ORIGIN)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackPath(["/projects"], ORIGIN)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackPath(`/${"a".repeat(3000)}`, ORIGIN)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackPath("/projects", "not a url")).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackPath("//evil.example", ORIGIN, "/signin")).toBe("/signin");
  });

  it("agrees with the browser's parser: whatever passes stays on this origin", () => {
    for (const raw of [...hostile, "/projects", "/a//b", "/a/../../b"]) {
      const path = ok(raw);
      expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
      expect(path.startsWith("//")).toBe(false);
    }
  });
});
