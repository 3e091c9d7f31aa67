// The scheme presets a new project starts from (CLI `project create --scheme`, the browser's
// new-project wizard): which annotation parts are switched on. The settings page refines them.
import { z } from "zod";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, ZSchemeConfig, type TSchemeConfig } from "./scheme-config";

export const SCHEME_PRESETS = ["mmte", "metahope", "both"] as const;
export const ZSchemePreset = z.enum(SCHEME_PRESETS);
export type TSchemePreset = z.infer<typeof ZSchemePreset>;

export const SCHEME_PRESET_DESCRIPTIONS: Record<TSchemePreset, string> = {
  mmte: "MMTE: sentence quality, per-MRW equivalence / emotion / authenticity, figurative and literal post-edits",
  metahope: "MetaHOPE: MRW realisation alignment and error spans with category and severity",
  both: "Both: every MMTE and MetaHOPE part",
};

export function schemeConfigFor(scheme: TSchemePreset): TSchemeConfig {
  if (scheme === "mmte") return DEFAULT_SCHEME_CONFIG;
  if (scheme === "metahope") return METAHOPE_SCHEME_CONFIG;
  return ZSchemeConfig.parse({ ...DEFAULT_SCHEME_CONFIG, alignment: true, metahopeErrors: true });
}
