/**
 * Which fields of a scheme an annotator sees on one item, and which required values are missing:
 * the submit rule of the scheme runtime, as pure functions (the workspace shows the same result
 * live, the server checks it again when an item is submitted).
 *
 * A field is shown once per unit of its scope ("slots", in display order):
 *   document fields; segment fields, each MRW's mrw fields; each role's fields (roles the item has
 *   a text for); each translation's fields, then each MRW's mrw-translation fields in it.
 * A slot is shown when its `when` holds:
 *   - `{ field, in }` looks at that field's value at the same unit or the one enclosing it at the
 *     field's scope (lib/schemes/language/scheme-scope.ts, enclosingScopes); a multi value matches
 *     when any element is in `in`; the value of a field that is itself hidden there counts as no
 *     value, so a chain of conditions collapses with its first link;
 *   - `{ item: "metaphorical", in }` looks at the MRW's flag (mrw, mrw-translation scopes), else
 *     the segment's.
 * A shown, required slot without a value (undefined or null) is missing; a shown value the field
 * refuses (validate-value.ts) is invalid. A hidden field is never required.
 *
 * Values are keyed by `schemeValueKey(field id, item key)`, the item keys of value-anchor.ts.
 */
import type { TSchemeDefinition } from "./scheme-definition";
import type { TSchemeField } from "./scheme-field";
import type { TSchemeScope } from "./scheme-scope";
import { validateSchemeValue } from "./validate-value";
import { DOCUMENT_ITEM_KEY, roleItemKey } from "./value-anchor";

export interface TSchemeCompletenessItem {
  /** the segment's flag (when.item at document, segment, translation and role scopes); null: withheld
   *  from the annotator as derived from gold (lib/workspace/withheld-gold.ts), so no `when.item` holds */
  metaphorical: boolean | null;
  /** in display order; `label` names it in messages ("Translation B") */
  translations: readonly { id: string; label?: string }[];
  /** in display order; `token` names it in messages */
  mrws: readonly { id: string; metaphorical: boolean; token?: string }[];
  /** the roles the item has a text for; a role field is shown only there */
  roles: readonly string[];
  /** the item's lists, for values checked against them (optionsFrom, item tokens); absent: not checked */
  lists?: Record<string, unknown[]>;
}

/** One unit a field is shown at: what a save names (translation, MRW, role) and its item key. */
export interface TSchemeUnit {
  translationId: string | null;
  mrwId: string | null;
  role: string | null;
  itemKey: string;
}

export interface TSchemeSlot {
  /** position of the field in the definition (alternatives of one id have their own) */
  fieldIndex: number;
  field: TSchemeField;
  unit: TSchemeUnit;
  /** the value's key: schemeValueKey(field.id, unit.itemKey) */
  valueKey: string;
  /** unique per slot (alternatives share a valueKey): "<fieldIndex>@<itemKey>" */
  slotKey: string;
  /** where it is, for messages: "Translation B", "MRW “thief”, Translation A", "document" */
  where: string;
}

export type TSchemeValues = Readonly<Record<string, unknown>>;

export interface TSchemeMissing {
  field: string;
  valueKey: string;
  slotKey: string;
  translationId: string | null;
  mrwId: string | null;
  role: string | null;
  reason: "missing" | "invalid";
  message: string;
}

export function schemeValueKey(fieldId: string, itemKey: string): string {
  return `${fieldId}@${itemKey}`;
}

const pairKey = (t: string | null, m: string | null) => `${t ?? "-"}:${m ?? "-"}`;

function unit(translationId: string | null, mrwId: string | null): TSchemeUnit {
  return { translationId, mrwId, role: null, itemKey: pairKey(translationId, mrwId) };
}

/** The item key, seen from `u`, of the unit at `scope` that encloses it (`scope` encloses u's scope). */
function enclosingItemKey(scope: TSchemeScope, u: TSchemeUnit): string {
  if (typeof scope !== "string") return roleItemKey(scope.role);
  switch (scope) {
    case "document":
      return DOCUMENT_ITEM_KEY;
    case "segment":
      return pairKey(null, null);
    case "translation":
      return pairKey(u.translationId, null);
    case "mrw":
      return pairKey(null, u.mrwId);
    case "mrw-translation":
      return pairKey(u.translationId, u.mrwId);
  }
}

