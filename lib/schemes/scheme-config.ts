/**
 * A project's settings (Project.schemeConfig: how items are presented, model suggestions, EMOS
 * weights) and the Settings form's switches of the MMTE / MetaHOPE parts. The parts are not
 * stored: which fields annotators see is the scheme version in force, and a form that switches a
 * part records the next version (lib/db/projects/update-scheme-config.ts). A configuration an
 * earlier release stored still lists its parts; only the upgrade of such a project reads them
 * (parseStoredSchemeConfig, lib/db/upgrade/move-onto-scheme-runtime.ts).
 * Parsed with zod at every boundary (project settings form, import, API).
 */
import { z } from "zod";
import { PRESET_PART_FIELD_IDS, PRESET_PART_FIELDS, type TPresetPart, type TPresetPartField, type TPresetPartFieldId } from "./presets/preset-parts";
import { ZEmosWeights } from "@/lib/scoring/emos-weights";

const NO_PART_ON = "At least one part of a scheme must be switched on";

/** What Project.schemeConfig stores; the same for any scheme. */
const PROJECT_SETTINGS_SHAPE = {
  /**
   * Hide system names from annotators (show "Translation A, B, …"). On by
   * default: knowing the system biases judgements.
   */
  blindSystemNames: z.boolean().default(true),
  /** Shuffle item order (and translation order within an item) per annotator. */
  shuffleItems: z.boolean().default(true),
  /**
   * Show model suggestions (issue 15) in the annotator's workspace. Off by default: a study that
   * must stay unbiased keeps them hidden and only compares model and humans afterwards.
   */
  showSuggestions: z.boolean().default(false),
  /**
   * EMOS weights of a project whose scheme lists the emos.metrics analysis (issue 18): absent =
   * the paper's 0.50/0.35/0.15; set in Settings, they must sum to 1 (lib/scoring/emos-weights.ts).
   */
  emosWeights: ZEmosWeights.optional(),
};

/**
 * A project's stored settings. Keys an earlier release stored beside them (the parts, `required`)
 * are dropped: nothing but the upgrade reads them (parseStoredSchemeConfig).
 */
export const ZProjectSettings = z.object(PROJECT_SETTINGS_SHAPE).strip();
export type TProjectSettings = z.output<typeof ZProjectSettings>;

export const DEFAULT_PROJECT_SETTINGS: TProjectSettings = ZProjectSettings.parse({});

export type TParseProjectSettingsResult = { ok: true; settings: TProjectSettings } | { ok: false; issues: { path: string; message: string }[] };

