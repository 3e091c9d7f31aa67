/**
 * Scopes: what a field's value is anchored to (as Label Studio's `toName`),
 * separate from what the value is (its kind).
 *
 * - "document":        one value per document;
 * - "segment":         one value per source segment (the item);
 * - "translation":     one value per segment × system;
 * - "mrw":             one value per metaphor-related word of the source;
 * - "mrw-translation": one value per MRW × system (how one system rendered
 *                      one MRW: MMTE equivalence, MetaHOPE alignment);
 * - { "role": "premise" }: one value per item text with that role, for items
 *                      made of several texts (an NLI premise and hypothesis).
 *                      The role must be declared in the scheme's `roles`.
 */
import { z } from "zod";

export const NAMED_SCOPES = ["document", "segment", "translation", "mrw", "mrw-translation"] as const;
export type TNamedScope = (typeof NAMED_SCOPES)[number];

export const ZRoleId = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, "a role is lower-case letters, digits and '-', starting with a letter");

export const ZRoleScope = z
  .object({ role: ZRoleId.describe("The item text this field is anchored to, e.g. \"premise\" or \"hypothesis\".") })
  .strict();

export const ZSchemeScope = z.union([z.enum(NAMED_SCOPES), ZRoleScope], {
  error: `scope must be one of ${NAMED_SCOPES.join(", ")} or { "role": "<role id>" }`,
}).meta({ id: "Scope", description: "What the value is anchored to: document, segment, translation (segment × system), mrw, mrw-translation, or an item text by role." });
export type TSchemeScope = z.infer<typeof ZSchemeScope>;

/** A readable name for messages: "translation", "role premise". */
export function scopeName(scope: TSchemeScope): string {
  return typeof scope === "string" ? scope : `role ${scope.role}`;
}

/**
 * The scopes a value at `scope` lies inside, itself included. A field may only
 * depend (`when`) on a field at one of these: a translation can look at its
 * segment's value, but a segment has several translations and so no single
 * translation value to look at. Item texts by role belong to the segment.
 */
export function enclosingScopes(scope: TSchemeScope): TSchemeScope[] {
  if (typeof scope !== "string") return [scope, "segment", "document"];
  switch (scope) {
    case "document":
      return ["document"];
    case "segment":
      return ["segment", "document"];
    case "translation":
      return ["translation", "segment", "document"];
    case "mrw":
      return ["mrw", "segment", "document"];
    case "mrw-translation":
      return ["mrw-translation", "mrw", "translation", "segment", "document"];
  }
}

export function sameScope(a: TSchemeScope, b: TSchemeScope): boolean {
  return scopeName(a) === scopeName(b);
}

/** Whether a value at `inner` can see the value at `outer` (same unit or an enclosing one). */
export function scopeEncloses(outer: TSchemeScope, inner: TSchemeScope): boolean {
  return enclosingScopes(inner).some((s) => sameScope(s, outer));
}
