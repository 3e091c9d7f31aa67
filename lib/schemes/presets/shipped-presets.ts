// The schemes Tropos ships, written in the scheme language (`tropos scheme list`). A project
// starts from one of these or from a file. MMTE and MetaHOPE run under the built-in runtime
// (lib/schemes/*.ts); the others under the scheme runtime (lib/schemes/scheme-runtime.ts).
import type { TSchemeDefinition } from "../language/scheme-definition";
import { METAHOPE_PRESET } from "./metahope";
import { MMTE_PRESET } from "./mmte";
import { EMOS_PRESET } from "./emos";
import { CR_ST_PRESET } from "./cr-st";
import { META4XNLI_PRESET } from "./meta4xnli";
import { MQM_PRESET } from "./mqm";

export const SHIPPED_PRESETS: readonly TSchemeDefinition[] = [MMTE_PRESET, METAHOPE_PRESET, EMOS_PRESET, CR_ST_PRESET, META4XNLI_PRESET, MQM_PRESET];

export function findShippedPreset(id: string): TSchemeDefinition | undefined {
  return SHIPPED_PRESETS.find((p) => p.id === id);
}
