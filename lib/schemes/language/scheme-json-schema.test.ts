// The committed JSON Schema (public/schemas/…) must be what the zod schema generates today;
// regenerate with `npx tsx scripts/scheme-json-schema.ts`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCHEME_JSON_SCHEMA_PATH, schemeJsonSchema, schemeJsonSchemaText } from "./scheme-json-schema";
import { FIELD_KINDS } from "./measurement-level";

describe("scheme JSON Schema", () => {
  it("is committed up to date (run `npx tsx scripts/scheme-json-schema.ts` after changing the language)", () => {
    const committed = readFileSync(path.resolve(__dirname, "../../..", SCHEME_JSON_SCHEMA_PATH), "utf8");
    expect(committed === schemeJsonSchemaText(), "public/schemas/tropos-scheme.schema.json is out of date").toBe(true);
  });

  it("describes every kind, with the fields' options for editors' completion", () => {
    const s = schemeJsonSchema() as { $defs: Record<string, { properties: Record<string, { const?: string }> }>; required: string[] };
    const kinds = Object.values(s.$defs).map((d) => d.properties?.kind?.const).filter(Boolean);
    expect(kinds.sort()).toEqual([...FIELD_KINDS].sort());
    expect(s.required).toEqual(["id", "version", "name", "fields"]);
    expect(Object.keys(s.$defs.ScaleField.properties)).toEqual(expect.arrayContaining(["min", "max", "step", "labels", "when", "level", "gold", "guidelines"]));
  });
});
