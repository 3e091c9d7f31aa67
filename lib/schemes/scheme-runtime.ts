/**
 * The runtime of a project's scheme. Every project runs its stored scheme version: the workspace
 * renders each field by its kind with the stored labels, keys and guidelines, saves and imports
 * are validated against it, and the reports compute agreement per field from its level, with the
 * paper tables (MMTE table 3 and figures 3–7, MetaHOPE tables 3–6) as named analyses bound to the
 * fields they need. MMTE and MetaHOPE are presets of the language like the others, so a lab that
 * edits one word of MMTE's guidelines keeps its tables.
 *
 * A project made by an earlier release may have no stored version and keep work in the tables of
 * the built-in runtime that came before (ErrorSpan, PostEdit, review marks); lib/db/upgrade/move-onto-scheme-runtime.ts
 * stores its preset and moves that work into values before anything reads it (`npm run db:migrate`,
 * server start, the demo). Its per-part MMTE/METAHOPE assignments were merged into one per
 * annotator × item by migration 20261129000000_assignment_per_item.
 */
import type { TSchemeDefinition } from "./language/scheme-definition";
import type { TSchemeField } from "./language/scheme-field";
import { MMTE_PRESET } from "./presets/mmte";
import { METAHOPE_PRESET } from "./presets/metahope";
import { sortedJson } from "./canonical-value";

/** The stored ProjectScheme version in force (written on every save) and its definition. */
export type TSchemeRuntime = { kind: "scheme"; version: number; definition: TSchemeDefinition };

/** The presets' fields by id (EQUIVALENCE has two alternatives), canonical. */
const PRESET_FIELDS = new Map<string, string[]>();
for (const f of [...MMTE_PRESET.fields, ...METAHOPE_PRESET.fields]) PRESET_FIELDS.set(f.id, [...(PRESET_FIELDS.get(f.id) ?? []), sortedJson(f)]);
const PRESET_GUIDELINES = new Set([MMTE_PRESET.guidelines, METAHOPE_PRESET.guidelines, `${MMTE_PRESET.guidelines}\n\n${METAHOPE_PRESET.guidelines}`]);

/**
 * Whether a stored definition is the MMTE/MetaHOPE preset as shipped (fewer parts are fine): its
 * parts are then the Settings form's to switch on and off (lib/db/projects/project-schemes.ts
 * storePresetOfPartsVersion). A variant (another scale, one more label, its own guideline wording)
 * is the lead's own scheme, which that form leaves alone.
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

/** The runtime of a project from its latest stored scheme version. */
export function schemeRuntimeOf(latest: { version: number; definition: TSchemeDefinition }): TSchemeRuntime {
  return { kind: "scheme", version: latest.version, definition: latest.definition };
}
