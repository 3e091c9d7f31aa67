/**
 * The fields whose model values (suggestions) the named analyses of a scheme set beside the
 * annotators': CR-ST's gold-checked choice (`answer`), EMOS's two emotion vectors and Meta4XNLI's
 * fields with item gold (the metaphor tags, the inference label). Pure.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { crStAnalysisApplies, crStField } from "./analyses/cr-st-subsets";
import { emosAnalysisApplies } from "./analyses/emos-analysis";
import { meta4xnliAnalysisApplies } from "./analyses/meta4xnli-analysis";

export function analysisModelFields(def: TSchemeDefinition): string[] {
  const out: string[] = [];
  if (crStAnalysisApplies(def)) out.push(crStField(def)!);
  if (emosAnalysisApplies(def)) out.push("source_emotions", "target_emotions");
  if (meta4xnliAnalysisApplies(def)) for (const f of def.fields) if (f.gold?.from === "item" && !out.includes(f.id)) out.push(f.id);
  return out;
}
