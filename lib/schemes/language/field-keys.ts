/**
 * The answers a field offers and the key of each, derived from the scheme (keys sit next to the
 * labels they choose): what the field components show on their buttons, what the scheme runtime's
 * keyboard does, and what its cheat sheet lists, from one place. Pure.
 *
 * - choice / multi: an option's own `key`; an option without one gets its position's digit
 *   (1–9) unless another option of the field already uses that digit. Options taken from the
 *   item (`optionsFrom`) are the item's list; without the item, placeholders.
 * - scale: a label's own key, else the digit of a whole value 0–9 ("where unambiguous": a
 *   scale with a value of 10 or more has no digit keys, as "1" could start "10").
 * - boolean: the labels' keys, else y / n.
 * - spans: label keys (with `allowEmpty`, Shift and a letter key mark a position: an omission)
 *   and every attribute's option keys; tags: tag keys (with BIO, Shift and a
 *   letter key continue a chunk); alignment: pattern keys, a pattern without one getting its
 *   position's digit where free (MetaHOPE's OMISSION: 6, as the built-in workspace has it);
 *   vector: dimension keys.
 */
import type { TSchemeField } from "./scheme-field";
import { spanNoneOf } from "./span-none";
import { valueLabelKey, valueLabelText, type TOptionValue } from "./scheme-option";

export interface TKeyedOption {
  value: TOptionValue;
  label: string;
  key?: string;
  description?: string;
}

type TChoiceLike = Extract<TSchemeField, { kind: "choice" | "multi" }>;
type TScale = Extract<TSchemeField, { kind: "scale" }>;
type TBoolean = Extract<TSchemeField, { kind: "boolean" }>;

export const optionLabel = (o: { value: TOptionValue; label?: string }) => o.label ?? String(o.value);

/** Position digits for options without a key of their own, where the digit is free. */
function withDigits(options: readonly TKeyedOption[]): TKeyedOption[] {
  const taken = new Set(options.map((o) => o.key?.toLowerCase()).filter(Boolean));
  return options.map((o, i) => (o.key || i > 8 || taken.has(String(i + 1)) ? o : { ...o, key: String(i + 1) }));
}

/** A choice or multi field's options: its own, or the item's list (`optionsFrom`); placeholders without the item. */
export function choiceOptions(field: TChoiceLike, lists?: Record<string, unknown[]>): TKeyedOption[] {
  if (field.options) return withDigits(field.options.map((o) => ({ value: o.value, label: optionLabel(o), key: o.key, description: o.description })));
  const name = field.optionsFrom!;
  const fromItem = lists?.[name];
  if (!fromItem) return [1, 2, 3].map((i) => ({ value: `${name}-${i}`, label: `(${name} ${i} of the item)`, key: String(i) }));
  return withDigits(fromItem.filter((v): v is string | number => typeof v === "string" || typeof v === "number").map((v) => ({ value: v, label: String(v) } as TKeyedOption)));
}

type TAlignment = Extract<TSchemeField, { kind: "alignment" }>;

/** An alignment's patterns with their keys: their own, else the position's digit where free. */
export function alignmentPatterns(field: TAlignment): TKeyedOption[] {
  return withDigits((field.patterns ?? []).map((p) => ({ value: p.value, label: optionLabel(p), key: p.key, description: p.description })));
}

export function scaleValues(f: Pick<TScale, "min" | "max" | "step">): number[] {
  const n = Math.round((f.max - f.min) / f.step);
  return Array.from({ length: n + 1 }, (_, i) => Math.round((f.min + i * f.step) * 1e9) / 1e9);
}

/** A long scale (more than 11 values, e.g. 0–100) is a slider with a number box, not a row of buttons. */
export const isLongScale = (f: TScale) => scaleValues(f).length > 11;

export function scaleKey(f: TScale, v: number): string | undefined {
  const label = f.labels?.[String(v)];
  const own = label ? valueLabelKey(label) : undefined;
  if (own) return own;
  const digits = f.max < 10 && Number.isInteger(v) && v >= 0 && v <= 9;
  return digits ? String(v) : undefined;
}

export function booleanAnswers(field: TBoolean): { value: boolean; label: string; key: string | undefined }[] {
  const l = field.labels;
  return [
    { value: true, label: l?.true ? valueLabelText(l.true) : "yes", key: l?.true ? valueLabelKey(l.true) : "y" },
    { value: false, label: l?.false ? valueLabelText(l.false) : "no", key: l?.false ? valueLabelKey(l.false) : "n" },
  ];
}

/** Every key a field binds, with what it does, for the cheat sheet. */
export function fieldKeyBindings(field: TSchemeField, lists?: Record<string, unknown[]>): { key: string; description: string }[] {
  const rows = (items: { key?: string; label: string }[], verb: string) => items.filter((o) => o.key).map((o) => ({ key: o.key!, description: `${verb}${o.label}` }));
  switch (field.kind) {
    case "scale":
      return isLongScale(field) ? [] : scaleValues(field).flatMap((v) => {
        const k = scaleKey(field, v);
        const label = field.labels?.[String(v)];
        return k ? [{ key: k, description: `${v}${label ? ` (${valueLabelText(label)})` : ""}` }] : [];
      });
    case "choice":
      return rows(choiceOptions(field, lists), "");
    case "multi":
      return rows(choiceOptions(field, lists), "toggle ");
    case "boolean":
      return rows(booleanAnswers(field), "");
    case "tags": {
      const own = rows(field.tags.map((t) => ({ key: t.key, label: optionLabel(t) })), "tag the selected words ");
      // BIO: Shift with a letter key continues the chunk (lib/workspace/scheme-field-edits.ts, extendTag)
      const extend = field.bio ? field.tags.filter((t) => t.key && /^\p{L}$/u.test(t.key)).map((t) => ({ key: `Shift+${t.key!.toLowerCase()}`, description: `continue the ${optionLabel(t)} before the selection over it (I-${t.value})` })) : [];
      return [...own.map((b) => (field.bio ? { ...b, description: `${b.description} (B-: a new one; again: clear)` } : b)), ...extend];
    }
    case "spans":
      return [
        ...rows(field.labels.map((l) => ({ key: l.key, label: `${l.group ? `${l.group}: ` : ""}${optionLabel(l)}` })), "mark the selected words as "),
        // a zero-length span (an omission) before the selection, where the field allows them
        ...(field.allowEmpty ? rows(field.labels.filter((l) => l.key && /^\p{L}$/u.test(l.key)).map((l) => ({ key: `Shift+${l.key!.toLowerCase()}`, label: optionLabel(l) })), "mark a position (omission) before the selection as ") : []),
        ...field.attributes.flatMap((a) => rows(a.options.map((o) => ({ key: o.key, label: optionLabel(o) })), `${a.label} of the span: `)),
        // the explicit "nothing to mark" (MQM's No error; derived where the field declares none: span-none.ts)
        ...rows([{ key: spanNoneOf(field).key, label: spanNoneOf(field).label }], ""),
      ];
    case "alignment":
      // without patterns: the words are marked by selection, and `none` answers "not rendered"
      if (!field.patterns) return field.none ? rows([{ key: field.none.key, label: field.none.label }], "") : [];
      return rows(alignmentPatterns(field), "pattern ");
    case "vector":
      return rows(field.dimensions.map((d) => ({ key: d.key, label: d.label ?? d.id })), "edit ");
    default:
      return [];
  }
}
