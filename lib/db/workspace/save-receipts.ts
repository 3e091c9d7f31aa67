// Idempotent workspace saves (issue 21 point 7). The browser gives every queued save a random key
// (lib/workspace/save-queue.ts) and sends it again, unchanged, when it retries. The server stores
// the save's answer under (user, key) in the SAME statement or transaction as the write, so
// "the write committed" and "its receipt exists" are one fact. A retry of a save that committed
// while its answer was lost (server killed, connection cut) then gets the original 200 and
// version instead of a 409 against itself, and nothing is written twice.
//
// Design choices:
//   - A table of its own (SaveReceipt) rather than a column on History: a receipt must be found by
//     (user, key) alone.
//   - Keys are per user (primary key userId + key): another user's key never matches.
//   - The receipt stores a hash of the request (route, target, body). The same key with another
//     request is a client bug; it is refused (422) rather than answered with another save's result.
//   - The annotation hot path looks the receipt up only when its write wrote nothing (a retry of a
//     committed save always fails the version check), so a first send costs no extra round trip.
//   - Receipts are pruned after SAVE_RECEIPT_DAYS. A retry later than that (a browser closed for
//     weeks with an unacknowledged save) gets the 409 of old, which the autosaver still recognises
//     as its own save when the stored value equals the edit (conflictIsOwnSave).
import { createHash } from "node:crypto";
import type { Pool } from "pg";
import { AppError } from "@/lib/errors";

export const SAVE_RECEIPT_DAYS = 7;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface TSaveReceiptKey {
  /** the idempotency key the client sent (lib/http/idempotency-key.ts) */
  key: string;
  /** saveRequestHash of the request */
  requestHash: string;
}

/** Deterministic JSON: object keys sorted at every depth. */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  if (v && typeof v === "object") {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stableJson(x)}`).join(",")}}`;
  }
  return JSON.stringify(v ?? null);
}

/** SHA-256 of what a save asks for: the route kind, its target ids and the parsed body. */
export function saveRequestHash(kind: string, target: Record<string, string>, body: unknown): string {
  return createHash("sha256").update(stableJson({ kind, target, body })).digest("hex");
}

function keyReused(): AppError {
  return new AppError("UNPROCESSABLE", "This idempotency key was already used for a different save; send a new key with a changed request.", {
    field: "Idempotency-Key",
  });
}

/**
 * The stored answer for (user, key), or null when there is none. A receipt of another request under
 * the same key is refused: answering it would report a save that did not happen.
 */
export function receiptAnswer<T>(found: { requestHash: string; response: unknown } | null | undefined, receipt: TSaveReceiptKey): T | null {
  if (!found) return null;
  if (found.requestHash !== receipt.requestHash) throw keyReused();
  return found.response as T;
}

type TQueryable = Pick<Pool, "query">;

export async function findSaveReceipt<T>(db: TQueryable, userId: string, receipt: TSaveReceiptKey): Promise<T | null> {
  const { rows } = await db.query<{ requestHash: string; response: unknown }>(
    `SELECT "requestHash", response FROM "SaveReceipt" WHERE "userId" = $1 AND key = $2`,
    [userId, receipt.key],
  );
  return receiptAnswer<T>(rows[0], receipt);
}

/** Whether `e` is the primary-key clash of two writes under one receipt key (pg or Prisma). */
export function isReceiptKeyClash(e: unknown): boolean {
  for (let x: unknown = e, depth = 0; x && typeof x === "object" && depth < 6; depth++) {
    const o = x as { code?: unknown; constraint?: unknown; meta?: { target?: unknown; modelName?: unknown; driverAdapterError?: unknown }; message?: unknown; cause?: unknown };
    if (o.code === "23505" && o.constraint === "SaveReceipt_pkey") return true;
    if (o.code === "P2002" && (o.meta?.modelName === "SaveReceipt" || String(o.message ?? "").includes("SaveReceipt"))) return true;
    x = o.cause ?? o.meta?.driverAdapterError;
  }
  return false;
}

const lastPruned = new WeakMap<object, number>();

/**
 * Deletes receipts older than SAVE_RECEIPT_DAYS in the background, hourly per process and pool.
 * The first run comes an hour after the first save (as maintainReportStore): a short-lived process
 * (the CLI, a test file) has nothing to prune.
 */
export function pruneSaveReceipts(pool: Pool): void {
  const now = Date.now();
  const last = lastPruned.get(pool);
  if (last === undefined) lastPruned.set(pool, now);
  if (last === undefined || now - last < PRUNE_EVERY_MS) return;
  lastPruned.set(pool, now);
  deleteOldSaveReceipts(pool).catch((e: Error) => console.error(`[saves] pruning save receipts failed: ${e.message}`));
}

export async function deleteOldSaveReceipts(pool: TQueryable, days = SAVE_RECEIPT_DAYS): Promise<number> {
  const { rowCount } = await pool.query(`DELETE FROM "SaveReceipt" WHERE "createdAt" < now() - make_interval(days => $1)`, [days]);
  return rowCount ?? 0;
}
