// Writes the scheme language's JSON Schema (generated from the zod schema) to public/, where the
// app serves it for editors. Run after changing lib/schemes/language: `npx tsx scripts/scheme-json-schema.ts`.
// lib/schemes/language/scheme-json-schema.test.ts fails while the committed file is out of date.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SCHEME_JSON_SCHEMA_PATH, schemeJsonSchemaText } from "@/lib/schemes/language/scheme-json-schema";

const out = path.resolve(SCHEME_JSON_SCHEMA_PATH);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, schemeJsonSchemaText());
console.log(`Wrote ${SCHEME_JSON_SCHEMA_PATH}`);
