// The schemes Tropos ships, written in the scheme language (`tropos scheme list`). A project
// will start from one of these or from a file; today's runtime still reads lib/schemes/*.ts.
import type { TSchemeDefinition } from "../language/scheme-definition";
import { METAHOPE_PRESET } from "./metahope";
import { MMTE_PRESET } from "./mmte";

export const BUILT_IN_PRESETS: readonly TSchemeDefinition[] = [MMTE_PRESET, METAHOPE_PRESET];

export function findBuiltInPreset(id: string): TSchemeDefinition | undefined {
  return BUILT_IN_PRESETS.find((p) => p.id === id);
}
