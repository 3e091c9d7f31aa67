/**
 * The JSON Schema of the scheme language, generated from the zod schema so the
 * two cannot disagree. Editors use it for completion and hover help
 * (`"$schema": "/schemas/tropos-scheme.schema.json"`). It describes the shape
 * only: cross-field rules (unique ids, `when` references, key clashes) are
 * checked by `parseSchemeText` and `tropos scheme validate`.
 */
import { z } from "zod";
import { ZSchemeDefinition } from "./scheme-definition";

/** Where the app serves it (public/) and where `scripts/scheme-json-schema.ts` writes it. */
export const SCHEME_JSON_SCHEMA_PATH = "public/schemas/tropos-scheme.schema.json";

export function schemeJsonSchema(): Record<string, unknown> {
  // io "input": what a person writes, so fields with defaults are optional.
  const schema = z.toJSONSchema(ZSchemeDefinition, { io: "input", target: "draft-2020-12", unrepresentable: "throw" });
  return {
    ...schema,
    title: "Tropos annotation scheme",
    description:
      "An annotation scheme for Tropos: fields with scope, kind, level and guidelines. Reference: lib/schemes/README.md. Cross-field rules are checked by `tropos scheme validate`.",
  };
}

/** The committed file's exact text: stable key order, two-space indent, final newline. */
export function schemeJsonSchemaText(): string {
  return `${JSON.stringify(schemeJsonSchema(), null, 2)}\n`;
}
