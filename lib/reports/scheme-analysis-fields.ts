/**
 * The fields whose model values (suggestions) the named analyses of a scheme set beside the
 * annotators': CR-ST's gold-checked choice (`answer`) and EMOS's two emotion vectors. Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { crStAnalysisApplies, crStField } from "./cr-st-subsets";
import { emosAnalysisApplies } from "./emos-analysis";

export function analysisModelFields(def: TSchemeDefinition): string[] {
  const out: string[] = [];
  if (crStAnalysisApplies(def)) out.push(crStField(def)!);
  if (emosAnalysisApplies(def)) out.push("source_emotions", "target_emotions");
  return out;
}
