/**
 * `when`: a field is shown (and required) only when another field, or a
 * property of the item, has one of the given values. Two entries may share an
 * id as alternatives of one field when their `when`s exclude each other: MMTE's
 * equivalence has one label set for a metaphorical source MRW and another for
 * a literal one, and both are stored as EQUIVALENCE.
 */
import { z } from "zod";

export const ZFieldId = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "a field id is letters, digits, '_' and '-', starting with a letter")
  .describe("Stored with every annotation; do not rename once annotation has started.");

/**
 * Item properties a field may depend on. Closed on purpose: each one must be
 * known to the importer and the workspace. "metaphorical": whether the source
 * unit the field is anchored to (the MRW for mrw and mrw-translation scopes,
 * else the segment) is metaphorical.
 */
export const ITEM_PROPERTIES = ["metaphorical"] as const;

export const ZWhenValue = z.union([z.string(), z.number(), z.boolean()]);
export type TWhenValue = z.infer<typeof ZWhenValue>;

const ZWhenValues = z.array(ZWhenValue).min(1, "at least one value");

export const ZWhenField = z
  .object({
    field: ZFieldId.describe("An earlier field, at the same scope or an enclosing one."),
    in: ZWhenValues.describe("The field is shown when that field's value is one of these (for multi: contains one)."),
  })
  .strict();

export const ZWhenItem = z
  .object({
    item: z.enum(ITEM_PROPERTIES).describe("A property of the item."),
    in: ZWhenValues.describe("The field is shown when the property has one of these values."),
  })
  .strict();

export const ZWhen = z.union([ZWhenField, ZWhenItem], {
  error: 'when is { "field": "<earlier field id>", "in": [values] } or { "item": "metaphorical", "in": [true|false] }',
}).meta({ id: "When", description: "Show the field only when another field, or a property of the item, has one of the given values." });
export type TWhen = z.infer<typeof ZWhen>;

/** What a `when` looks at, so alternatives can be compared: "field:X" or "item:metaphorical". */
export function whenSubject(when: TWhen): string {
  return "field" in when ? `field:${when.field}` : `item:${when.item}`;
}
