/**
 * Where a value of a scheme field is stored: the Annotation row's item key for the field's scope,
 * checked against what a save names (translation, MRW, role). Pure; shared by the save path,
 * the workspace (to find its own values) and imports.
 *
 * Item keys (the built-in runtime's "<translationId|->:<mrwId|->" for the scopes it has):
 *   segment "-:-" · translation "<t>:-" · mrw "-:<m>" · mrw-translation "<t>:<m>"
 *   role "role:<id>" · document "document", stored on the document's first segment, so a
 *   document has one value however many of its segments the annotator opens.
 */
import type { TSchemeScope } from "./scheme-scope";
import { scopeName } from "./scheme-scope";

export interface TValueAnchor {
  translationId?: string | null;
  mrwId?: string | null;
  role?: string | null;
}

export type TAnchorResult =
  | { ok: true; itemKey: string; onDocument: boolean }
  | { ok: false; field: "translationId" | "mrwId" | "role"; message: string };

export const DOCUMENT_ITEM_KEY = "document";

export function roleItemKey(role: string): string {
  return `role:${role}`;
}

/** The item key of a value at `scope` anchored at `a`; refuses an anchor the scope does not have, naming it. */
export function anchorItemKey(fieldId: string, scope: TSchemeScope, a: TValueAnchor): TAnchorResult {
  const t = a.translationId ?? null;
  const m = a.mrwId ?? null;
  const r = a.role ?? null;
  const needs = (what: "translationId" | "mrwId" | "role", has: boolean, wanted: boolean): TAnchorResult | null => {
    if (has === wanted) return null;
    const noun = what === "translationId" ? "a translation" : what === "mrwId" ? "an MRW" : "a role";
    return { ok: false, field: what, message: wanted ? `${fieldId} is per ${scopeName(scope)}: the save needs ${what}.` : `${fieldId} is per ${scopeName(scope)}: it is not anchored to ${noun}, so ${what} must be empty.` };
  };
  const check = (wantT: boolean, wantM: boolean, wantR: boolean) => needs("translationId", t !== null, wantT) ?? needs("mrwId", m !== null, wantM) ?? needs("role", r !== null, wantR);
  if (typeof scope !== "string") {
    const bad = check(false, false, true);
    if (bad) return bad;
    if (r !== scope.role) return { ok: false, field: "role", message: `${fieldId} is anchored to the ${scope.role} text, not ${JSON.stringify(r)}.` };
    return { ok: true, itemKey: roleItemKey(scope.role), onDocument: false };
  }
  const want = { document: [false, false], segment: [false, false], translation: [true, false], mrw: [false, true], "mrw-translation": [true, true] }[scope];
  const bad = check(want[0], want[1], false);
  if (bad) return bad;
  if (scope === "document") return { ok: true, itemKey: DOCUMENT_ITEM_KEY, onDocument: true };
  return { ok: true, itemKey: `${t ?? "-"}:${m ?? "-"}`, onDocument: false };
}
