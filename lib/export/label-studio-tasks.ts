/**
 * `tropos export --what annotations --format label-studio` (issue 20.5): a project's items and every
 * annotator's values as Label Studio tasks with predictions, so a lab can take them into Label Studio
 * (as pre-annotations to review) or back into Tropos. Pure.
 *
 * One task per item, or per item and system when the scheme has translation-scope fields:
 * `data: { id, text, document, translation?, system? }`, and one prediction per annotator,
 * `model_version: "tropos:<annotator>"`, whose regions are named by the field (`from_name` = the
 * field id; `to_name` "text", or "translation" for a translation's value):
 *   choice → choices [value]; multi → choices [values]; spans → one labels region per span
 *   ({ start, end, text, labels: [label] }); text and edit → textarea [text]; scale and number →
 *   rating. Booleans, tags, alignments and vectors have no Label Studio region here and are left
 *   out; so are spans on a translation's source (`on: "source"`), which a labels control of the
 *   translation cannot hold. Segment values are repeated in each system's task of the item.
 * `labelStudioMappingFor(scheme)` is the mapping that imports such an export back.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import type { TLabelStudioMapping } from "@/lib/import/label-studio-mapping";

export interface TLsItem {
  segmentId: string;
  document: string;
  text: string;
  system?: string;
  translation?: string;
}

export interface TLsValue {
  annotator: string;
  field: string;
  /** the item's system for a translation's value */
  system: string | null;
  value: unknown;
}

type TRegionType = "choices" | "labels" | "textarea" | "rating";

function regionType(f: TSchemeField): TRegionType | null {
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

const onTranslation = (f: TSchemeField) => f.scope === "translation";

/** Whether the scheme's items are exported per system (it has translation-scope fields). */
export function perSystem(scheme: TSchemeDefinition): boolean {
  return scheme.fields.some((f) => onTranslation(f) && regionType(f) !== null);
}

function regions(f: TSchemeField, value: unknown, texts: { text: string; translation?: string }): object[] {
  const to = onTranslation(f) ? "translation" : "text";
  const base = { from_name: f.id, to_name: to };
  switch (regionType(f)) {
    case "choices":
      return [{ ...base, type: "choices", value: { choices: (Array.isArray(value) ? value : [value]).map(String) } }];
    case "textarea":
      return [{ ...base, type: "textarea", value: { text: [String(value)] } }];
    case "rating":
      return [{ ...base, type: "rating", value: { rating: value } }];
    case "labels": {
      const on = (to === "translation" ? texts.translation : texts.text) ?? "";
      return (Array.isArray(value) ? (value as { start: number; end: number; label: unknown; on?: string }[]) : [])
        .filter((s) => s.on !== "source")
        .map((s) => ({ ...base, type: "labels", value: { start: s.start, end: s.end, text: on.slice(s.start, s.end), labels: [String(s.label)] } }));
    }
    default:
      return [];
  }
}

/** The tasks of the items, each with one prediction per annotator who gave it a value. */
export function labelStudioTasks(scheme: TSchemeDefinition, items: readonly TLsItem[], valuesOf: (item: TLsItem) => readonly TLsValue[]): object[] {
  const fields = new Map(scheme.fields.map((f) => [f.id, f]));
  return items.map((item, i) => {
    const byAnnotator = new Map<string, object[]>();
    for (const v of valuesOf(item)) {
      const f = fields.get(v.field);
      if (!f || regionType(f) === null) continue;
      if (onTranslation(f) && v.system !== item.system) continue;
      const list = byAnnotator.get(v.annotator) ?? [];
      list.push(...regions(f, v.value, item));
      byAnnotator.set(v.annotator, list);
    }
    return {
      id: i + 1,
      data: { id: item.segmentId, text: item.text, document: item.document, ...(item.system !== undefined ? { translation: item.translation, system: item.system } : {}) },
      predictions: [...byAnnotator.entries()].map(([annotator, result]) => ({ model_version: `tropos:${annotator}`, result })),
    };
  });
}

/** The mapping that reads an export of this scheme back (lib/import/label-studio-mapping.ts). */
export function labelStudioMappingFor(scheme: TSchemeDefinition): TLabelStudioMapping {
  const per = perSystem(scheme);
  const seen = new Set<string>();
  const controls: TLabelStudioMapping["controls"] = [];
  for (const f of scheme.fields) {
    const type = regionType(f);
    if (!type || seen.has(f.id)) continue;
    seen.add(f.id);
    controls.push({ from: f.id, type, field: f.id, on: onTranslation(f) ? "translation" : "text" });
  }
  return { task: { text: "text", id: "id", document: "document", ...(per ? { translation: "translation", system: "system" } : {}) }, controls, annotators: {} };
}
