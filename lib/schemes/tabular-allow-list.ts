// What a tabular annotations file (item, annotator, field, value) may contain in a project with no
// stored scheme yet: the MMTE and MetaHOPE presets' label fields (scales and choices) with their
// values, read from the preset definitions. Anything else is refused with the line and field,
// so a typo in a spreadsheet never becomes a silent new "field". The loader then checks each value
// against the field again (EQUIVALENCE by the MRW's metaphoricity).
import { MMTE_METAHOPE_PRESET } from "./presets/preset-of-parts";

export function tabularAnnotationAllowList(): { allowedFields: string[]; allowedValues: Record<string, (string | number)[]> } {
  const allowedValues: Record<string, (string | number)[]> = {};
  for (const f of MMTE_METAHOPE_PRESET.fields) {
    // a spreadsheet cell holds one word or number: scales and single choices (alternatives add up)
    if (f.kind === "scale") {
      allowedValues[f.id] = Array.from({ length: Math.round((f.max - f.min) / f.step) + 1 }, (_, i) => f.min + i * f.step);
    } else if (f.kind === "choice" && f.options) {
      allowedValues[f.id] = [...new Set([...(allowedValues[f.id] ?? []), ...f.options.map((o) => o.value)])];
    }
  }
  return { allowedFields: Object.keys(allowedValues), allowedValues };
}
