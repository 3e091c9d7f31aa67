// Meta4XNLI (Sanchez-Bayona & Agerri 2025, ../shared/papers/meta4xnli-sanchez-bayona-2025.txt)
// written in the scheme language (meta4xnli.json): MIPVU token tags and NLI pairs by role.
// Runs under the scheme runtime.
import definition from "./meta4xnli.json";
import { ZSchemeDefinition, type TSchemeDefinition } from "../language/scheme-definition";

export const META4XNLI_PRESET: TSchemeDefinition = ZSchemeDefinition.parse(definition);