/** Parses a stored Project.schemeConfig (or `{}` when unset). */
export function parseProjectSettings(input: unknown): TParseProjectSettingsResult {
  const r = ZProjectSettings.safeParse(input ?? {});
  if (r.success) return { ok: true, settings: r.data };
  return { ok: false, issues: r.error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(root)", message: i.message })) };
}

/** The settings of a form's configuration: what is stored. */
export function projectSettingsOf(config: TProjectSettings): TProjectSettings {
  const { blindSystemNames, shuffleItems, showSuggestions, emosWeights } = config;
  return { blindSystemNames, shuffleItems, showSuggestions, ...(emosWeights ? { emosWeights } : {}) };
}

/** The Settings form's configuration: the parts of MMTE / MetaHOPE (as the version in force has them) and the settings. */
export const ZSchemeConfig = z
  .object({
    /** MMTE sentence quality: Fluency, Intelligibility, Fidelity, Overall (app. B.1). */
    mmteQuality: z.boolean().default(true),
    /** MMTE per-MRW criteria (app. B.2–B.4). */
    mmteMrw: z
      .object({
        equivalence: z.boolean().default(true),
        emotion: z.boolean().default(true),
        authenticity: z.boolean().default(true),
        /**
         * MMTE §3.3: annotators mark the target words that render each MRW in each translation.
         * Off by default, so no project stored before it (nor a new one) changes by an upgrade; a
         * project switches it on in Settings (issue 19 point 4).
         */
        targetWords: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
    /** MetaHOPE MRW realisation alignment (§4.2, fig. 4). */
    alignment: z.boolean().default(false),
    /** MetaHOPE error spans with category and severity (§3). */
    metahopeErrors: z.boolean().default(false),
    /**
     * MetaHOPE post-editing (the workbooks' "Human Gold Standard"): one post-edit per annotator and
     * sentence in the MetaHOPE workspace. Off by default, so no existing project changes (issue 19
     * point 3).
     */
    metahopePostEdit: z.boolean().default(false),
    /** MMTE B.5 asks for both a figurative and a literal post-edit. */
    postEdit: z
      .object({
        figurative: z.boolean().default(true),
        literal: z.boolean().default(true),
      })
      .strict()
      .prefault({}),
    ...PROJECT_SETTINGS_SHAPE,
    /**
     * Fields an earlier release required for submit (each must be on). What annotators must fill
     * is now the stored scheme version's `required` on each field; kept so stored settings parse.
     */
    required: z.array(z.enum(PRESET_PART_FIELD_IDS)).optional(),
  })
  .strict()
  .superRefine((cfg, ctx) => {
    const on = new Set(enabledFieldNames(cfg as TSchemeConfig));
    if (on.size === 0) {
      ctx.addIssue({ code: "custom", message: NO_PART_ON, path: [] });
    }
    for (const [i, f] of (cfg.required ?? []).entries()) {
      if (!on.has(f)) {
        ctx.addIssue({ code: "custom", message: `${f} is required but its part of the scheme is switched off`, path: ["required", i] });
      }
    }
  });

export type TSchemeConfig = z.output<typeof ZSchemeConfig>;

/** MMTE as in the paper: quality, equivalence, emotion, authenticity, two post-edits. */
export const DEFAULT_SCHEME_CONFIG: TSchemeConfig = ZSchemeConfig.parse({});

/** MetaHOPE as in the paper: alignment and error spans only. */
export const METAHOPE_SCHEME_CONFIG: TSchemeConfig = ZSchemeConfig.parse({
  mmteQuality: false,
  mmteMrw: { equivalence: false, emotion: false, authenticity: false },
  alignment: true,
  metahopeErrors: true,
  postEdit: { figurative: false, literal: false },
});

export type TParseSchemeConfigResult =
  | { ok: true; config: TSchemeConfig }
  | { ok: false; issues: { path: string; message: string }[] };

/** Parses untrusted input (a form, a stored JSON column); unknown keys are rejected so typos do not silently switch parts off. */
export function parseSchemeConfig(input: unknown): TParseSchemeConfigResult {
  const r = ZSchemeConfig.safeParse(input ?? {});
  if (r.success) return { ok: true, config: r.data };
  return {
    ok: false,
    issues: r.error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(root)", message: i.message })),
  };
}

/**
 * A configuration with every part possibly off: as an earlier release stored it, parts included
 * (what the upgrade of a project that stores no scheme version reads its preset from,
 * lib/db/upgrade/move-onto-scheme-runtime.ts), and as the Settings form sends it for a scheme with
 * none of the presets' fields. "No part on" is not an error here; a form that switches every part
 * of a preset off is refused when its version is recorded (storePresetOfPartsVersion).
 */
export function parseStoredSchemeConfig(input: unknown): TParseSchemeConfigResult {
  const r = parseSchemeConfig(input);
  if (r.ok || !r.issues.every((i) => i.message === NO_PART_ON)) return r;
  // the only complaint is that no part is on: the same parse without that rule
  const withPart = ZSchemeConfig.safeParse({ ...(input as object), mmteQuality: true });
  if (!withPart.success) return r;
  return { ok: true, config: { ...withPart.data, mmteQuality: false } };
}

function isPartOn(config: TSchemeConfig, part: TPresetPart): boolean {
  switch (part) {
    case "mmteQuality":
      return config.mmteQuality;
    case "mmteMrw.equivalence":
      return config.mmteMrw.equivalence;
    case "mmteMrw.emotion":
      return config.mmteMrw.emotion;
    case "mmteMrw.authenticity":
      return config.mmteMrw.authenticity;
    case "mmteMrw.targetWords":
      return config.mmteMrw.targetWords;
    case "alignment":
      return config.alignment;
    case "metahopeErrors":
      return config.metahopeErrors;
    case "metahopePostEdit":
      return config.metahopePostEdit;
    case "postEdit.figurative":
      return config.postEdit.figurative;
    case "postEdit.literal":
      return config.postEdit.literal;
  }
}

/** The presets' fields whose parts are on, in the parts' order. */
export function enabledFields(config: TSchemeConfig): TPresetPartField[] {
  return PRESET_PART_FIELDS.filter((f) => isPartOn(config, f.part));
}

export function enabledFieldNames(config: TSchemeConfig): TPresetPartFieldId[] {
  return enabledFields(config).map((f) => f.id);
}
