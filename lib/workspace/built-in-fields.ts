/**
 * What the built-in (MMTE / MetaHOPE) workspace reads from the project's scheme in force: the
 * definition the server sends with the item (TWorkspaceItem.definition, the stored preset) gives
 * each field's kind, label, values, value labels and their descriptions, the error categories and
 * severities with their keys, and the post-edit variants. The workspace dispatches on the kind
 * ("one component per kind"), never on a field name.
 *
 * Where the page layout needs a rule the definition does not state, it is written here: within an
 * MRW the alignment comes first (the other judgements are about its target), the error review
 * after a translation's MRWs, segment-scope edits last. For the presets that is today's order.
 *
 * What stays as it was on purpose, so the DOM and the keys stay identical: a choice button shows
 * its option VALUE (FULL, DIRECT; the papers' codes annotators know), not the option's label; a
 * scale button its value label ("Very Poor"), with the label's description as its title.
 *
 * An alignment without patterns (MMTE's TARGET_WORDS) marks only the target words: its words are
 * marked by selection and saved at once; its two buttons are MARKED (keep the words shown, e.g.
 * pre-filled from the project's imported alignment) and NONE (its `none`: not rendered).
 *
 * Pure, no preset import: it runs in the browser on the definition it is given.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { scaleValues } from "@/lib/schemes/language/field-keys";
import { suggestedValueText } from "./suggested-value-text";
import type { TEditKind } from "@/lib/schemes/edit-kinds";

export type TBuiltInKind = "scale" | "choice" | "alignment" | "spans" | "edit";

type TField<K extends TSchemeField["kind"]> = Extract<TSchemeField, { kind: K }>;

/** The definition's field(s) of an id: EQUIVALENCE has two alternatives, one per source metaphoricity. */
export function fieldsOf(def: TSchemeDefinition, id: string): TSchemeField[] {
  return def.fields.filter((f) => f.id === id);
}

/** The alternative shown for a unit: the one whose `when: item metaphorical` matches the flag (or the only one). */
export function fieldFor(def: TSchemeDefinition, id: string, metaphorical?: boolean): TSchemeField | undefined {
  const all = fieldsOf(def, id);
  if (all.length <= 1 || metaphorical === undefined) return all[0];
  return all.find((f) => !(f.when && "item" in f.when) || (f.when.in as readonly unknown[]).includes(metaphorical)) ?? all[0];
}

export function kindOf(def: TSchemeDefinition, id: string): TBuiltInKind | undefined {
  const k = fieldsOf(def, id)[0]?.kind;
  return k === "scale" || k === "choice" || k === "alignment" || k === "spans" || k === "edit" ? k : undefined;
}

export function labelOf(def: TSchemeDefinition, id: string): string {
  return fieldsOf(def, id)[0]?.label ?? id;
}

/** The values digits pick, in definition order: a scale's grid, a choice's options, an alignment's patterns. */
export function valuesOf(def: TSchemeDefinition, id: string, metaphorical?: boolean): (string | number)[] {
  const f = fieldFor(def, id, metaphorical);
  if (!f) return [];
  if (f.kind === "scale") return scaleValues(f);
  if (f.kind === "choice") return (f.options ?? []).map((o) => o.value);
  if (f.kind === "alignment") return f.patterns ? f.patterns.map((p) => p.value) : [...TARGET_WORDS_CHOICES];
  return [];
}

/** The buttons of an alignment without patterns: keep the marked words, or not rendered. */
export const TARGET_WORDS_CHOICES = ["MARKED", "NONE"] as const;

/** Whether a field is an alignment without patterns (MMTE's target words). */
export function isTargetWords(def: TSchemeDefinition, id: string): boolean {
  const f = fieldsOf(def, id)[0];
  return f?.kind === "alignment" && !f.patterns;
}

export interface TChoiceButton {
  value: string | number;
  label: string;
  title?: string;
}

