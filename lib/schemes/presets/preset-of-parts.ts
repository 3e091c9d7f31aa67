// The preset of a project's MMTE and MetaHOPE parts: the presets' fields its scheme configuration
// switches on (Settings → parts, the wizard, `--scheme mmte|metahope|both`), stored as the project's
// scheme version like any other. The orphan check compares a new version with every field of both
// presets (MMTE_METAHOPE_PRESET), since values of a part switched off later stay stored under the
// same field names. The Settings form's parts are read from the fields a version has, for any
// scheme (nextDefinitionOfParts; a variant with its own wording or labels switches its parts and
// keeps them). Which preset a version *is* is read in two places only, both here: whose guideline
// text (and name) follows the parts (a version with a shipped preset's text), and which versions
// of the previous release the papers' agreement export is listed in (isPresetOfParts).
import type { TSchemeDefinition } from "../language/scheme-definition";
import type { TSchemeField } from "../language/scheme-field";
import { sortedJson } from "../canonical-value";
import { enabledFieldNames, type TSchemeConfig } from "../scheme-config";
import { PRESET_PART_FIELDS, type TPresetPart } from "./preset-parts";
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

/**
 * Whether a stored definition is the MMTE/MetaHOPE preset as shipped (fewer parts are fine): what
 * the previous release gave the papers' agreement export, read only by withPapersAgreementExportListed.
 */
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

/** Whether the definition has a part to switch: one of the presets' fields (by id). */
export function hasPartsToSwitch(definition: TSchemeDefinition): boolean {
  return definition.fields.some((f) => PART_OF.has(f.id));
}

const PART_OF = new Map<string, TPresetPart>(PRESET_PART_FIELDS.map((f) => [f.id, f.part]));
const MMTE_IDS = new Set(MMTE_PRESET.fields.map((f) => f.id));
/** a field's place in the presets' order (MMTE's, then MetaHOPE's), where a field switched on goes */
const RANK = new Map<string, number>();
for (const f of MMTE_METAHOPE_PRESET.fields) if (!RANK.has(f.id)) RANK.set(f.id, RANK.size);
const PRESET_ANALYSES = { mmte: MMTE_PRESET.analyses, metahope: METAHOPE_PRESET.analyses } as const;
type TPresetName = keyof typeof PRESET_ANALYSES;
const presetOfField = (id: string): TPresetName => (MMTE_IDS.has(id) ? "mmte" : "metahope");

/** `fields` with `added` put among them in the presets' order (a lead's own fields stay where they are). */
function inPresetOrder(fields: readonly TSchemeField[], added: readonly TSchemeField[]): TSchemeField[] {
  const out = [...fields];
  for (const f of added) {
    const k = RANK.get(f.id)!;
    let after = -1;
    for (let i = 0; i < out.length; i++) if ((RANK.get(out[i].id) ?? Infinity) <= k) after = i;
    if (after >= 0) out.splice(after + 1, 0, f);
    else {
      // before the first preset field that comes later, else last
      const before = out.findIndex((x) => RANK.has(x.id));
      out.splice(before < 0 ? out.length : before, 0, f);
    }
  }
  return out;
}

/**
 * The definition to follow `previous` (the version in force, if any) when the Settings form (or
 * project creation) stores the parts of `config`; null when `previous` has none of the presets'
 * fields, so no parts to switch (the form shows none: an EMOS or MQM project is not offered MMTE
 * parts; what it has is read from its fields, not from which preset it came from).
 *
 * The parts are read from the fields present, for any scheme, a variant of a preset included:
 * - a part switched off: its fields (by id, PRESET_PART_FIELDS) leave the definition; their values
 *   stay stored under the same names;
 * - a part switched on: its fields as this project last had them (`earlier`: fields by id from its
 *   latest version that had them, so a variant's own labels come back and its stored values are
 *   valid again), else the preset's, put in the presets' order; none whose id is there already;
 * - a preset's named analyses are listed while one of its parts is on: added when its first part
 *   is switched on, removed when its last one is switched off (unless the other preset lists them);
 * - everything else is kept: the lead's own fields, the fields' labels, the other analyses, the
 *   workflow (the study's procedure, not a part), the guidelines, the name.
 * The one thing that follows the preset's identity: a version whose guideline text is exactly a
 * shipped preset's (PRESET_GUIDELINES) is the preset as shipped, and its texts (guidelines, id,
 * name, description) follow the preset of the new parts, as a lead's own text never does; a
 * version of the same preset keeps its name and description (one stored before the combined
 * preset was renamed keeps "Built-in (MMTE and MetaHOPE)": saving the same parts stores no
 * version, and annotators get no "the guidelines changed" notice for a rename).
 */
export function nextDefinitionOfParts(previous: TSchemeDefinition | null, config: TSchemeConfig, earlier: ReadonlyMap<string, TSchemeField[]> = new Map()): TSchemeDefinition | null {
  const preset = presetOfParts(config);
  if (!previous) return preset;
  if (!hasPartsToSwitch(previous)) return null;
  const on = new Set<string>(enabledFieldNames({ ...config, required: undefined }));
  const wanted = new Set(PRESET_PART_FIELDS.filter((f) => on.has(f.id)).map((f) => f.part));
  const had = new Set(previous.fields.flatMap((f) => (PART_OF.has(f.id) ? [PART_OF.get(f.id)!] : [])));
  const kept = previous.fields.filter((f) => !PART_OF.has(f.id) || wanted.has(PART_OF.get(f.id)!));
  const present = new Set(kept.map((f) => f.id));
  const added: TSchemeField[] = [];
  for (const pf of PRESET_PART_FIELDS) {
    if (!wanted.has(pf.part) || had.has(pf.part) || present.has(pf.id)) continue;
    const last = earlier.get(pf.id);
    added.push(...(last?.length ? last : MMTE_METAHOPE_PRESET.fields.filter((f) => f.id === pf.id)));
  }
  const fields = inPresetOrder(kept, added);

  const presetsOn = (ids: readonly string[]) => new Set(ids.filter((id) => PART_OF.has(id)).map(presetOfField));
  const wasOn = presetsOn(previous.fields.map((f) => f.id));
  const isOn = presetsOn(fields.map((f) => f.id));
  const stillListed = new Set([...isOn].flatMap((p) => PRESET_ANALYSES[p]));
  const removed = new Set([...wasOn].filter((p) => !isOn.has(p)).flatMap((p) => PRESET_ANALYSES[p]).filter((a) => !stillListed.has(a)));
  let analyses = previous.analyses.filter((a) => !removed.has(a));
  for (const p of [...isOn].filter((x) => !wasOn.has(x))) for (const a of PRESET_ANALYSES[p]) if (!analyses.includes(a)) analyses.push(a);
  // a list of the presets' analyses alone is in the presets' order, as presetOfParts lists them
  const order = MMTE_METAHOPE_PRESET.analyses;
  if (analyses.every((a) => order.includes(a))) analyses = [...analyses].sort((a, b) => order.indexOf(a) - order.indexOf(b));

  const sameName = previous.id === preset.id ? { name: previous.name, description: previous.description } : { name: preset.name, description: preset.description };
  const texts = PRESET_GUIDELINES.has(previous.guidelines) ? { id: preset.id, guidelines: preset.guidelines, ...sameName } : {};
  return { ...previous, ...texts, analyses, fields };
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
