/**
 * Whether one imported value (an annotation or adjudication line) fits the scheme a project runs:
 * the field exists, its anchor (translation, MRW, role) is the one its scope has, and the value
 * passes the kind's check with the item's lists, with the alternatives that apply to its MRW and
 * its spans within its translation (lib/schemes/language/item-value-checks.ts). The same checks a
 * save makes (lib/db/workspace/save-value.ts), worded for a file: the caller prefixes file, line and field.
 * Pure; the loader (lib/db/import/load-import.ts) resolves the ids and reads the item first.
 */
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { scopeName } from "@/lib/schemes/language/scheme-scope";
import { anchorItemKey } from "@/lib/schemes/language/value-anchor";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { CATEGORY_PENALTY_FIELDS, SOURCE_NOTE_FIELDS } from "@/lib/schemes/presets/kept-beside-values";
import { hasMetahopeErrorSpans } from "@/lib/schemes/presets/preset-field-roles";
import { alternativesForMrw, spanPastTranslation } from "@/lib/schemes/language/item-value-checks";

export interface TSchemeLine {
  field: string;
  /** resolved ids (or any non-null marker): only whether they are present matters for the scope */
  translationId: string | null;
  mrwId: string | null;
  role: string | null;
  value: unknown;
  /** the MRW's metaphoricity (which alternatives of a field apply); absent: not checked */
  mrwMetaphorical?: boolean | null;
  /** the length of the translation's text (spans within it); absent: not checked */
  translationLength?: number | null;
}

/** What the item (segment) gives: its Segment.lists and the roles of its Segment.texts. */
export interface TSchemeLineItem {
  lists: Record<string, unknown> | null;
  roles: readonly string[];
}

export type TSchemeLineCheck = { ok: true; itemKey: string; onDocument: boolean; field: TSchemeField } | { ok: false; message: string };

/** The line key a scope needs or refuses, as a file names it. */
const LINE_KEY = { translationId: "system", mrwId: "mrwId", role: "role" } as const;

/** The ids of a definition's fields, once each, in scheme order. */
export function schemeFieldIds(definition: TSchemeDefinition): string[] {
  return [...new Set(definition.fields.map((f) => f.id))];
}

/** Item lists hold arrays (candidates, tokens); a scalar entry (an item's gold answer) is no option list. */
export function optionLists(lists: Record<string, unknown> | null): Record<string, unknown[]> {
  return Object.fromEntries(Object.entries(lists ?? {}).filter((e): e is [string, unknown[]] => Array.isArray(e[1])));
}

export function checkSchemeLine(definition: TSchemeDefinition, line: TSchemeLine, item: TSchemeLineItem): TSchemeLineCheck {
  // a repeated id is one stored field shown in alternatives (same scope and kind): any of them may hold the value
  const alternatives = definition.fields.filter((f) => f.id === line.field);
  if (alternatives.length === 0) return { ok: false, message: `is not a field of the scheme "${definition.id}" (its fields: ${schemeFieldIds(definition).join(", ")})` };
  const scope = alternatives[0].scope;
  const anchor = anchorItemKey(line.field, scope, line);
  if (!anchor.ok) {
    const key = LINE_KEY[anchor.field];
    const given = line[anchor.field];
    if (anchor.field === "role" && given !== null && typeof scope !== "string") return { ok: false, message: `is anchored to the ${scope.role} text, not ${JSON.stringify(given)}` };
    return { ok: false, message: given === null ? `is per ${scopeName(scope)}: the line needs "${key}"` : `is per ${scopeName(scope)}: the line must not have "${key}"` };
  }
  if (line.role !== null && !item.roles.includes(line.role)) return { ok: false, message: `the item has no ${JSON.stringify(line.role)} text (its texts: ${item.roles.join(", ") || "none"})` };
  if (line.value === null) return { ok: false, message: "null is not a value (leave the line out instead)" };
  // an imported tags value is stored as the file writes it (an I- after O included: issue 30.6)
  const applying = alternativesForMrw(alternatives, line.mrwMetaphorical);
  const results = applying.map((f) => validateSchemeValue(f, line.value, { lists: optionLists(item.lists) }, { insideStartsChunk: true }));
  const passed = results.findIndex((r) => r.ok);
  if (passed < 0) {
    const prefix = `${line.field}: `;
    return { ok: false, message: results.map((r) => (r.ok ? "" : r.message.startsWith(prefix) ? r.message.slice(prefix.length) : r.message)).join("; ") };
  }
  const past = line.translationLength === undefined || line.translationLength === null ? null : spanPastTranslation(applying[passed].kind, line.value, line.translationLength);
  if (past) return { ok: false, message: past };
  return { ok: true, itemKey: anchor.itemKey, onDocument: anchor.onDocument, field: applying[passed] };
}

/**
 * Values the built-in runtime stored beside MetaHOPE's fields, which a project keeps when it moves
 * onto the scheme runtime (lib/db/upgrade/move-onto-scheme-runtime.ts) although no field of its scheme
 * holds them: the workbooks' notes kept with the annotator's work (METAHOPE_COMMENT,
 * METAHOPE_SEGMENT_PENALTY) and a decided penalty per category (METAHOPE_IMP …, which the paper
 * tables read as decided cells). The project's full export writes them, so a scheme with MetaHOPE's
 * error field and no field of that id takes them back, checked as the built-in runtime checked
 * them (lib/schemes/presets/kept-beside-values.ts) and stored under the same item key; any other scheme
 * refuses them as fields it does not have.
 */
export function isKeptBesideScheme(definition: TSchemeDefinition, kind: "annotation" | "adjudication", field: string): boolean {
  const kept = kind === "annotation" ? (SOURCE_NOTE_FIELDS as readonly string[]).includes(field) : CATEGORY_PENALTY_FIELDS.has(field);
  if (!kept || definition.fields.some((f) => f.id === field)) return false;
  return hasMetahopeErrorSpans(definition);
}

/** The message of a refused line: `corpus.jsonl line 12, field "meaning": "maybe" is not one of kept, literal, lost`. */
export function schemeLineMessage(file: string, line: number | undefined, field: string, message: string): string {
  return `${file}${line !== undefined ? ` line ${line}` : ""}, field ${JSON.stringify(field)}: ${message}`;
}
