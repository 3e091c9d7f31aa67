// MMTE (Wang et al. 2024) written in the scheme language. The data is mmte.json; mmte.test.ts
// proves it says what the paper says (__fixtures__/mmte-paper.ts).
import definition from "./mmte.json";
import { ZSchemeDefinition, type TSchemeDefinition } from "../language/scheme-definition";

export const MMTE_PRESET: TSchemeDefinition = ZSchemeDefinition.parse(definition);
