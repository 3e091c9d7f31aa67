/**
 * Which runtime a project's scheme runs under. The built-in runtime (the MMTE and MetaHOPE
 * workspace, reports and paper tables, written for those two studies) runs a stored scheme only
 * when it says exactly what that code does: every field identical to the MMTE or MetaHOPE
 * preset's field of the same id (fewer parts are fine) and the task guidelines one of the
 * presets'. Any variant (another scale, one more label, other keys, its own guideline wording)
 * runs under the scheme runtime, which reads the stored definition for everything: the workspace
 * renders each field by its kind with the stored labels, keys and guidelines, saves and imports
 * are validated against it, and the reports compute agreement per field from its level. So a
 * variant is never silently run as the preset it started from.
 *
 * Why two: the built-in runtime carries the paper reproductions (MetaHOPE tables 3–6, MMTE table 3
 * and figures 3–5) and their stored report copies; moving them onto the scheme runtime is a later
 * step that the snapshot tests guard. A project under the scheme runtime has one assignment per
 * annotator × item, with scheme SCHEME_ASSIGNMENT.
 */
import type { TSchemeDefinition } from "./language/scheme-definition";
import type { TSchemeField } from "./language/scheme-field";
import { MMTE_PRESET } from "./presets/mmte";
import { METAHOPE_PRESET } from "./presets/metahope";
import { sortedJson } from "./canonical-value";

/** Assignment.scheme of a project that runs its own scheme (the built-in ones are MMTE and METAHOPE). */
export const SCHEME_ASSIGNMENT = "SCHEME";

/** The values of Assignment.scheme (a text column since the scheme runtime). */
export type TAssignmentScheme = "MMTE" | "METAHOPE" | typeof SCHEME_ASSIGNMENT;

/** `version`: the stored ProjectScheme version in force (written on every save), null = none stored. */
export type TSchemeRuntime = { kind: "built-in"; version: number | null } | { kind: "scheme"; version: number; definition: TSchemeDefinition };

/** The presets' fields by id (EQUIVALENCE has two alternatives), canonical. */
const PRESET_FIELDS = new Map<string, string[]>();
for (const f of [...MMTE_PRESET.fields, ...METAHOPE_PRESET.fields]) PRESET_FIELDS.set(f.id, [...(PRESET_FIELDS.get(f.id) ?? []), sortedJson(f)]);
const PRESET_GUIDELINES = new Set([MMTE_PRESET.guidelines, METAHOPE_PRESET.guidelines, `${MMTE_PRESET.guidelines}\n\n${METAHOPE_PRESET.guidelines}`]);

/** Whether a stored definition runs under the built-in runtime: the presets' own fields and guidelines, unchanged. */
export function runsBuiltIn(definition: TSchemeDefinition): boolean {
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

/** The runtime of a project from its latest stored scheme version (null: none stored, its built-in preset runs). */
export function schemeRuntimeOf(latest: { version: number; definition: TSchemeDefinition } | null): TSchemeRuntime {
  if (!latest || runsBuiltIn(latest.definition)) return { kind: "built-in", version: latest?.version ?? null };
  return { kind: "scheme", version: latest.version, definition: latest.definition };
}
