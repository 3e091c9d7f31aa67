// MetaHOPE (Liang & Han 2026) written in the scheme language. The data is metahope.json;
// metahope.test.ts proves it says what the paper says (__fixtures__/metahope-paper.ts).
import definition from "./metahope.json";
import { ZSchemeDefinition, type TSchemeDefinition } from "../language/scheme-definition";

export const METAHOPE_PRESET: TSchemeDefinition = ZSchemeDefinition.parse(definition);

const FIELD_IDS: ReadonlySet<string> = new Set(METAHOPE_PRESET.fields.map((f) => f.id));

/**
 * MetaHOPE's fields in an import's rows: the preset's (the realisation alignment, the error spans,
 * the post-edit) and the workbooks' per-category penalty columns (METAHOPE_IMP …).
 */
export function isMetahopeField(field: string): boolean {
  return FIELD_IDS.has(field) || field.startsWith("METAHOPE_");
}
