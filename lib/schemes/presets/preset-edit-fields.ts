// The MMTE and MetaHOPE presets' post-edit fields, bound by id as the paper tables bind them
// (lib/reports/analyses/paper/paper-data.ts reads the same ids): the gold reference kind each decides
// (GoldReference.kind's values, the post-edit export's `kind`) and the study it belongs to (the
// post-edit export's `scheme` column, as earlier releases wrote it).

export interface TPresetEditField {
  /** FIGURATIVE, LITERAL (MMTE B.5) or REFERENCE (MetaHOPE's "Human Gold Standard") */
  kind: string;
  scheme: "MMTE" | "MetaHOPE";
}

export const PRESET_EDIT_FIELDS: Readonly<Record<string, TPresetEditField>> = {
  POSTEDIT_FIGURATIVE: { kind: "FIGURATIVE", scheme: "MMTE" },
  POSTEDIT_LITERAL: { kind: "LITERAL", scheme: "MMTE" },
  METAHOPE_POSTEDIT: { kind: "REFERENCE", scheme: "MetaHOPE" },
};

/** The study of a stored post-edit kind (a PostEdit row of an earlier release). */
export function presetEditScheme(kind: string): TPresetEditField["scheme"] {
  return Object.values(PRESET_EDIT_FIELDS).find((f) => f.kind === kind)?.scheme ?? "MMTE";
}
