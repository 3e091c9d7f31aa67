// EMOS (emotion preservation, ../shared/papers/emos-2025.txt) written in the scheme language: the
// data is emos.json. It runs under the scheme runtime (lib/schemes/scheme-runtime.ts); its metrics
// are lib/scoring/emos.ts, documented in lib/scoring/EMOS.md.
import definition from "./emos.json";
import { ZSchemeDefinition, type TSchemeDefinition } from "../language/scheme-definition";

export const EMOS_PRESET: TSchemeDefinition = ZSchemeDefinition.parse(definition);
