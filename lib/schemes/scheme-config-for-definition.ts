// The scheme configuration (lib/schemes/scheme-config.ts) of a project created from a scheme file.
// The built-in runtime still reads the configuration's parts, so a file that keeps MMTE or
// MetaHOPE field names (a preset, or a variant of one) switches on exactly the parts whose fields
// it has, and runs today. A scheme with none of them gets every part off: the built-in runtime
// cannot run it, and says so ("scheme configuration is invalid … at least one part") instead of
// showing MMTE fields the scheme does not have; the runtime that reads the stored scheme replaces
// the parts. The presentation switches (blind system names, shuffle, model suggestions) keep their defaults, since
// they mean the same for any scheme.
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
