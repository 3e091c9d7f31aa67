/**
 * The browser's queue of unsaved changes. Every edit becomes an operation
 * here first; the autosaver sends them in order and removes them once the
 * server confirms. The queue is plain data (persisted in localStorage per
 * user and project), so a reload or an offline period never loses an edit.
 *
 * Coalescing: one pending operation per target. A new value for a target
 * replaces the pending one but keeps its `baseVersion` (the version the first
 * unsaved edit was based on), so the server can still detect that someone
 * else saved in between. Every change bumps `seq`; when a save returns, the
 * operation is removed only if it was not edited while in flight — otherwise
 * it stays, rebased onto the version the server just returned.
 *
 * Idempotency: every operation carries a `saveKey` (sent as the Idempotency-Key header, see
 * lib/db/workspace/save-receipts.ts). A retry sends the operation unchanged, so with the same key, and a
 * save whose answer was lost is answered again instead of refused. Whatever changes an operation
 * (a coalesced edit, a rebase, a span's server id) gives it a new key: the server refuses one key
 * used for two different requests.
 */
import { EDIT_KINDS } from "@/lib/schemes/edit-kinds";
import { z } from "zod";
import { ZErrorSpanFields } from "./api-types";
import { canonicalValue } from "@/lib/schemes/canonical-value";

const ZSaveKey = z.string().min(1).max(64);

/**
 * A random key per save: crypto.randomUUID where it exists. That needs a secure context (https or
 * localhost); a lab server on plain http in the local network still has getRandomValues, so the
 * same UUID v4 is built from it there.
 */
export function newSaveKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === "function") return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const ZAnnotationOp = z.object({
  kind: z.literal("annotation"),
  key: z.string(),
  seq: z.number().int(),
  saveKey: ZSaveKey,
  segmentId: z.string(),
  translationId: z.string().nullable(),
  mrwId: z.string().nullable(),
  /** the item text a role-scope field of a project's own scheme is anchored to */
  role: z.string().nullish(),
  field: z.string(),
  value: z.unknown(),
  baseVersion: z.number().int().min(0),
});
const ZPostEditOp = z.object({
  kind: z.literal("postEdit"),
  key: z.string(),
  seq: z.number().int(),
  saveKey: ZSaveKey,
  segmentId: z.string(),
  editKind: z.enum(EDIT_KINDS),
  text: z.string(),
  baseTranslationId: z.string().nullable(),
  baseVersion: z.number().int().min(0),
});
const ZErrorCreateOp = z.object({
  kind: z.literal("errorCreate"),
  key: z.string(),
  seq: z.number().int(),
  saveKey: ZSaveKey,
  segmentId: z.string(),
  /** Local id the UI uses until the server assigns one. */
  clientId: z.string(),
  fields: ZErrorSpanFields,
});
const ZErrorUpdateOp = z.object({
  kind: z.literal("errorUpdate"),
  key: z.string(),
  seq: z.number().int(),
  saveKey: ZSaveKey,
  segmentId: z.string(),
  id: z.string(),
  patch: ZErrorSpanFields.omit({ translationId: true }).partial(),
  baseVersion: z.number().int().min(1),
});
const ZErrorDeleteOp = z.object({
  kind: z.literal("errorDelete"),
  key: z.string(),
  seq: z.number().int(),
  saveKey: ZSaveKey,
  segmentId: z.string(),
  id: z.string(),
  baseVersion: z.number().int().min(1),
});

export const ZSaveOp = z.discriminatedUnion("kind", [ZAnnotationOp, ZPostEditOp, ZErrorCreateOp, ZErrorUpdateOp, ZErrorDeleteOp]);
export type TSaveOp = z.infer<typeof ZSaveOp>;
export type TAnnotationOp = z.infer<typeof ZAnnotationOp>;
export type TPostEditOp = z.infer<typeof ZPostEditOp>;
export type TErrorCreateOp = z.infer<typeof ZErrorCreateOp>;
export type TErrorUpdateOp = z.infer<typeof ZErrorUpdateOp>;
export type TErrorDeleteOp = z.infer<typeof ZErrorDeleteOp>;

