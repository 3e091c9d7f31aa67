/**
 * The papers' agreement export as a named analysis, bound to a scheme that is the MMTE/MetaHOPE
 * preset as shipped (fewer parts are fine): the rows the export always gave such a project
 * (lib/reports/index.ts getAgreementFigures: `scheme` mmte/metahope, Fleiss' κ per label, every α
 * level, Pearson r), computed from the scheme's values, so a study's scripted export does not
 * change. Bound to no other scheme, a variant included: its export is the generic scheme report's
 * (scheme-runtime-figures.ts). Pure, as the other paper analyses: the caller reads the figures.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { isPresetOfParts } from "@/lib/schemes/presets/preset-of-parts";

export function bindsPapersAgreementExport(definition: TSchemeDefinition): boolean {
  return isPresetOfParts(definition);
}
