/**
 * A value of a scheme field as an adjudicator reads it, by the field's kind: option labels (not
 * stored values), a scale value with its label, a vector's dimensions, spans and alignments as
 * excerpts of the text they mark. Pure; runs in the browser. `text` is the text the unit's spans
 * point into (the translation for a translation unit, the source otherwise, the role's text);
 * `tokens` the item's tokens for a tags value.
 */
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";

export interface TFormatContext {
  text?: string | null;
  tokens?: readonly unknown[] | null;
  /** the item's source, for spans of a translation that lie on it (`on: "source"`, MQM) */
  source?: string | null;
}

const json = (v: unknown) => JSON.stringify(v) ?? String(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function optionLabel(options: readonly { value: string | number; label?: string }[] | undefined, v: unknown): string {
  const o = options?.find((x) => x.value === v);
  return o?.label ?? (typeof v === "string" ? v : json(v));
}

function excerpt(text: string | null | undefined, start: unknown, end: unknown): string {
  if (typeof start !== "number" || typeof end !== "number") return "?";
  if (start === end) return `‸${start}`;
  if (!text) return `[${start}–${end}]`;
  return `“${text.slice(start, end)}”`;
}

export function formatSchemeValue(field: TSchemeField, value: unknown, ctx: TFormatContext = {}): string {
  if (value === null || value === undefined) return "–";
  switch (field.kind) {
    case "choice":
      return optionLabel(field.options, value);
    case "multi":
      return Array.isArray(value) ? (value.length ? value.map((v) => optionLabel(field.options, v)).join(", ") : "(none)") : json(value);
    case "scale": {
      const label = typeof value === "number" ? field.labels?.[String(value)] : undefined;
      const text = label === undefined ? undefined : typeof label === "string" ? label : (label as { label?: string }).label;
      return text ? `${value} (${text})` : String(value);
    }
    case "boolean":
      return value === true ? "yes" : value === false ? "no" : json(value);
    case "number":
      return typeof value === "number" ? `${value}${field.unit ? ` ${field.unit}` : ""}` : json(value);
    case "text":
    case "edit":
      return typeof value === "string" ? value : json(value);
    case "vector":
      return isObject(value) ? field.dimensions.filter((d) => d.id in value).map((d) => `${d.label ?? d.id} ${json(value[d.id])}`).join(" · ") || "(none rated)" : json(value);
    case "spans":
      if (!Array.isArray(value)) return json(value);
      if (!value.length) return "(no spans)";
      return value
        .map((s) => {
          if (!isObject(s)) return json(s);
          const attrs = isObject(s.attributes)
            ? Object.entries(s.attributes).map(([k, v]) => {
                const a = field.attributes.find((x) => x.id === k);
                return `${a?.label ?? k} ${optionLabel(a?.options, v)}`;
              })
            : [];
          return `${optionLabel(field.labels, s.label)}${attrs.length ? ` (${attrs.join(", ")})` : ""} ${s.on === "source" ? `source ${excerpt(ctx.source, s.start, s.end)}` : excerpt(ctx.text, s.start, s.end)}${typeof s.comment === "string" ? ` — ${s.comment}` : ""}`;
        })
        .join("; ");
    case "alignment": {
      if (!isObject(value)) return json(value);
      const spans = Array.isArray(value.spans) ? value.spans.filter(isObject).map((s) => excerpt(ctx.text, s.start, s.end)) : [];
      // without patterns (target words): the words, or the "not rendered" answer
      if (!field.patterns) return spans.length ? spans.join(" + ") : (field.none?.label ?? "(not rendered)");
      return `${optionLabel(field.patterns, value.pattern)}${spans.length ? ` ${spans.join(" + ")}` : ""}`;
    }
    case "tags": {
      if (!Array.isArray(value)) return json(value);
      const tagged = value.map((t, i) => ({ t, i, tok: ctx.tokens?.[i] })).filter((x) => x.t !== null && x.t !== "O");
      if (!tagged.length) return "(no tags)";
      return tagged.map((x) => (x.tok !== undefined ? `${String(x.tok)}/${String(x.t)}` : `#${x.i + 1}/${String(x.t)}`)).join(" ");
    }
  }
}
