import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "./language/scheme-definition";
import { assignmentSchemeFor } from "./assignment-scheme";
import { MMTE_PRESET } from "./presets/mmte";

const IDIOM = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));
const own = { kind: "scheme", version: 2, definition: IDIOM } as const;
const mmte = { kind: "scheme", version: 1, definition: MMTE_PRESET } as const;

describe("assignmentSchemeFor", () => {
  it("gives one SCHEME assignment per item, and reads MMTE/METAHOPE as the scheme when it has that preset's fields", () => {
    expect(assignmentSchemeFor(own, undefined)).toEqual({ ok: true, scheme: "SCHEME" });
    expect(assignmentSchemeFor(own, "SCHEME")).toEqual({ ok: true, scheme: "SCHEME" });
    expect(assignmentSchemeFor(mmte, "MMTE")).toEqual({ ok: true, scheme: "SCHEME" });
  });
  it("refuses a preset the scheme has no field of, naming the scheme", () => {
    const r = assignmentSchemeFor(own, "MMTE");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain(`"Idiom judgement" (version 2) has no MMTE fields`);
    expect(assignmentSchemeFor(mmte, "METAHOPE").ok).toBe(false);
  });
});
