// What a tabular annotations file (item, annotator, field, value) may contain: the MMTE label
// fields of the field registry with their closed value sets. Anything else is refused with the
// line and field, so a typo in a spreadsheet never becomes a silent new "field".
import { FIELD_LIST } from "./fields";

export function tabularAnnotationAllowList(): { allowedFields: string[]; allowedValues: Record<string, (string | number)[]> } {
  const allowedFields: string[] = [];
  const allowedValues: Record<string, (string | number)[]> = {};
  for (const f of FIELD_LIST) {
    const v = f.value;
    if (v.kind === "likert") {
      allowedFields.push(f.name);
      allowedValues[f.name] = Array.from({ length: v.max - v.min + 1 }, (_, i) => v.min + i);
    } else if (v.kind === "enum") {
      allowedFields.push(f.name);
      allowedValues[f.name] = [...v.labels];
    }
  }
  return { allowedFields, allowedValues };
}
