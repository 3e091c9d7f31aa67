// MMTE (Wang et al. 2024) written in the scheme language. The data is mmte.json; mmte.test.ts
// proves it says what lib/schemes/mmte.ts and fields.ts say today, so the two cannot drift
// while the runtime still reads the constants.
import definition from "./mmte.json";
import { ZSchemeDefinition, type TSchemeDefinition } from "../language/scheme-definition";

export const MMTE_PRESET: TSchemeDefinition = ZSchemeDefinition.parse(definition);
