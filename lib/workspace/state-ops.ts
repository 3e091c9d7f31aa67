/**
 * Bridges between the workspace state and the save queue, as pure functions:
 * - `applyPendingOps`: after a reload, edits still in the browser's queue are
 *   laid over what the server returned, so the page shows them (they are sent
 *   again by the autosaver);
 * - `restoreSnapshot`: undo/redo puts an older state back and yields the
 *   operations that make the server agree, based on the current versions.
 */
import { EDIT_KINDS } from "@/lib/schemes/edit-kinds";
import type { TItemErrorSpan } from "./item-types";
import type { TNewOp, TSaveOp } from "./save-queue";
import { fieldKey, type TWorkspaceState } from "./workspace-model";

export function applyPendingOps(state: TWorkspaceState, ops: readonly TSaveOp[], segmentId: string): TWorkspaceState {
  const next: TWorkspaceState = { values: { ...state.values }, errors: { ...state.errors }, postEdits: { ...state.postEdits } };
  for (const op of ops) {
    if (op.segmentId !== segmentId) continue;
    switch (op.kind) {
      case "annotation": {
        const k = fieldKey(op.translationId, op.mrwId, op.field);
        next.values[k] = { value: op.value, version: next.values[k]?.version ?? 0 };
        break;
      }
      case "postEdit":
        next.postEdits[op.editKind] = { text: op.text, baseTranslationId: op.baseTranslationId, version: next.postEdits[op.editKind]?.version ?? 0 };
        break;
      case "errorCreate":
        next.errors[op.clientId] = { id: op.clientId, version: 0, ...op.fields, comment: op.fields.comment };
        break;
      case "errorUpdate": {
        const cur = next.errors[op.id];
        if (cur) next.errors[op.id] = { ...cur, ...op.patch } as TItemErrorSpan;
        break;
      }
      case "errorDelete":
        delete next.errors[op.id];
        break;
    }
  }
  return next;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function restoreSnapshot(
  current: TWorkspaceState,
  snapshot: TWorkspaceState,
  segmentId: string,
  newClientId: () => string,
): { state: TWorkspaceState; ops: TNewOp[] } {
  const ops: TNewOp[] = [];
  const values = { ...current.values };
  for (const k of new Set([...Object.keys(current.values), ...Object.keys(snapshot.values)])) {
    const want = snapshot.values[k]?.value ?? null;
    const have = current.values[k]?.value ?? null;
    if (sameJson(want, have)) continue;
    const [item, field] = k.split("|");
    const [t, m] = item.split(":");
    const version = current.values[k]?.version ?? 0;
    values[k] = { value: want, version };
    ops.push({ kind: "annotation", segmentId, translationId: t === "-" ? null : t, mrwId: m === "-" ? null : m, field, value: want, baseVersion: version });
  }
  const postEdits = { ...current.postEdits };
  for (const kind of EDIT_KINDS) {
    const want = snapshot.postEdits[kind];
    const have = current.postEdits[kind];
    if (!want || sameJson({ t: want.text, b: want.baseTranslationId }, { t: have?.text, b: have?.baseTranslationId })) continue;
    const version = have?.version ?? 0;
    postEdits[kind] = { ...want, version };
    ops.push({ kind: "postEdit", segmentId, editKind: kind, text: want.text, baseTranslationId: want.baseTranslationId, baseVersion: version });
  }
  const errors: Record<string, TItemErrorSpan> = {};
  for (const [id, e] of Object.entries(current.errors)) {
    const want = snapshot.errors[id];
    if (!want) {
      ops.push({ kind: "errorDelete", segmentId, id, baseVersion: Math.max(1, e.version) });
      continue;
    }
    const { id: _i, version: _v, translationId: _t, ...wantFields } = want;
    const { id: _i2, version: _v2, translationId: _t2, ...haveFields } = e;
    if (!sameJson(wantFields, haveFields)) ops.push({ kind: "errorUpdate", segmentId, id, patch: wantFields, baseVersion: Math.max(1, e.version) });
    errors[id] = { ...want, version: e.version };
  }
  for (const [id, want] of Object.entries(snapshot.errors)) {
    if (current.errors[id]) continue;
    // The span was deleted since: recreate it (the server keeps the deleted one in history).
    const clientId = newClientId();
    const { id: _i, version: _v, ...fields } = want;
    errors[clientId] = { ...want, id: clientId, version: 0 };
    ops.push({ kind: "errorCreate", segmentId, clientId, fields });
  }
  return { state: { values, errors, postEdits }, ops };
}
