// The `Idempotency-Key` request header of the workspace saves (draft-ietf-httpapi-idempotency-key-
// header): a client-generated random key per save, sent again unchanged on a retry, so a save
// whose answer was lost is answered again instead of refused (lib/db/workspace/save-receipts.ts). Optional:
// old clients and scripts without it get the behaviour of before (a retry may meet a 409).
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { saveRequestHash, type TSaveReceiptKey } from "@/lib/db/workspace/save-receipts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** A UUID (crypto.randomUUID) or any other random token of 16–64 URL-safe characters. */
export const ZIdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "expected 16–64 characters A–Z, a–z, 0–9, _ or -");

/** The request's key, or null without the header; a malformed key is a 400 naming the header. */
export function parseIdempotencyKey(req: Request): string | null {
  const raw = req.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return null;
  const r = ZIdempotencyKey.safeParse(raw.trim());
  if (!r.success) throw new AppError("BAD_REQUEST", `Invalid ${IDEMPOTENCY_HEADER}: ${r.error.issues[0]?.message ?? "malformed"}`, { field: IDEMPOTENCY_HEADER });
  return r.data;
}

/** The receipt key of a save request (null without the header): its key and the hash of what it asks. */
export function saveReceiptKey(req: Request, kind: string, target: Record<string, string>, body: unknown): TSaveReceiptKey | null {
  const key = parseIdempotencyKey(req);
  return key === null ? null : { key, requestHash: saveRequestHash(kind, target, body) };
}