/** The buttons of a scale, choice or alignment field (see the header for what they show). */
export function buttonsOf(def: TSchemeDefinition, id: string, metaphorical?: boolean): TChoiceButton[] {
  const f = fieldFor(def, id, metaphorical);
  if (!f) return [];
  if (f.kind === "scale") {
    return scaleValues(f).map((v) => {
      const l = f.labels?.[String(v)];
      if (l === undefined) return { value: v, label: String(v) };
      return typeof l === "string" ? { value: v, label: l } : { value: v, label: l.label, title: l.description };
    });
  }
  if (f.kind === "choice") return (f.options ?? []).map((o) => ({ value: o.value, label: String(o.value) }));
  if (f.kind === "alignment" && !f.patterns) {
    return [
      { value: "MARKED", label: "Marked", title: "Keep the words marked in the translation as the target words" },
      { value: "NONE", label: f.none?.label ?? "Not rendered", title: f.none?.description },
    ];
  }
  if (f.kind === "alignment") return (f.patterns ?? []).map((p) => ({ value: p.value, label: String(p.value), title: p.description }));
  return [];
}

/**
 * A model's suggested value as the suggestion box shows it: what the field's button shows, with
 * its label — a scale point and its label ("3 (Fair)"), a choice's value and its option label
 * ("FULL (Full-Equivalence)"), the value alone where it has no other label.
 */
export function suggestionTextOf(def: TSchemeDefinition, id: string, value: unknown, metaphorical?: boolean): string {
  const f = fieldFor(def, id, metaphorical);
  if (!f) return String(value);
  if (f.kind !== "choice") return suggestedValueText(f, value);
  const label = (f.options ?? []).find((o) => o.value === value)?.label;
  return label && label !== String(value) ? `${String(value)} (${label})` : String(value);
}

/** An alignment pattern's span rule: "none" is an omission (no target span). */
export function patternSpanRule(def: TSchemeDefinition, id: string, pattern: unknown): "required" | "optional" | "none" | undefined {
  const f = fieldsOf(def, id)[0];
  return f?.kind === "alignment" ? f.patterns?.find((p) => p.value === pattern)?.span : undefined;
}

/** The post-edit kind (PostEdit.kind) an edit field stores: its variant in capitals. */
export function editKindOf(def: TSchemeDefinition, id: string): TEditKind | undefined {
  const f = fieldsOf(def, id)[0];
  if (f?.kind !== "edit" || !f.variant) return undefined;
  return f.variant.toUpperCase() as TEditKind;
}

/** The error spans field: its categories (labels) and severities (the severity attribute's options, value = penalty). */
export function errorSchemeOf(def: TSchemeDefinition): {
  field: TField<"spans">;
  categories: { value: string; name: string; key?: string; description?: string }[];
  severities: { name: string; penalty: number; key?: string; description?: string }[];
} | null {
  const f = def.fields.find((x): x is TField<"spans"> => x.kind === "spans");
  if (!f) return null;
  const severity = f.attributes.find((a) => a.id === "severity");
  return {
    field: f,
    categories: f.labels.map((l) => ({ value: String(l.value), name: l.label ?? String(l.value), key: l.key, description: l.description })),
    severities: (severity?.options ?? []).map((o) => ({ name: o.label ?? String(o.value), penalty: Number(o.value), key: o.key, description: o.description })),
  };
}

/**
 * The fields of the definition in the walk's order (see the header): per translation its
 * translation-scope judgements, per MRW its alignment then its other judgements, the error review
 * (spans); then the segment's edits.
 */
export function walkOrder(def: TSchemeDefinition): { translation: string[]; mrw: string[]; review: string[]; segment: string[] } {
  const ids = [...new Set(def.fields.map((f) => f.id))];
  const kind = (id: string) => kindOf(def, id);
  const scope = (id: string) => fieldsOf(def, id)[0].scope;
  const mrw = ids.filter((id) => scope(id) === "mrw-translation");
  return {
    translation: ids.filter((id) => scope(id) === "translation" && (kind(id) === "scale" || kind(id) === "choice")),
    mrw: [...mrw.filter((id) => kind(id) === "alignment"), ...mrw.filter((id) => kind(id) !== "alignment")],
    review: ids.filter((id) => scope(id) === "translation" && kind(id) === "spans"),
    segment: ids.filter((id) => scope(id) === "segment" && kind(id) === "edit"),
  };
}
