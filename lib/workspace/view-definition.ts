// The definition the built-in workspace is sent (server only: it imports the presets).
import { enabledFieldNames, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import { BUILT_IN_FIELDS_SCHEME } from "@/lib/schemes/presets/built-in-scheme-for-config";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";

/**
 * The scheme in force narrowed to the view's fields, in its own order. A field the view shows but
 * the stored definition lacks (a configuration changed around the versions, e.g. by hand) takes the
 * built-in preset's field of that id, so the page never loses a field it has to show.
 */
export function viewDefinition(inForce: TSchemeDefinition, view: TSchemeConfig): TSchemeDefinition {
  const on = enabledFieldNames({ ...view, required: undefined });
  const ids = new Set<string>(on);
  const fields = inForce.fields.filter((f) => ids.has(f.id));
  for (const id of on) if (!fields.some((f) => f.id === id)) fields.push(...BUILT_IN_FIELDS_SCHEME.fields.filter((f) => f.id === id));
  return { ...inForce, fields };
}
