/**
 * The field a model is asked to fill, from the project's scheme: a field id may have alternatives
 * whose `when` on an item property exclude each other (MMTE's EQUIVALENCE: one label set for a
 * metaphorical source MRW, one for a literal one); each unit gets the alternative that applies.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { scopeName, type TSchemeScope } from "@/lib/schemes/language/scheme-scope";
import { SUGGESTIBLE_KINDS } from "./reply-schema";
import type { TSuggestUnit } from "./suggest-unit";

export interface TSuggestField {
  id: string;
  /** every scope has units (lib/db/models/suggest-units.ts): document, segment, mrw, translation, mrw-translation, a role */
  scope: TSchemeScope;
  alternatives: TSchemeField[];
}

/** Finds the field in the scheme and says in words why it cannot be suggested. */
export function findSuggestField(scheme: TSchemeDefinition, id: string): { ok: true; field: TSuggestField } | { ok: false; message: string } {
  const alternatives = scheme.fields.filter((f) => f.id === id);
  if (!alternatives.length) return { ok: false, message: `The scheme "${scheme.id}" has no field ${id} (fields: ${[...new Set(scheme.fields.map((f) => f.id))].join(", ")}).` };
  const first = alternatives[0];
  const bad = alternatives.find((f) => !(SUGGESTIBLE_KINDS as readonly string[]).includes(f.kind));
  if (bad) return { ok: false, message: `${id} is of kind ${bad.kind}; a model can suggest ${SUGGESTIBLE_KINDS.join(", ")} fields.` };
  // alternatives of one id share a scope (the scheme language checks it); refuse a mix all the same
  if (alternatives.some((f) => scopeName(f.scope) !== scopeName(first.scope))) return { ok: false, message: `${id}: its alternatives have different scopes.` };
  return { ok: true, field: { id, scope: first.scope, alternatives } };
}

/** The alternative that applies to the unit, or null when none does (its `when` excludes the unit). */
export function fieldForUnit(field: TSuggestField, unit: Pick<TSuggestUnit, "metaphorical">): TSchemeField | null {
  for (const f of field.alternatives) {
    // a `when` on another field's value cannot be known before anyone answered: ask anyway
    if (!f.when || "field" in f.when) return f;
    if (f.when.item === "metaphorical" && f.when.in.includes(unit.metaphorical)) return f;
  }
  return null;
}

/** The fields of a scheme a model can be asked for (the managers' page lists them): one per id, in scheme order. */
export function suggestibleFields(scheme: TSchemeDefinition): { id: string; label: string; scope: string }[] {
  const out: { id: string; label: string; scope: string }[] = [];
  for (const f of scheme.fields) {
    if (out.some((o) => o.id === f.id)) continue;
    const found = findSuggestField(scheme, f.id);
    if (found.ok) out.push({ id: f.id, label: f.label, scope: scopeName(found.field.scope) });
  }
  return out;
}
