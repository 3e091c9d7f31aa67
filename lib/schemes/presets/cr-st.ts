// CR-ST's human baseline (Gao et al. 2025, ../shared/papers/cr-st-gao-2025.txt, appendix C): ChID
// cloze items (lib/import/parse-chid.ts) answered among their candidates, gold from the item,
// written in the scheme language (cr-st.json). Runs under the scheme runtime.
import definition from "./cr-st.json";
import { ZSchemeDefinition, type TSchemeDefinition } from "../language/scheme-definition";

export const CR_ST_PRESET: TSchemeDefinition = ZSchemeDefinition.parse(definition);
