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

/** The stored ProjectScheme version in force (written on every save) and its definition. */
export type TSchemeRuntime = { kind: "scheme"; version: number; definition: TSchemeDefinition };

/** The runtime of a project from its latest stored scheme version. */
export function schemeRuntimeOf(latest: { version: number; definition: TSchemeDefinition }): TSchemeRuntime {
  return { kind: "scheme", version: latest.version, definition: latest.definition };
}
