// The parts of the MMTE and MetaHOPE presets that a project's scheme configuration switches on and
// off (Settings → parts, the wizard, `tropos project create --scheme mmte|metahope|both`). A part is
// a group of the presets' field ids; the scheme a project runs is the preset with the fields of its
// parts that are on (built-in-scheme-for-config.ts), stored as a scheme version like any other. The
// field definitions themselves (labels, options, required, validation) are the presets' JSON: this
// file only says which switch owns which field.

/** A switch of the scheme configuration (lib/schemes/scheme-config.ts). */
export type TPresetPart =
  | "mmteQuality"
  | "mmteMrw.equivalence"
  | "mmteMrw.emotion"
  | "mmteMrw.authenticity"
  | "mmteMrw.targetWords"
  | "alignment"
  | "metahopeErrors"
  | "metahopePostEdit"
  | "postEdit.figurative"
  | "postEdit.literal";

/** The presets' field ids in the order the parts are listed (MMTE's, then MetaHOPE's, then the post-edits). */
export const PRESET_PART_FIELD_IDS = [
  "FLUENCY",
  "INTELLIGIBILITY",
  "FIDELITY",
  "OVERALL",
  "TARGET_WORDS",
  "EQUIVALENCE",
  "EMOTION",
  "AUTHENTICITY",
  "ALIGNMENT",
  "METAHOPE_ERRORS",
  "METAHOPE_POSTEDIT",
  "POSTEDIT_FIGURATIVE",
  "POSTEDIT_LITERAL",
] as const;
export type TPresetPartFieldId = (typeof PRESET_PART_FIELD_IDS)[number];

export interface TPresetPartField {
  id: TPresetPartFieldId;
  part: TPresetPart;
}

const F = (id: TPresetPartFieldId, part: TPresetPart): TPresetPartField => ({ id, part });

export const PRESET_PART_FIELDS: readonly TPresetPartField[] = [
  F("FLUENCY", "mmteQuality"),
  F("INTELLIGIBILITY", "mmteQuality"),
  F("FIDELITY", "mmteQuality"),
  F("OVERALL", "mmteQuality"),
  // MMTE §3.3: "Annotators also mark the positions of target words during alignment" (issue 19 point 4)
  F("TARGET_WORDS", "mmteMrw.targetWords"),
  F("EQUIVALENCE", "mmteMrw.equivalence"),
  F("EMOTION", "mmteMrw.emotion"),
  F("AUTHENTICITY", "mmteMrw.authenticity"),
  F("ALIGNMENT", "alignment"),
  F("METAHOPE_ERRORS", "metahopeErrors"),
  // the workbooks' "Human Gold Standard" (issue 19 point 3)
  F("METAHOPE_POSTEDIT", "metahopePostEdit"),
  F("POSTEDIT_FIGURATIVE", "postEdit.figurative"),
  F("POSTEDIT_LITERAL", "postEdit.literal"),
];
