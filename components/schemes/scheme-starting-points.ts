// What a manager can start a scheme from in the editor: the built-in presets and the scheme
// language's example, as the JSON text of their files (not the parsed form, which fills defaults).
import metahope from "@/lib/schemes/presets/metahope.json";
import mmte from "@/lib/schemes/presets/mmte.json";
import idiom from "@/lib/schemes/language/fixtures/idiom-judgement.json";
import everyKind from "@/lib/schemes/language/fixtures/every-kind.json";

export const SCHEME_STARTING_POINTS: { id: string; label: string; text: string }[] = [
  { id: "idiom-judgement", label: "Example: idiom judgement (the README's)", text: JSON.stringify(idiom, null, 2) },
  { id: "every-kind", label: "Example: one field of every kind", text: JSON.stringify(everyKind, null, 2) },
  { id: "mmte", label: "Preset: MMTE (Wang et al. 2024)", text: JSON.stringify(mmte, null, 2) },
  { id: "metahope", label: "Preset: MetaHOPE (Liang & Han 2026)", text: JSON.stringify(metahope, null, 2) },
];
