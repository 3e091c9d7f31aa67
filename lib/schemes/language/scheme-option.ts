/**
 * Options: the values a choice, multi, span label, tag, alignment pattern or
 * span attribute can take, each with its text for the annotator and its
 * keyboard key. Keys sit next to the labels they choose (as Potato's
 * `key_value`), so the keymap, the cheat sheet and the tooltips read them from
 * the scheme.
 */
import { z } from "zod";

/**
 * One printable character, as `KeyboardEvent.key` reports it ("1", "i").
 * Letters match in either case (lib/keymap), so "I" and "i" are the same key.
 * Named keys (Enter, Tab, arrows) are the workspace's own and cannot be bound.
 */
export const ZKey = z
  .string()
  .refine((k) => Array.from(k).length === 1 && k.trim() !== "", "a key is one printable character, e.g. \"1\" or \"i\"")
  .describe("Keyboard key: one printable character. Letters match in either case.");

/** Stored values: strings (labels, codes) or numbers (a severity stored as its penalty, 2…10). */
export const ZOptionValue = z.union([z.string().min(1, "a value cannot be empty"), z.number()], {
  error: "a value is a non-empty string or a number",
});
export type TOptionValue = z.infer<typeof ZOptionValue>;

/**
 * The longest guidelines text (the task's, a field's, an option's), in characters. Guidelines are
 * rendered on every page of the workspace and the scheme editor; a longer manual belongs in a
 * document the guidelines link to. (The renderer is linear now, lib/schemes/language/markdown-inline.ts;
 * the limit also bounds what each page view renders.)
 */
export const GUIDELINES_MAX_CHARS = 20_000;

export const ZMarkdown = z
  .string()
  .max(GUIDELINES_MAX_CHARS, `guidelines are at most ${GUIDELINES_MAX_CHARS.toLocaleString("en")} characters (link a longer manual)`)
  .describe("Markdown: definition, examples, counter-examples.");

export const ZOption = z
  .object({
    value: ZOptionValue.describe("What is stored. Unique within the field."),
    label: z.string().min(1).optional().describe("Shown to the annotator; defaults to the value."),
    description: z.string().optional().describe("One-line definition, shown as a tooltip."),
    example: z.string().optional().describe("One short example."),
    key: ZKey.optional(),
    weight: z.number().optional().describe("A weight for scores, e.g. a severity's penalty."),
    guidelines: ZMarkdown.optional(),
  })
  .strict()
  .meta({ id: "Option" });
export type TOption = z.infer<typeof ZOption>;

/** Alignment patterns also say whether a target span is required, optional, or impossible (an omission). */
export const SPAN_REQUIREMENTS = ["required", "optional", "none"] as const;
export const ZAlignmentPattern = ZOption.extend({
  span: z.enum(SPAN_REQUIREMENTS).default("required").describe("required: at least one target span; optional; none: no target span (omission)."),
})
  .strict()
  .meta({ id: "AlignmentPattern" });
export type TAlignmentPattern = z.infer<typeof ZAlignmentPattern>;

/** A label for one value of a scale or boolean: a plain string, or the same details as an option. */
export const ZValueLabel = z.union(
  [
    z.string().min(1, "a label cannot be empty"),
    z
      .object({
        label: z.string().min(1),
        description: z.string().optional(),
        key: ZKey.optional(),
        guidelines: ZMarkdown.optional(),
      })
      .strict(),
  ],
  { error: "a label is a string or { \"label\", \"description\", \"key\", \"guidelines\" }" },
).meta({ id: "ValueLabel" });
export type TValueLabel = z.infer<typeof ZValueLabel>;

export function valueLabelText(label: TValueLabel): string {
  return typeof label === "string" ? label : label.label;
}

export function valueLabelKey(label: TValueLabel): string | undefined {
  return typeof label === "string" ? undefined : label.key;
}
