// The MMTE/MetaHOPE part choices a new project starts from (CLI `project create --scheme`, the browser's
// new-project wizard): which annotation parts are switched on. The settings page refines them.
import { z } from "zod";
import { DEFAULT_SCHEME_CONFIG, METAHOPE_SCHEME_CONFIG, ZSchemeConfig, type TSchemeConfig } from "../scheme-config";

export const SCHEME_PRESETS = ["mmte", "metahope", "both"] as const;
export const ZSchemePreset = z.enum(SCHEME_PRESETS);
export type TSchemePreset = z.infer<typeof ZSchemePreset>;

export const SCHEME_PRESET_DESCRIPTIONS: Record<TSchemePreset, string> = {
  mmte: "MMTE: sentence quality, per-MRW equivalence / emotion / authenticity, figurative and literal post-edits",
  metahope: "MetaHOPE: MRW realisation alignment and error spans with category and severity",
  both: "Both: every MMTE and MetaHOPE part",
};

/**
 * The parts of the papers' procedures that are off unless a project asks for them (issue 19): MMTE's
 * target-word marking (§3.3) and MetaHOPE's post-edit (the workbooks' "Human Gold Standard").
 * `tropos project create --with target-words --with metahope-post-edit`, or Settings later.
 */
export const OPTIONAL_PARTS = ["target-words", "metahope-post-edit"] as const;
export const ZOptionalPart = z.enum(OPTIONAL_PARTS);
export type TOptionalPart = z.infer<typeof ZOptionalPart>;
const PART_STUDY: Record<TOptionalPart, Exclude<TSchemePreset, "both">> = { "target-words": "mmte", "metahope-post-edit": "metahope" };

export function schemeConfigFor(scheme: TSchemePreset, parts: readonly TOptionalPart[] = []): TSchemeConfig {
  const base = scheme === "mmte" ? DEFAULT_SCHEME_CONFIG : scheme === "metahope" ? METAHOPE_SCHEME_CONFIG : ZSchemeConfig.parse({ ...DEFAULT_SCHEME_CONFIG, alignment: true, metahopeErrors: true });
  if (parts.length === 0) return base;
  const on = new Set(parts);
  return ZSchemeConfig.parse({
    ...base,
    mmteMrw: { ...base.mmteMrw, targetWords: base.mmteMrw.targetWords || on.has("target-words") },
    metahopePostEdit: base.metahopePostEdit || on.has("metahope-post-edit"),
  });
}

/** Why an optional part does not fit the preset (target words in a MetaHOPE-only project), or null. */
export function optionalPartIssue(scheme: TSchemePreset, part: TOptionalPart): string | null {
  const study = PART_STUDY[part];
  if (scheme === "both" || scheme === study) return null;
  return `${part} is a part of ${study === "mmte" ? "MMTE" : "MetaHOPE"}, which the ${scheme} preset does not run (use --scheme ${study} or both)`;
}
