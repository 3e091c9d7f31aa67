// The guideline text of a field, from the scheme modules (the papers' wording), for the
// adjudication page's "Guideline" disclosure.
import { AUTHENTICITY, EMOTION, EMOTION_INSTRUCTION, EQUIVALENCE_INSTRUCTION, EQUIVALENCE_LITERAL, EQUIVALENCE_METAPHORICAL, LIKERT_SCALE, MMTE_QUALITY, type TMmteQualityField } from "@/lib/schemes/mmte";
import { METAHOPE_CATEGORY_DEFINITIONS, METAHOPE_SEVERITIES, type TMetahopeCategory } from "@/lib/schemes/metahope";

export interface TGuideline {
  title: string;
  lines: string[];
  source: string;
}

export function fieldGuideline(field: string): TGuideline | null {
  if (field in MMTE_QUALITY) {
    const d = MMTE_QUALITY[field as TMmteQualityField];
    return { title: d.name, lines: [d.definition, LIKERT_SCALE.map((l) => `${l.value} ${l.name}`).join(" · ")], source: d.source };
  }
  if (field === "AUTHENTICITY") return { title: AUTHENTICITY.name, lines: [AUTHENTICITY.definition, LIKERT_SCALE.map((l) => `${l.value} ${l.name}`).join(" · ")], source: AUTHENTICITY.source };
  if (field === "EQUIVALENCE") {
    return {
      title: "Equivalence",
      lines: [EQUIVALENCE_INSTRUCTION, ...EQUIVALENCE_METAPHORICAL.map((l) => `${l.value} (${l.name}): ${l.definition}`), "Literal source: " + EQUIVALENCE_LITERAL.map((l) => `${l.value}: ${l.definition}`).join(" ")],
      source: "MMTE §3.2, app. B.2",
    };
  }
  if (field === "EMOTION") return { title: "Emotion", lines: [EMOTION_INSTRUCTION, ...EMOTION.map((l) => `${l.value} (${l.name}): ${l.definition}`)], source: "MMTE app. B.3" };
  if (field === "TARGET_WORDS") return { title: "Target words", lines: ["The word or words of the translation that render the target word (the MRW); none: not rendered. Annotators mark them during alignment (MMTE §3.3)."], source: "MMTE §3.3, app. D" };
  if (field === "ALIGNMENT") return { title: "Alignment", lines: ["The target span(s) realising the MRW and the realisation pattern (DIRECT, PARAPHRASE, DISTRIBUTED, IMPLICIT, PARTIAL, OMISSION)."], source: "MetaHOPE §4.2, fig. 4" };
  if (field.startsWith("METAHOPE_")) {
    const cat = field.slice("METAHOPE_".length) as TMetahopeCategory;
    const d = METAHOPE_CATEGORY_DEFINITIONS[cat];
    if (!d) return null;
    return {
      title: `${d.code} ${d.name}`,
      lines: [d.definition, "Penalty = sum of this category's errors on the MRW (0 = none): " + METAHOPE_SEVERITIES.map((s) => `${s.name} ${s.penalty}`).join(", "), ...d.examples.slice(0, 1).map((e) => `e.g. ${e.source} → ${e.problematic} (better: ${e.suggested})`)],
      source: d.source,
    };
  }
  return null;
}
