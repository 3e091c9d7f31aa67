import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "./language/scheme-definition";
import { assignmentSchemeFor } from "./assignment-scheme";

const IDIOM = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
const own = { kind: "scheme", version: 2, definition: IDIOM } as const;
const builtIn = { kind: "built-in", version: null } as const;

describe("assignmentSchemeFor", () => {
  it("gives SCHEME to a project that runs its own scheme and refuses a built-in one, naming the scheme", () => {
    expect(assignmentSchemeFor(own, undefined, "MMTE")).toEqual({ ok: true, scheme: "SCHEME" });
    expect(assignmentSchemeFor(own, "SCHEME", "MMTE")).toEqual({ ok: true, scheme: "SCHEME" });
    const r = assignmentSchemeFor(own, "MMTE", "MMTE");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain(`"Idiom judgement" (version 2)`);
  });
  it("keeps the built-in choice and its default, and refuses SCHEME", () => {
    expect(assignmentSchemeFor(builtIn, undefined, "METAHOPE")).toEqual({ ok: true, scheme: "METAHOPE" });
    expect(assignmentSchemeFor(builtIn, "MMTE", "METAHOPE")).toEqual({ ok: true, scheme: "MMTE" });
    expect(assignmentSchemeFor(builtIn, "SCHEME", "MMTE").ok).toBe(false);
  });
});
