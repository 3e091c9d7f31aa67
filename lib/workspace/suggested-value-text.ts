/**
 * A model's suggested value as the annotator reads it in the workspace (issue 15 point 4): the
 * option's label rather than its stored value, a scale point with its label, yes/no, the text
 * itself; token-based values (spans, tags, alignment) and vectors compactly. Pure.
 */
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { booleanAnswers, choiceOptions } from "@/lib/schemes/language/field-keys";
import { valueLabelText } from "@/lib/schemes/language/scheme-option";

const json = (v: unknown) => JSON.stringify(v);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export function suggestedValueText(field: TSchemeField, value: unknown, lists?: Record<string, unknown[]>): string {
  if (value === null || value === undefined) return "(empty)";
  switch (field.kind) {
    case "choice": {
      const o = choiceOptions(field, lists).find((x) => x.value === value);
      return o ? o.label : String(value);
    }
    case "multi": {
      if (!Array.isArray(value)) return json(value);
      if (value.length === 0) return "(none)";
      const options = choiceOptions(field, lists);
      return value.map((v) => options.find((o) => o.value === v)?.label ?? String(v)).join(", ");
    }
    case "scale": {
      const label = field.labels?.[String(value)];
      return label ? `${String(value)} (${valueLabelText(label)})` : String(value);
    }
    case "boolean":
      return booleanAnswers(field).find((a) => a.value === value)?.label ?? String(value);
    case "number":
      return String(value);
    case "text":
    case "edit":
      return typeof value === "string" ? `“${value}”` : json(value);
    case "spans":
      return Array.isArray(value) ? plural(value.length, "span") : json(value);
    case "alignment":
      return Array.isArray(value) ? plural(value.length, "alignment") : json(value);
    case "tags":
      return Array.isArray(value) ? value.map((t) => (t === null ? "·" : String(t))).join(" ") : json(value);
    case "vector":
      return value && typeof value === "object" ? Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k} ${String(v)}`).join(", ") : json(value);
  }
}

/**
 * A value in the two-versions dialog (a save refused because another tab saved first): options
 * and scale points by their labels ("2 (Poor)", as the built-in workspace's dialog named them),
 * a text as it is, token-based values and vectors as JSON (their offsets are what differ).
 */
export function conflictValueText(field: TSchemeField, value: unknown, lists?: Record<string, unknown[]>): string {
  if (value === null || value === undefined) return "(empty)";
  switch (field.kind) {
    case "choice":
    case "multi":
    case "scale":
    case "boolean":
    case "number":
      return suggestedValueText(field, value, lists);
    case "text":
    case "edit":
      return typeof value === "string" ? value : json(value);
    default:
      return json(value);
  }
}

/** A tags suggestion in words: the tagged tokens with their tags ("climbing (B-METAPHOR), fall apart (…)"), or none. */
export function suggestedTagsText(field: Extract<TSchemeField, { kind: "tags" }>, value: unknown, tokens: readonly { text: string }[]): string {
  if (!Array.isArray(value) || value.length !== tokens.length) return suggestedValueText(field, value);
  const tagged = value.flatMap((t, i) => (t === null || t === "O" ? [] : [`${tokens[i].text} (${String(t)})`]));
  return tagged.length ? `${plural(tagged.length, "token")} tagged: ${tagged.join(", ")}` : "no token tagged";
}
