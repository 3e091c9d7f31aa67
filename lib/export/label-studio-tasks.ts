/**
 * `tropos export --what annotations --format label-studio` (issue 20.5): a project's items and every
 * annotator's values as Label Studio tasks with predictions, so a lab can take them into Label Studio
 * (as pre-annotations to review) or back into Tropos. Pure.
 *
 * One task per item, or per item and system when the scheme has translation-scope fields:
 * `data: { id, text, document, translation?, system? }`, and one prediction per annotator,
 * `model_version: "tropos:<annotator>"`, whose regions belong to the controls of
 * label-studio-controls.ts (`from_name` the control, `to_name` "text" or "translation"):
 *   choice → choices [value]; multi → choices [values]; text and edit → textarea [text]; scale and
 *   number → rating; spans → one labels region per span ({ start, end, text, labels: [label] }, id
 *   `r<n>`), on the source control for a span `on: "source"` (MQM's omissions), and for each of its
 *   attributes (MQM's severity) a per-region choices region with the same id and offsets
 *   ({ start, end, text, choices: [value] }), as Label Studio writes them.
 * An annotator's empty list of spans (MQM's No-error) is a prediction without regions of that
 * control, which imports again as the empty list (parse-label-studio.ts). Booleans, tags,
 * alignments and vectors have no Label Studio region here and are left out, and so are span
 * comments. Segment values are repeated in each system's task of the item.
 * `labelStudioMappingFor(scheme)` is the mapping that imports such an export back, and
 * label-studio-config.ts the labelling config to create the Label Studio project with.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import type { TLabelStudioMapping } from "@/lib/import/label-studio-mapping";
import { labelStudioControls, lsRegionType, onTranslation, type TLsControl } from "@/lib/export/label-studio-controls";

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

interface TStoredSpan {
  start: number;
  end: number;
  label: unknown;
  on?: string;
  attributes?: Record<string, unknown>;
}

/** Whether the scheme's items are exported per system (it has translation-scope fields). */
export function perSystem(scheme: TSchemeDefinition): boolean {
  return scheme.fields.some((f) => onTranslation(f) && lsRegionType(f) !== null);
}

function regions(controls: readonly TLsControl[], f: TSchemeField, value: unknown, texts: { text: string; translation?: string }, nextId: () => string): object[] {
  const own = controls.filter((c) => c.field === f);
  const main = own[0];
  if (!main) return [];
  const base = { from_name: main.name, to_name: main.to };
  switch (main.type) {
    case "choices":
      return [{ ...base, type: "choices", value: { choices: (Array.isArray(value) ? value : [value]).map(String) } }];
    case "textarea":
      return [{ ...base, type: "textarea", value: { text: [String(value)] } }];
    case "rating":
      return [{ ...base, type: "rating", value: { rating: value } }];
    case "labels": {
      const out: object[] = [];
      for (const s of Array.isArray(value) ? (value as TStoredSpan[]) : []) {
        const side = s.on === "source" ? "source" : main.side;
        const labels = own.find((c) => c.type === "labels" && c.side === side);
        // a source span of a field without a source control cannot be held: left out
        if (!labels) continue;
        const text = (labels.to === "translation" ? texts.translation : texts.text) ?? "";
        const at = { start: s.start, end: s.end, text: text.slice(s.start, s.end) };
        const id = nextId();
        out.push({ id, from_name: labels.name, to_name: labels.to, type: "labels", value: { ...at, labels: [String(s.label)] } });
        for (const [k, v] of Object.entries(s.attributes ?? {})) {
          const c = own.find((x) => x.attribute === k && x.side === labels.side && x.to === labels.to);
          if (c) out.push({ id, from_name: c.name, to_name: c.to, type: "choices", value: { ...at, choices: [String(v)] } });
        }
      }
      return out;
    }
  }
}

/** The tasks of the items, each with one prediction per annotator who gave it a value. */
export function labelStudioTasks(scheme: TSchemeDefinition, items: readonly TLsItem[], valuesOf: (item: TLsItem) => readonly TLsValue[]): object[] {
  const controls = labelStudioControls(scheme);
  const fields = new Map(controls.map((c) => [c.field.id, c.field]));
  return items.map((item, i) => {
    const byAnnotator = new Map<string, object[]>();
    for (const v of valuesOf(item)) {
      const f = fields.get(v.field);
      if (!f) continue;
      if (onTranslation(f) && v.system !== item.system) continue;
      const list = byAnnotator.get(v.annotator) ?? [];
      // region ids are unique within one prediction's result (a span's choices share its id)
      let n = list.filter((r) => (r as { type: string }).type === "labels").length;
      list.push(...regions(controls, f, v.value, item, () => `r${++n}`));
      byAnnotator.set(v.annotator, list);
    }
    return {
      id: i + 1,
      data: { id: item.segmentId, text: item.text, document: item.document, ...(item.system !== undefined ? { translation: item.translation, system: item.system } : {}) },
      predictions: [...byAnnotator.entries()].map(([annotator, result]) => ({ model_version: `tropos:${annotator}`, result })),
    };
  });
}

/**
 * The mapping that reads an export of this scheme back (lib/import/label-studio-mapping.ts): every
 * control of label-studio-controls.ts onto its field, a per-region choices control onto its span
 * attribute; numeric labels and options renamed back from Label Studio's strings.
 */
export function labelStudioMappingFor(scheme: TSchemeDefinition): TLabelStudioMapping {
  const per = perSystem(scheme);
  const controls: TLabelStudioMapping["controls"] = labelStudioControls(scheme).map((c) => {
    const options = c.attribute !== undefined && c.field.kind === "spans" ? c.field.attributes.find((a) => a.id === c.attribute)!.options : c.field.kind === "spans" ? c.field.labels : "options" in c.field ? (c.field.options ?? []) : [];
    const numeric = options.filter((o) => typeof o.value === "number");
    return {
      from: c.name,
      type: c.type,
      field: c.field.id,
      on: c.to,
      ...(c.attribute !== undefined ? { attribute: c.attribute } : {}),
      ...(numeric.length > 0 ? { values: Object.fromEntries(numeric.map((o) => [String(o.value), o.value])) } : {}),
    };
  });
  return { task: { text: "text", id: "id", document: "document", ...(per ? { translation: "translation", system: "system" } : {}) }, controls, annotators: {} };
}