export const ZSaveQueue = z.object({ nextSeq: z.number().int(), ops: z.array(ZSaveOp) });
export type TSaveQueue = z.infer<typeof ZSaveQueue>;

/** Distributive Omit, so each member of the op union keeps its own fields. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type TNewOp = DistributiveOmit<TSaveOp, "key" | "seq" | "saveKey">;

export const EMPTY_QUEUE: TSaveQueue = { nextSeq: 1, ops: [] };

export function annotationOpKey(segmentId: string, translationId: string | null, mrwId: string | null, field: string): string {
  return `a|${segmentId}|${translationId ?? "-"}:${mrwId ?? "-"}|${field}`;
}

export function opKey(op: TNewOp): string {
  switch (op.kind) {
    case "annotation":
      return annotationOpKey(op.segmentId, op.translationId, op.mrwId, op.field);
    case "postEdit":
      return `p|${op.segmentId}|${op.editKind}`;
    case "errorCreate":
      return `e|${op.clientId}`;
    case "errorUpdate":
    case "errorDelete":
      return `e|${op.id}`;
  }
}

/** Adds an edit, coalescing with the pending operation on the same target. */
export function enqueue(queue: TSaveQueue, newOp: TNewOp): TSaveQueue {
  const seq = queue.nextSeq;
  const key = opKey(newOp);
  const op = { ...newOp, key, seq, saveKey: newSaveKey() } as TSaveOp;
  const i = queue.ops.findIndex((o) => o.key === key);
  const next = { nextSeq: seq + 1, ops: queue.ops.slice() };
  if (i < 0) {
    next.ops.push(op);
    return next;
  }
  const prev = queue.ops[i];
  const merged = coalesce(prev, op);
  if (merged === null) next.ops.splice(i, 1);
  else next.ops[i] = { ...merged, saveKey: op.saveKey }; // a changed request: a new key
  return next;
}

function coalesce(prev: TSaveOp, op: TSaveOp): TSaveOp | null {
  if (prev.kind === "annotation" && op.kind === "annotation") return { ...op, baseVersion: prev.baseVersion };
  if (prev.kind === "postEdit" && op.kind === "postEdit") return { ...op, baseVersion: prev.baseVersion };
  if (prev.kind === "errorCreate") {
    // The span was never saved: fold the edit into the creation, or drop both on delete.
    if (op.kind === "errorDelete") return null;
    if (op.kind === "errorUpdate") return { ...prev, seq: op.seq, fields: { ...prev.fields, ...op.patch } };
    return op;
  }
  if (prev.kind === "errorUpdate") {
    if (op.kind === "errorUpdate") return { ...op, patch: { ...prev.patch, ...op.patch }, baseVersion: prev.baseVersion };
    if (op.kind === "errorDelete") return { ...op, baseVersion: prev.baseVersion };
  }
  return op;
}

/** The operation to send next (oldest first), skipping keys that wait for a conflict decision. */
export function nextOp(queue: TSaveQueue, blocked: ReadonlySet<string> = new Set()): TSaveOp | undefined {
  return queue.ops.find((o) => !blocked.has(o.key));
}

/**
 * The server accepted `sent`. Removes it, unless it was edited while in
 * flight: then it stays with the returned version as its new base (and a
 * creation becomes an update of the span the server just created).
 */
