/**
 * Which fields of a scheme give gold references (issue 28 point 3: gold references are decisions
 * of the fields a scheme marks as gold). An edit field's decided value is the segment's gold
 * reference of a kind when
 * - it is one of the MMTE / MetaHOPE presets' post-edit fields, bound by id as the paper tables
 *   bind them (POSTEDIT_FIGURATIVE → FIGURATIVE, POSTEDIT_LITERAL → LITERAL, METAHOPE_POSTEDIT →
 *   REFERENCE: lib/reports/analyses/paper/paper-data.ts reads the same ids), or
 * - it declares `gold: { from: "adjudication" }` (lib/schemes/language/scheme-field.ts): its kind
 *   is its variant in capitals, or its id when it has none.
 * The presets themselves carry no `gold` marker: adding one would make every stored preset differ
 * from the preset, and would add accuracy figures (lib/reports/scheme-gold.ts) to their reports.
 * Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { PRESET_EDIT_FIELDS } from "@/lib/schemes/presets/preset-edit-fields";


export interface TGoldEditField {
  field: string;
  /** FIGURATIVE, LITERAL, REFERENCE, or a custom field's variant / id */
  kind: string;
}

/** The gold kind a field's decisions give, or null when they are no gold reference. */
export function goldKindOf(field: TSchemeField): string | null {
  if (field.kind !== "edit") return null;
  const preset = PRESET_EDIT_FIELDS[field.id]?.kind;
  if (preset) return preset;
  if (field.gold?.from !== "adjudication") return null;
  return field.variant ? field.variant.toUpperCase() : field.id;
}

/** The scheme's gold edit fields in scheme order (a field id listed once). */
export function goldEditFields(def: TSchemeDefinition): TGoldEditField[] {
  const out: TGoldEditField[] = [];
  for (const f of def.fields) {
    const kind = goldKindOf(f);
    if (kind !== null && !out.some((g) => g.field === f.id)) out.push({ field: f.id, kind });
  }
  return out;
}
