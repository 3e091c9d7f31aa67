/**
 * The Label Studio controls that hold a scheme's values (issue 20.5, 30.2): one list shared by the
 * tasks Tropos writes (label-studio-tasks.ts), the labelling config beside them
 * (label-studio-config.ts) and the mapping that reads Label Studio's export back, so the three
 * cannot name a control differently. Pure.
 *
 * Per field (the first of alternatives sharing an id): choice and multi → `choices`; text and edit →
 * `textarea`; scale and number → `rating`; spans → a `labels` control named by the field id on the
 * text the field marks ("translation" at translation scope, else "text"), plus, for a
 * translation-scope field that also marks the source (`on` with "source", MQM's omissions and source
 * errors), a second `labels` control on the source text (`<id>_source`). Each span attribute (MQM's
 * severity) is a per-region `choices` control for each of those labels controls, named by the
 * attribute (`severity`, `severity_source`): Label Studio stores its choice as a region with the
 * same id as the labelled region it belongs to. A name already taken by a field or an earlier
 * control gets the field id in front (`errors.severity`). Booleans, tags, alignments and vectors
 * have no control here.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";

export type TLsRegionType = "choices" | "labels" | "textarea" | "rating";
/** the task's data keys, also the names of the config's Text objects */
export type TLsText = "text" | "translation";

export interface TLsControl {
  /** the control's name: `from_name` of its regions */
  name: string;
  type: TLsRegionType;
  field: TSchemeField;
  /** the Text object it labels (`to_name`) */
  to: TLsText;
  /** spans of a field declaring `on`: which side of the translation the offsets count in */
  side?: "target" | "source";
  /** a per-region choices control: the span attribute it holds */
  attribute?: string;
}

export function lsRegionType(f: TSchemeField): TLsRegionType | null {
  switch (f.kind) {
    case "choice":
    case "multi":
      return "choices";
    case "spans":
      return "labels";
    case "text":
    case "edit":
      return "textarea";
    case "scale":
    case "number":
      return "rating";
    default:
      return null;
  }
}

export const onTranslation = (f: TSchemeField) => f.scope === "translation";

export function labelStudioControls(scheme: TSchemeDefinition): TLsControl[] {
  const taken = new Set(scheme.fields.map((f) => f.id));
  const out: TLsControl[] = [];
  const alloc = (base: string, fieldId: string): string => {
    let name = taken.has(base) ? `${fieldId}.${base}` : base;
    for (let i = 2; taken.has(name); i++) name = `${fieldId}.${base}.${i}`;
    taken.add(name);
    return name;
  };
  const seen = new Set<string>();
  for (const f of scheme.fields) {
    const type = lsRegionType(f);
    if (!type || seen.has(f.id)) continue;
    seen.add(f.id);
    const to: TLsText = onTranslation(f) ? "translation" : "text";
    if (f.kind !== "spans") {
      out.push({ name: f.id, type, field: f, to });
      continue;
    }
    const sides: { to: TLsText; side?: "target" | "source"; suffix: string }[] = [{ to, side: f.on && to === "translation" ? "target" : undefined, suffix: "" }];
    if (to === "translation" && f.on?.includes("source")) sides.push({ to: "text", side: "source", suffix: "_source" });
    for (const s of sides) {
      out.push({ name: s.suffix ? alloc(`${f.id}${s.suffix}`, f.id) : f.id, type: "labels", field: f, to: s.to, ...(s.side ? { side: s.side } : {}) });
      for (const a of f.attributes) out.push({ name: alloc(`${a.id}${s.suffix}`, f.id), type: "choices", field: f, to: s.to, ...(s.side ? { side: s.side } : {}), attribute: a.id });
    }
  }
  return out;
}