/** Every slot of the scheme on this item, shown or not, in display order. */
export function schemeSlots(definition: TSchemeDefinition, item: TSchemeCompletenessItem): TSchemeSlot[] {
  const out: TSchemeSlot[] = [];
  const indexed = definition.fields.map((field, fieldIndex) => ({ field, fieldIndex }));
  const at = (scope: string) => indexed.filter((f) => (typeof f.field.scope === "string" ? f.field.scope : `role:${f.field.scope.role}`) === scope);
  const push = (fields: { field: TSchemeField; fieldIndex: number }[], u: TSchemeUnit, where: string) => {
    for (const { field, fieldIndex } of fields) {
      out.push({ fieldIndex, field, unit: u, valueKey: schemeValueKey(field.id, u.itemKey), slotKey: `${fieldIndex}@${u.itemKey}`, where });
    }
  };
  const mrwName = (m: { id: string; token?: string }) => `MRW “${m.token ?? m.id}”`;
  const tName = (t: { id: string; label?: string }) => t.label ?? t.id;

  push(at("document"), { translationId: null, mrwId: null, role: null, itemKey: DOCUMENT_ITEM_KEY }, "document");
  push(at("segment"), unit(null, null), "segment");
  for (const m of item.mrws) push(at("mrw"), unit(null, m.id), mrwName(m));
  for (const r of definition.roles) {
    if (!item.roles.includes(r.id)) continue;
    push(at(`role:${r.id}`), { translationId: null, mrwId: null, role: r.id, itemKey: roleItemKey(r.id) }, r.label ?? r.id);
  }
  for (const t of item.translations) {
    push(at("translation"), unit(t.id, null), tName(t));
    for (const m of item.mrws) push(at("mrw-translation"), unit(t.id, m.id), `${mrwName(m)}, ${tName(t)}`);
  }
  return out;
}

const given = (v: unknown) => v !== undefined && v !== null;

/** The slots whose `when` holds, in display order. */
export function shownSlots(definition: TSchemeDefinition, item: TSchemeCompletenessItem, values: TSchemeValues): TSchemeSlot[] {
  const all = schemeSlots(definition, item);
  const metaphorical = new Map(item.mrws.map((m) => [m.id, m.metaphorical]));
  // memo by slotKey: a `when` looks only at earlier fields, so the recursion ends
  const memo = new Map<string, boolean>();
  const bySlotKey = new Map(all.map((s) => [s.slotKey, s]));

  const isShown = (s: TSchemeSlot): boolean => {
    const hit = memo.get(s.slotKey);
    if (hit !== undefined) return hit;
    const when = s.field.when;
    let shown = true;
    if (when && "item" in when) {
      const flag = s.unit.mrwId !== null ? (metaphorical.get(s.unit.mrwId) ?? item.metaphorical) : item.metaphorical;
      shown = flag !== null && when.in.includes(flag);
    } else if (when) {
      // the first entry of the target id: alternatives share its scope
      const targetIndex = definition.fields.findIndex((f) => f.id === when.field);
      const target = definition.fields[targetIndex];
      const itemKey = target ? enclosingItemKey(target.scope, s.unit) : "";
      // shown when any alternative of the target is shown at that unit
      const targetShown = definition.fields.some((f, i) => {
        if (f.id !== when.field) return false;
        const t = bySlotKey.get(`${i}@${itemKey}`);
        return t !== undefined && isShown(t);
      });
      const v = targetShown ? values[schemeValueKey(when.field, itemKey)] : undefined;
      shown = Array.isArray(v) ? v.some((x) => when.in.includes(x as never)) : given(v) && when.in.includes(v as never);
    }
    memo.set(s.slotKey, shown);
    return shown;
  };
  return all.filter(isShown);
}

/** The item's required values that are missing, and shown values the field refuses, in display order. */
export function findSchemeMissing(definition: TSchemeDefinition, item: TSchemeCompletenessItem, values: TSchemeValues): TSchemeMissing[] {
  const out: TSchemeMissing[] = [];
  for (const s of shownSlots(definition, item, values)) {
    const v = values[s.valueKey];
    const base = { field: s.field.id, valueKey: s.valueKey, slotKey: s.slotKey, translationId: s.unit.translationId, mrwId: s.unit.mrwId, role: s.unit.role };
    const name = `${s.field.label} (${s.where})`;
    if (!given(v)) {
      if (s.field.required) out.push({ ...base, reason: "missing", message: `${name} is required` });
      continue;
    }
    const r = validateSchemeValue(s.field, v, { lists: item.lists }, { withoutItem: item.lists === undefined });
    if (!r.ok) out.push({ ...base, reason: "invalid", message: `${name}: ${r.message.slice(s.field.id.length + 2)}` });
  }
  return out;
}
