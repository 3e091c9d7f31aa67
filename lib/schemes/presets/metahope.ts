// MetaHOPE (Liang & Han 2026) written in the scheme language. The data is metahope.json;
// metahope.test.ts proves it says what lib/schemes/metahope.ts and fields.ts say today.
import definition from "./metahope.json";
import { ZSchemeDefinition, type TSchemeDefinition } from "../language/scheme-definition";

export const METAHOPE_PRESET: TSchemeDefinition = ZSchemeDefinition.parse(definition);
