// The preset of a project's MMTE and MetaHOPE parts: the presets' fields its scheme configuration
// switches on (Settings → parts, the wizard, `--scheme mmte|metahope|both`), stored as the project's
// scheme version like any other. The orphan check compares a new version with every field of both
// presets (MMTE_METAHOPE_PRESET), since values of a part switched off later stay stored under the
// same field names.
import type { TSchemeDefinition } from "../language/scheme-definition";
import { enabledFieldNames, type TSchemeConfig } from "../scheme-config";
import { METAHOPE_PRESET } from "./metahope";
import { MMTE_PRESET } from "./mmte";

/** MMTE's and MetaHOPE's presets together (their ids do not overlap): the demo's scheme, and a study of both. */
export const MMTE_METAHOPE_PRESET: TSchemeDefinition = {
  id: "built-in",
  version: 1,
  name: "MMTE and MetaHOPE",
  description: "MMTE's judgements of translation quality and of each metaphor (Wang et al. 2024) and MetaHOPE's realisation alignment and error spans (Liang & Han 2026), in one study",
  guidelines: `${MMTE_PRESET.guidelines}\n\n${METAHOPE_PRESET.guidelines}`,
  roles: [],
  analyses: [...MMTE_PRESET.analyses, ...METAHOPE_PRESET.analyses],
  // MetaHOPE's "read the document first": with both parts on, every item is gated
  workflow: METAHOPE_PRESET.workflow,
  fields: [...MMTE_PRESET.fields, ...METAHOPE_PRESET.fields],
};

/**
 * The preset a project with this configuration runs: MMTE, MetaHOPE, or both, keeping only the
 * fields of the parts that are on. A preset whose fields are all on is returned as it is.
 */
export function presetOfParts(config: TSchemeConfig): TSchemeDefinition {
  const on = new Set<string>(enabledFieldNames({ ...config, required: undefined }));
  const keep = (p: TSchemeDefinition) => ({ preset: p, fields: p.fields.filter((f) => on.has(f.id)) });
  const parts = [keep(MMTE_PRESET), keep(METAHOPE_PRESET)].filter((p) => p.fields.length > 0);
  if (parts.length === 1 && parts[0].fields.length === parts[0].preset.fields.length) return parts[0].preset;
  if (parts.length === 1) return { ...parts[0].preset, fields: parts[0].fields };
  const metahopeOn = parts.some((p) => p.preset === METAHOPE_PRESET);
  return { ...MMTE_METAHOPE_PRESET, workflow: metahopeOn ? METAHOPE_PRESET.workflow : MMTE_PRESET.workflow, fields: parts.flatMap((p) => p.fields) };
}
