/**
 * From the scheme runtime's item payload to what the completeness rule reads
 * (lib/schemes/language/scheme-completeness.ts): the item's units and the caller's values keyed by
 * field and item key. Pure; the workspace and the server's submit check use the same two.
 */
import { schemeValueKey, type TSchemeCompletenessItem } from "@/lib/schemes/language/scheme-completeness";
import type { TSchemeWorkspaceItem } from "./scheme-item-types";

/** The item's lists that are lists (arrays): a choice's optionsFrom, item tokens; a scalar entry is no option list. */
export function itemArrayLists(lists: Record<string, unknown>): Record<string, unknown[]> {
  return Object.fromEntries(Object.entries(lists).filter((e): e is [string, unknown[]] => Array.isArray(e[1])));
}

export function schemeCompletenessItem(item: TSchemeWorkspaceItem): TSchemeCompletenessItem {
  return {
    metaphorical: item.segment.metaphorical,
    translations: item.translations.map((t) => ({ id: t.id, label: t.label })),
    mrws: item.mrws.map((m) => ({ id: m.id, metaphorical: m.metaphorical, token: m.token })),
    roles: Object.keys(item.texts),
    lists: itemArrayLists(item.lists),
  };
}

/** The caller's stored values with their versions, keyed by schemeValueKey. */
export function schemeItemValues(item: TSchemeWorkspaceItem): Record<string, { value: unknown; version: number }> {
  return Object.fromEntries(item.annotations.map((a) => [schemeValueKey(a.field, a.itemKey), { value: a.value, version: a.version }]));
}

/** Just the values (what the completeness rule reads). */
export function plainValues(values: Readonly<Record<string, { value: unknown } | undefined>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v?.value]));
}