export function complete(queue: TSaveQueue, sent: TSaveOp, result: { id?: string; version: number }): TSaveQueue {
  const i = queue.ops.findIndex((o) => o.key === sent.key);
  let ops = queue.ops.slice();
  if (i >= 0) {
    const cur = ops[i];
    if (cur.seq === sent.seq) ops.splice(i, 1);
    else if (cur.kind === "annotation" || cur.kind === "postEdit") ops[i] = { ...cur, baseVersion: result.version, saveKey: newSaveKey() };
    else if (cur.kind === "errorCreate" && result.id) {
      ops[i] = {
        kind: "errorUpdate",
        key: `e|${result.id}`,
        seq: cur.seq,
        saveKey: newSaveKey(),
        segmentId: cur.segmentId,
        id: result.id,
        patch: omitTranslation(cur.fields),
        baseVersion: result.version,
      };
    } else if ((cur.kind === "errorUpdate" || cur.kind === "errorDelete") && sent.kind === "errorUpdate") {
      ops[i] = { ...cur, baseVersion: result.version, saveKey: newSaveKey() };
    }
  }
  if (sent.kind === "errorCreate" && result.id) ops = renameClientId(ops, sent.clientId, result.id, result.version);
  return { ...queue, ops };
}

function omitTranslation(fields: TErrorCreateOp["fields"]): TErrorUpdateOp["patch"] {
  const { translationId: _t, ...rest } = fields;
  return rest;
}

/** Operations queued against a span's local id now target its server id. */
function renameClientId(ops: TSaveOp[], clientId: string, id: string, version: number): TSaveOp[] {
  return ops.map((o) =>
    (o.kind === "errorUpdate" || o.kind === "errorDelete") && o.id === clientId ? { ...o, id, key: `e|${id}`, baseVersion: version, saveKey: newSaveKey() } : o,
  );
}

/**
 * Whether a conflict's stored value is exactly what the refused operation would have written:
 * the operation already landed (its answer was lost, e.g. the page reloaded while it was in flight
 * and the persisted queue sent it again), so there is nothing to choose between. Annotations and
 * post-edits only; error spans always go to the dialog.
 */
export function conflictIsOwnSave(op: TSaveOp, current: { value: unknown }): boolean {
  if (op.kind === "annotation") return current.value !== null && canonicalValue(op.value) === canonicalValue(current.value);
  if (op.kind === "postEdit") return canonicalValue({ text: op.text, baseTranslationId: op.baseTranslationId ?? null }) === canonicalValue(current.value);
  return false;
}

/** Drops the pending operation of a target (the user kept the server's version in a conflict). */
export function discard(queue: TSaveQueue, key: string): TSaveQueue {
  return { ...queue, ops: queue.ops.filter((o) => o.key !== key) };
}

/** Rebases a pending operation onto the server's current version (the user kept their own value in a conflict). */
export function rebase(queue: TSaveQueue, key: string, version: number): TSaveQueue {
  return {
    ...queue,
    ops: queue.ops.map((o) => (o.key === key && "baseVersion" in o ? ({ ...o, baseVersion: version, saveKey: newSaveKey() } as TSaveOp) : o)),
  };
}

/** Storage key: per user and project, so two accounts on one browser never mix their edits. */
export function storageKey(userId: string, projectSlug: string): string {
  return `tropos.saveQueue.v1.${userId}.${projectSlug}`;
}

export function serializeQueue(queue: TSaveQueue): string {
  return JSON.stringify(queue);
}

/**
 * Parses what localStorage holds; anything unreadable yields an empty queue rather than a crash.
 * Operations queued before keys existed get one (the caller persists the result, so it stays).
 */
export function parseQueue(raw: string | null): TSaveQueue {
  if (!raw) return EMPTY_QUEUE;
  try {
    const json = JSON.parse(raw) as { ops?: unknown };
    if (json && Array.isArray(json.ops)) {
      json.ops = json.ops.map((o: unknown) => (o && typeof o === "object" && !("saveKey" in o) ? { ...o, saveKey: newSaveKey() } : o));
    }
    const r = ZSaveQueue.safeParse(json);
    return r.success ? r.data : EMPTY_QUEUE;
  } catch {
    return EMPTY_QUEUE;
  }
}
