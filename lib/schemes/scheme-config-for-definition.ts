// The MMTE/MetaHOPE parts (lib/schemes/scheme-config.ts) a scheme definition has: a part is on when
// the definition has its fields. The parts a project's Settings show and switch are read from the
// scheme version in force (parts are not stored); a scheme with none of the presets' fields has
// every part off, and its Settings show only the settings (blind system names, shuffle, model
// suggestions, EMOS weights), which mean the same for any scheme.
import type { TSchemeDefinition } from "./language/scheme-definition";
import { PRESET_PART_FIELDS } from "./presets/preset-parts";
import { DEFAULT_SCHEME_CONFIG, projectSettingsOf, type TProjectSettings, type TSchemeConfig } from "./scheme-config";

export function schemeConfigForDefinition(definition: TSchemeDefinition): TSchemeConfig {
  const ids = new Set(definition.fields.map((f) => f.id));
  const on = new Set(PRESET_PART_FIELDS.filter((f) => ids.has(f.id)).map((f) => f.part));
  return {
    mmteQuality: on.has("mmteQuality"),
    mmteMrw: { equivalence: on.has("mmteMrw.equivalence"), emotion: on.has("mmteMrw.emotion"), authenticity: on.has("mmteMrw.authenticity"), targetWords: on.has("mmteMrw.targetWords") },
    alignment: on.has("alignment"),
    metahopeErrors: on.has("metahopeErrors"),
    metahopePostEdit: on.has("metahopePostEdit"),
    postEdit: { figurative: on.has("postEdit.figurative"), literal: on.has("postEdit.literal") },
    blindSystemNames: DEFAULT_SCHEME_CONFIG.blindSystemNames,
    shuffleItems: DEFAULT_SCHEME_CONFIG.shuffleItems,
    showSuggestions: DEFAULT_SCHEME_CONFIG.showSuggestions,
  };
}

/**
 * A project's settings as the Settings form shows them: the settings it stores, and the
 * MMTE/MetaHOPE parts of the scheme version in force (the one source of which fields annotators
 * see; parts are not stored). The parts are read from the fields the version has, whatever scheme
 * it is (a variant of a preset with its own guideline wording or labels included): a part is on
 * when one of its fields is there. A scheme with none of the presets' fields shows every part
 * off, and the form then offers the settings alone (components/settings/scheme-config-form.tsx).
 */
export function withPartsOf(settings: TProjectSettings, definition: TSchemeDefinition): TSchemeConfig {
  return { ...schemeConfigForDefinition(definition), ...projectSettingsOf(settings) };
}
