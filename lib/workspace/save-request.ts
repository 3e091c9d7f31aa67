/**
 * The HTTP request of one queued save (lib/workspace/save-queue.ts): URL, method, headers and
 * body. Pure, so a retry can be shown to send exactly the same request, Idempotency-Key included
 * (the server answers a repeated key with the save's first answer, lib/db/workspace/save-receipts.ts).
 */
import type { TSaveOp } from "./save-queue";

export interface TSaveRequest {
  url: string;
  method: "PUT" | "POST" | "PATCH" | "DELETE";
  headers: Record<string, string>;
  body: unknown;
}

export function saveRequest(slug: string, op: TSaveOp): TSaveRequest {
  const item = `/api/projects/${slug}/items/${op.segmentId}`;
  const headers = { "Content-Type": "application/json", "Idempotency-Key": op.saveKey };
  switch (op.kind) {
    case "annotation":
      return {
        url: `/api/projects/${slug}/annotations`,
        method: "PUT",
        headers,
        body: { segmentId: op.segmentId, translationId: op.translationId, mrwId: op.mrwId, ...(op.role ? { role: op.role } : {}), field: op.field, value: op.value, baseVersion: op.baseVersion },
      };
    case "postEdit":
      return { url: `${item}/post-edits`, method: "PUT", headers, body: { kind: op.editKind, text: op.text, baseTranslationId: op.baseTranslationId, baseVersion: op.baseVersion } };
    case "errorCreate":
      return { url: `${item}/error-spans`, method: "POST", headers, body: op.fields };
    case "errorUpdate":
      return { url: `${item}/error-spans/${op.id}`, method: "PATCH", headers, body: { ...op.patch, baseVersion: op.baseVersion } };
    case "errorDelete":
      return { url: `${item}/error-spans/${op.id}`, method: "DELETE", headers, body: { baseVersion: op.baseVersion } };
  }
}
