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
 * (a coalesced edit, a rebase) gives it a new key: the server refuses one key used for two
 * different requests.
 */
import { z } from "zod";
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

/**
 * The one kind of operation the workspace sends: a value of a field, PUT to the annotations
 * endpoint (lib/workspace/save-request.ts). Every scheme's value, spans and post-edits included,
 * is one of these; the built-in workspace's post-edit and error-span operations are gone with it.
 */
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

export const ZSaveOp = ZAnnotationOp;
export type TSaveOp = z.infer<typeof ZSaveOp>;

export const ZSaveQueue = z.object({ nextSeq: z.number().int(), ops: z.array(ZSaveOp) });
export type TSaveQueue = z.infer<typeof ZSaveQueue>;

export type TNewOp = Omit<TSaveOp, "key" | "seq" | "saveKey">;

export const EMPTY_QUEUE: TSaveQueue = { nextSeq: 1, ops: [] };

/** The target of an operation: one field of one unit (translation, MRW) of a segment. */
export function opKey(op: Pick<TSaveOp, "segmentId" | "translationId" | "mrwId" | "field">): string {
  return `a|${op.segmentId}|${op.translationId ?? "-"}:${op.mrwId ?? "-"}|${op.field}`;
}

/** Adds an edit, coalescing with the pending operation on the same target (keeping its base version). */
export function enqueue(queue: TSaveQueue, newOp: TNewOp): TSaveQueue {
  const seq = queue.nextSeq;
  const key = opKey(newOp);
  const op: TSaveOp = { ...newOp, key, seq, saveKey: newSaveKey() };
  const i = queue.ops.findIndex((o) => o.key === key);
  const next = { nextSeq: seq + 1, ops: queue.ops.slice() };
  if (i < 0) next.ops.push(op);
  else next.ops[i] = { ...op, baseVersion: queue.ops[i].baseVersion }; // a changed request: a new key
  return next;
}

/** The operation to send next (oldest first), skipping keys that wait for a conflict decision. */
export function nextOp(queue: TSaveQueue, blocked: ReadonlySet<string> = new Set()): TSaveOp | undefined {
  return queue.ops.find((o) => !blocked.has(o.key));
}

/**
 * The server accepted `sent`. Removes it, unless it was edited while in
 * flight: then it stays with the returned version as its new base.
 */
export function complete(queue: TSaveQueue, sent: TSaveOp, result: { version: number }): TSaveQueue {
  const i = queue.ops.findIndex((o) => o.key === sent.key);
  if (i < 0) return queue;
  const ops = queue.ops.slice();
  const cur = ops[i];
  if (cur.seq === sent.seq) ops.splice(i, 1);
  else ops[i] = { ...cur, baseVersion: result.version, saveKey: newSaveKey() };
  return { ...queue, ops };
}

/**
 * Whether a conflict's stored value is exactly what the refused operation would have written:
 * the operation already landed (its answer was lost, e.g. the page reloaded while it was in flight
 * and the persisted queue sent it again), so there is nothing to choose between.
 */
export function conflictIsOwnSave(op: TSaveOp, current: { value: unknown }): boolean {
  return current.value !== null && canonicalValue(op.value) === canonicalValue(current.value);
}

/** Drops the pending operation of a target (the user kept the server's version in a conflict). */
export function discard(queue: TSaveQueue, key: string): TSaveQueue {
  return { ...queue, ops: queue.ops.filter((o) => o.key !== key) };
}

/** Rebases a pending operation onto the server's current version (the user kept their own value in a conflict). */
export function rebase(queue: TSaveQueue, key: string, version: number): TSaveQueue {
  return {
    ...queue,
    ops: queue.ops.map((o) => (o.key === key ? { ...o, baseVersion: version, saveKey: newSaveKey() } : o)),
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
 *
 * Op by op, never all or nothing: an operation this version cannot read (one of the built-in
 * workspace's post-edit or error-span operations, queued before an upgrade, whose endpoints are
 * gone) is dropped alone, and every readable annotation operation is kept with the queue's
 * `nextSeq`, so that an old entry never costs the annotator the edits queued beside it.
 */
export function parseQueue(raw: string | null): TSaveQueue {
  if (!raw) return EMPTY_QUEUE;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return EMPTY_QUEUE;
  }
  if (!json || typeof json !== "object" || !Array.isArray((json as { ops?: unknown }).ops)) return EMPTY_QUEUE;
  const ops: TSaveOp[] = [];
  for (const o of (json as { ops: unknown[] }).ops) {
    const keyed = o && typeof o === "object" && !("saveKey" in o) ? { ...o, saveKey: newSaveKey() } : o;
    const r = ZSaveOp.safeParse(keyed);
    if (r.success) ops.push(r.data);
  }
  const stored = z.number().int().safeParse((json as { nextSeq?: unknown }).nextSeq);
  // never below a kept operation's seq: a new edit must not share one with a pending operation
  const nextSeq = Math.max(stored.success ? stored.data : 1, ...ops.map((o) => o.seq + 1));
  return { nextSeq, ops };
}
