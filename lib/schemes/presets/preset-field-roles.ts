/**
 * The presets' fields that other code treats in a way of their own, recognised here (the one
 * place, with the presets, that knows fields by their ids) so that no module outside
 * lib/schemes/presets/ branches on a preset's field name:
 * - MMTE's equivalence for a metaphorical source gets the paper's appendix D prompt when a model
 *   is asked (lib/models/prompt-templates.ts);
 * - MetaHOPE's error spans field takes back the notes and decided penalties the earlier release
 *   stored beside it (lib/import/scheme-line-check.ts isKeptBesideScheme);
 * - MMTE's Equivalence gets the paper's table 4 beside the models' agreement (the model's accuracy
 *   on what the humans labelled full, part or non: lib/db/reports/model-agreement-data.ts);
 * - MMTE's target words have an export of their own (the import page's export links).
 * Pure.
 */
import type { TSchemeDefinition } from "../language/scheme-definition";
import type { TSchemeField } from "../language/scheme-field";
import { REVIEW_MARK_FIELD } from "./kept-beside-values";

/** MMTE's Equivalence for a metaphorical source (its labels include MISUNDERSTANDING). */
export function isMmteMetaphoricalEquivalence(field: TSchemeField): boolean {
  return field.id === "EQUIVALENCE" && field.kind === "choice" && (field.options ?? []).some((o) => o.value === "MISUNDERSTANDING");
}

/** The scheme has MetaHOPE's error spans field (as spans). */
export function hasMetahopeErrorSpans(definition: TSchemeDefinition): boolean {
  return definition.fields.some((f) => f.id === REVIEW_MARK_FIELD && f.kind === "spans");
}

/** MMTE's Equivalence field, by its id (table 4 compares a model's labels with the humans' on it). */
export function isMmteEquivalence(fieldId: string): boolean {
  return fieldId === "EQUIVALENCE";
}

/** The scheme has MMTE's target words field (§3.3), which the target-words export writes out. */
export function hasMmteTargetWords(definition: TSchemeDefinition): boolean {
  return definition.fields.some((f) => f.id === "TARGET_WORDS");
}
