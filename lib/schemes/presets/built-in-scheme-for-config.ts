// The scheme a project runs before it stores one (ProjectScheme): its built-in preset, i.e. the
// MMTE and MetaHOPE preset fields its scheme configuration switches on. A stored scheme's first
// version is compared with this (what changed for annotators) and, for the orphan check, with
// every built-in field (BUILT_IN_FIELDS_SCHEME), since values of a part switched off later stay
// stored under the same field names.
import type { TSchemeDefinition } from "../language/scheme-definition";
import { enabledFieldNames, type TSchemeConfig } from "../scheme-config";
import { METAHOPE_PRESET } from "./metahope";
import { MMTE_PRESET } from "./mmte";

/** Every field the built-in runtime stores: MMTE's and MetaHOPE's presets together (their ids do not overlap). */
export const BUILT_IN_FIELDS_SCHEME: TSchemeDefinition = {
  id: "built-in",
  version: 1,
  name: "Built-in (MMTE and MetaHOPE)",
  description: "Every MMTE and MetaHOPE field, as the built-in runtime stores them",
  guidelines: `${MMTE_PRESET.guidelines}\n\n${METAHOPE_PRESET.guidelines}`,
  roles: [],
  analyses: [...MMTE_PRESET.analyses, ...METAHOPE_PRESET.analyses],
  // MetaHOPE's: the built-in runtime applies it to METAHOPE items only (lib/workspace/document-gate.ts)
  workflow: METAHOPE_PRESET.workflow,
  fields: [...MMTE_PRESET.fields, ...METAHOPE_PRESET.fields],
};

/**
 * The preset a project with this configuration runs: MMTE, MetaHOPE, or both, keeping only the
 * fields of the parts that are on. A preset whose fields are all on is returned as it is.
 */
export function builtInSchemeFor(config: TSchemeConfig): TSchemeDefinition {
  const on = new Set<string>(enabledFieldNames({ ...config, required: undefined }));
  const keep = (p: TSchemeDefinition) => ({ preset: p, fields: p.fields.filter((f) => on.has(f.id)) });
  const parts = [keep(MMTE_PRESET), keep(METAHOPE_PRESET)].filter((p) => p.fields.length > 0);
  if (parts.length === 1 && parts[0].fields.length === parts[0].preset.fields.length) return parts[0].preset;
  if (parts.length === 1) return { ...parts[0].preset, fields: parts[0].fields };
  const metahopeOn = parts.some((p) => p.preset === METAHOPE_PRESET);
  return { ...BUILT_IN_FIELDS_SCHEME, workflow: metahopeOn ? METAHOPE_PRESET.workflow : MMTE_PRESET.workflow, fields: parts.flatMap((p) => p.fields) };
}
