/**
 * Which runtime a project's scheme runs under. The built-in runtime (the MMTE and MetaHOPE
 * workspace, reports and paper tables, written for those two studies) runs a scheme whose every
 * field is a built-in field: the presets, and variants of them that keep their field names
 * (other guidelines, fewer parts). Every other scheme runs under the scheme runtime, which reads
 * the stored definition for everything: the workspace renders each field by its kind, saves and
 * imports are validated against it, and the reports compute agreement per field from its level.
 *
 * Why two: the built-in runtime carries the paper reproductions (MetaHOPE tables 3–6, MMTE table 3
 * and figures 3–5) and their stored report copies; moving them onto the scheme runtime is a later
 * step that the snapshot tests guard. A project under the scheme runtime has one assignment per
 * annotator × item, with scheme SCHEME_ASSIGNMENT.
 */
import type { TSchemeDefinition } from "./language/scheme-definition";
import { FIELD_NAMES } from "./fields";

/** Assignment.scheme of a project that runs its own scheme (the built-in ones are MMTE and METAHOPE). */
export const SCHEME_ASSIGNMENT = "SCHEME";

/** The values of Assignment.scheme (a text column since the scheme runtime). */
export type TAssignmentScheme = "MMTE" | "METAHOPE" | typeof SCHEME_ASSIGNMENT;

/** `version`: the stored ProjectScheme version in force (written on every save), null = none stored. */
export type TSchemeRuntime = { kind: "built-in"; version: number | null } | { kind: "scheme"; version: number; definition: TSchemeDefinition };

const BUILT_IN = new Set<string>(FIELD_NAMES);

/** Whether a stored definition runs under the built-in runtime (every field is an MMTE or MetaHOPE field). */
export function runsBuiltIn(definition: TSchemeDefinition): boolean {
  return definition.fields.every((f) => BUILT_IN.has(f.id));
}

/** The runtime of a project from its latest stored scheme version (null: none stored, its built-in preset runs). */
export function schemeRuntimeOf(latest: { version: number; definition: TSchemeDefinition } | null): TSchemeRuntime {
  if (!latest || runsBuiltIn(latest.definition)) return { kind: "built-in", version: latest?.version ?? null };
  return { kind: "scheme", version: latest.version, definition: latest.definition };
}
