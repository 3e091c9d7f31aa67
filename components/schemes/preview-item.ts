// The sample item the scheme preview renders (a managers' preview of the workspace, not stored):
// the demo corpus's first sentence, a metaphorical and a literal MRW, two translations, and a
// text for every role the scheme declares.
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeFormItem } from "./scheme-item-form";

export const PREVIEW_ITEM = {
  source: "After two years of rapid growth, the regional economy has run out of steam.",
  sourceLang: "en",
  metaphorical: true,
  mrws: [
    { id: "m1", token: "run out of steam", metaphorical: true },
    { id: "m2", token: "growth", metaphorical: false },
  ],
  translations: [
    { id: "t1", label: "Translation A", text: "经过两年的快速增长，地区经济已经后劲不足。", language: "zh" },
    { id: "t2", label: "Translation B", text: "Dopo due anni di rapida crescita, l'economia regionale ha esaurito la spinta.", language: "it" },
  ],
} as const;

/** The sample item with a placeholder text for each role of the scheme. */
export function previewItem(scheme: TSchemeDefinition): TSchemeFormItem {
  return { ...PREVIEW_ITEM, texts: Object.fromEntries(scheme.roles.map((r) => [r.id, `The item's ${r.label ?? r.id} text goes here.`])) };
}
