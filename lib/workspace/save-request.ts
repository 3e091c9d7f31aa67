/**
 * The HTTP request of one queued save (lib/workspace/save-queue.ts): URL, method, headers and
 * body. Pure, so a retry can be shown to send exactly the same request, Idempotency-Key included
 * (the server answers a repeated key with the save's first answer, lib/db/workspace/save-receipts.ts).
 */
import type { TSaveOp } from "./save-queue";

export interface TSaveRequest {
  url: string;
  method: "PUT";
  headers: Record<string, string>;
  body: unknown;
}

export function saveRequest(slug: string, op: TSaveOp): TSaveRequest {
  return {
    url: `/api/projects/${slug}/annotations`,
    method: "PUT",
    headers: { "Content-Type": "application/json", "Idempotency-Key": op.saveKey },
    body: { segmentId: op.segmentId, translationId: op.translationId, mrwId: op.mrwId, ...(op.role ? { role: op.role } : {}), field: op.field, value: op.value, baseVersion: op.baseVersion },
  };
}
