/**
 * The presets' fields that other code treats in a way of their own, recognised here (the one
 * place, with the presets, that knows fields by their ids) so that no module outside
 * lib/schemes/presets/ branches on a preset's field name:
 * - MMTE's equivalence for a metaphorical source gets the paper's appendix D prompt when a model
 *   is asked (lib/models/prompt-templates.ts);
 * - MetaHOPE's error spans field takes back the notes and decided penalties the earlier release
 *   stored beside it (lib/import/scheme-line-check.ts isKeptBesideScheme).
 * Pure.
 */
import type { TSchemeDefinition } from "../language/scheme-definition";
import type { TSchemeField } from "../language/scheme-field";
import { REVIEW_MARK_FIELD } from "./built-in-value-check";

/** MMTE's Equivalence for a metaphorical source (its labels include MISUNDERSTANDING). */
export function isMmteMetaphoricalEquivalence(field: TSchemeField): boolean {
  return field.id === "EQUIVALENCE" && field.kind === "choice" && (field.options ?? []).some((o) => o.value === "MISUNDERSTANDING");
}

/** The scheme has MetaHOPE's error spans field (as spans). */
export function hasMetahopeErrorSpans(definition: TSchemeDefinition): boolean {
  return definition.fields.some((f) => f.id === REVIEW_MARK_FIELD && f.kind === "spans");
}
