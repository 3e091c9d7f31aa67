// The MMTE/MetaHOPE parts (lib/schemes/scheme-config.ts) a scheme definition has: a part is on when
// the definition has its fields. The parts a project's Settings show and switch are read from the
// scheme version in force, never from a stored configuration; a scheme with none of the presets'
// fields has every part off, and its Settings show only the presentation switches (blind system
// names, shuffle, model suggestions), which mean the same for any scheme and keep their defaults
// for a project created from a scheme file.
import type { TSchemeDefinition } from "./language/scheme-definition";
import { PRESET_PART_FIELDS } from "./presets/preset-parts";
import { DEFAULT_SCHEME_CONFIG, type TSchemeConfig } from "./scheme-config";

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
 * A project's settings as the Settings form shows them: the presentation switches it stores, and
 * the MMTE/MetaHOPE parts of the scheme version in force (the one source of which fields
 * annotators see; the parts a stored configuration still lists are only what was last saved).
 * The parts are read from the fields the version has, whatever scheme it is (a variant of a preset
 * with its own guideline wording or labels included): a part is on when one of its fields is
 * there. A scheme with none of the presets' fields shows every part off, and the form then offers
 * the presentation switches alone (components/settings/scheme-config-form.tsx).
 */
export function withPartsOf(config: TSchemeConfig, definition: TSchemeDefinition): TSchemeConfig {
  const parts = schemeConfigForDefinition(definition);
  return { ...config, mmteQuality: parts.mmteQuality, mmteMrw: parts.mmteMrw, alignment: parts.alignment, metahopeErrors: parts.metahopeErrors, metahopePostEdit: parts.metahopePostEdit, postEdit: parts.postEdit, required: undefined };
}
