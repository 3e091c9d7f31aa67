// The preset of a project's MMTE and MetaHOPE parts: the presets' fields its scheme configuration
// switches on (Settings → parts, the wizard, `--scheme mmte|metahope|both`), stored as the project's
// scheme version like any other. The orphan check compares a new version with every field of both
// presets (MMTE_METAHOPE_PRESET), since values of a part switched off later stay stored under the
// same field names. Only such a preset, as shipped, has parts for the Settings form to switch: a
// variant (another scale, one more label, its own guideline wording) is the lead's own scheme,
// which that form leaves alone.
import type { TSchemeDefinition } from "../language/scheme-definition";
import type { TSchemeField } from "../language/scheme-field";
import { sortedJson } from "../canonical-value";
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
  // each listed once (both list the papers' agreement export, last; the language refuses a name twice)
  analyses: [...new Set([...MMTE_PRESET.analyses, ...METAHOPE_PRESET.analyses])].sort((a, b) => Number(a === "papers.agreement-export") - Number(b === "papers.agreement-export")),
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

/** The presets' fields by id (EQUIVALENCE has two alternatives), canonical. */
const PRESET_FIELDS = new Map<string, string[]>();
for (const f of [...MMTE_PRESET.fields, ...METAHOPE_PRESET.fields]) PRESET_FIELDS.set(f.id, [...(PRESET_FIELDS.get(f.id) ?? []), sortedJson(f)]);
const PRESET_GUIDELINES = new Set([MMTE_PRESET.guidelines, METAHOPE_PRESET.guidelines, `${MMTE_PRESET.guidelines}\n\n${METAHOPE_PRESET.guidelines}`]);

/** Whether a stored definition is the MMTE/MetaHOPE preset as shipped (fewer parts are fine). */
export function isPresetOfParts(definition: TSchemeDefinition): boolean {
  if (!PRESET_GUIDELINES.has(definition.guidelines)) return false;
  const byId = new Map<string, TSchemeField[]>();
  for (const f of definition.fields) byId.set(f.id, [...(byId.get(f.id) ?? []), f]);
  for (const [id, fields] of byId) {
    const preset = PRESET_FIELDS.get(id);
    if (!preset || preset.length !== fields.length) return false;
    if (fields.some((f, i) => sortedJson(f) !== preset[i])) return false;
  }
  return true;
}

/**
 * The fields of a stored definition that are the Settings form's parts to switch: every field of
 * a preset of parts, none of a lead's own scheme (whose form then offers the presentation switches alone).
 */
export function switchableFieldsOf(definition: TSchemeDefinition): TSchemeField[] {
  return isPresetOfParts(definition) ? definition.fields : [];
}

/**
 * The preset of `config`'s parts as the version to follow `previous` (the one in force, if any),
 * or null when `previous` is the lead's own scheme, whose parts are not the form's to change.
 */
export function nextPresetOfParts(previous: TSchemeDefinition | null, config: TSchemeConfig): TSchemeDefinition | null {
  if (previous && !isPresetOfParts(previous)) return null;
  const preset = presetOfParts(config);
  if (!previous) return preset;
  // the workflow (readDocumentFirst) is the study's procedure, not a part: switching parts keeps
  // the one in force (a project stored before the setting existed does not start asking for it
  // because a part was switched); a lead changes it with a scheme version of its own
  // and so are the name and description of the same preset (a version stored before the combined
  // preset was renamed keeps "Built-in (MMTE and MetaHOPE)"): saving the same parts stores no
  // version, and annotators get no "the guidelines changed" notice for a rename
  const sameName = previous.id === preset.id ? { name: previous.name, description: previous.description } : {};
  return { ...preset, workflow: previous.workflow, ...sameName };
}

/** The papers' agreement export (lib/reports/analyses/paper/papers-agreement-export.ts), which the presets list. */
const PAPERS_AGREEMENT_EXPORT = "papers.agreement-export";

/**
 * For the upgrade of a database made by the release before the papers' agreement export became a
 * named analysis (lib/db/upgrade/list-papers-agreement-export.ts): that release gave the papers'
 * export to a stored version that is the preset as shipped (isPresetOfParts), which does not list
 * the name. That version with the name listed (where the preset of its id lists it, else last), so
 * its export stays the same; null when it lists the name already or is not such a preset.
 */
export function withPapersAgreementExportListed(definition: TSchemeDefinition): TSchemeDefinition | null {
  if (definition.analyses.includes(PAPERS_AGREEMENT_EXPORT) || !isPresetOfParts(definition)) return null;
  const shipped = [MMTE_PRESET, METAHOPE_PRESET, MMTE_METAHOPE_PRESET].find((p) => p.id === definition.id)?.analyses;
  const same = shipped && sortedJson(shipped.filter((a) => a !== PAPERS_AGREEMENT_EXPORT)) === sortedJson(definition.analyses);
  return { ...definition, analyses: same ? [...shipped] : [...definition.analyses, PAPERS_AGREEMENT_EXPORT] };
}
