// The autosaver's retry rules as pure functions (issue 21 point 7): a 503 (database unreachable)
// or a failed fetch keeps the operation queued, unchanged, and its retry is the same request with
// the same Idempotency-Key; anything that changes the operation gives it a new key.
import { describe, expect, it } from "vitest";
import { complete, EMPTY_QUEUE, enqueue, nextOp, parseQueue, rebase, serializeQueue, type TNewOp } from "./save-queue";
import { saveRequest } from "./save-request";
import { RETRY_MAX_MS, RETRY_MS, retryDelayMs, saveOutcome } from "./save-policy";

const fluency = (value: number, baseVersion = 0): TNewOp => ({ kind: "annotation", segmentId: "s1", translationId: "t1", mrwId: null, field: "FLUENCY", value, baseVersion });
const key = (q: typeof EMPTY_QUEUE) => saveRequest("demo", nextOp(q)!).headers["Idempotency-Key"];

describe("retries reuse the idempotency key", () => {
  it("a 503 or a network failure is retried with the very same request and key; the operation is never dropped", () => {
    const q = enqueue(EMPTY_QUEUE, fluency(4, 2));
    const first = saveRequest("demo", nextOp(q)!);
    expect(first.headers["Idempotency-Key"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const status of [503, 500, 502, 429, "network"] as const) expect(saveOutcome(status)).toBe("retry");
    // a 200 whose body was cut off (the server was killed while sending it) is a lost answer too
    expect(saveOutcome(200, undefined, undefined)).toBe("retry");
    expect(saveOutcome(200, undefined, {})).toBe("retry");
    // "retry" leaves the queue as it is, also across a reload (the key is persisted with the op)
    const reloaded = parseQueue(serializeQueue(q));
    expect(saveRequest("demo", nextOp(reloaded)!)).toEqual(first);
    expect(first).toMatchObject({ url: "/api/projects/demo/annotations", method: "PUT", body: { value: 4, baseVersion: 2 } });
  });

  it("other answers are not retried", () => {
    expect([200, 201].map((s) => saveOutcome(s, undefined, { id: "a", version: 3 }))).toEqual(["saved", "saved"]);
    expect([409, 400, 403, 404, 422].map((s) => saveOutcome(s))).toEqual(["conflict", "refused", "refused", "refused", "refused"]);
    expect(saveOutcome(423, "ITEM_SUBMITTED")).toBe("closed");
    expect(saveOutcome(423, "VALUE_DECIDED")).toBe("refused");
  });

  it("a changed operation gets a new key: coalesced edit, rebase after a conflict, rebase after an answer", () => {
    let q = enqueue(EMPTY_QUEUE, fluency(4));
    const k1 = key(q);
    const sent = nextOp(q)!;
    q = enqueue(q, fluency(5)); // edited while in flight
    const k2 = key(q);
    expect(k2).not.toBe(k1);
    q = complete(q, sent, { version: 1 }); // the first send's answer: the edit stays, rebased
    expect(nextOp(q)).toMatchObject({ value: 5, baseVersion: 1 });
    const k3 = key(q);
    expect(k3).not.toBe(k2);
    q = rebase(q, nextOp(q)!.key, 7); // "keep mine" in the conflict dialog
    expect(key(q)).not.toBe(k3);
  });

  it("operations stored before keys existed get one when the queue is read", () => {
    const legacy = JSON.stringify({ nextSeq: 2, ops: [{ kind: "annotation", key: "a|s1|t1:-|FLUENCY", seq: 1, segmentId: "s1", translationId: "t1", mrwId: null, field: "FLUENCY", value: 3, baseVersion: 0 }] });
    const q = parseQueue(legacy);
    expect(q.ops).toHaveLength(1);
    expect(q.ops[0].saveKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("retry delay", () => {
  it("doubles from RETRY_MS up to RETRY_MAX_MS, with ±20 % jitter", () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, null, mid))).toEqual([RETRY_MS, 2 * RETRY_MS, 4 * RETRY_MS, 8 * RETRY_MS, RETRY_MAX_MS, RETRY_MAX_MS]);
    expect(retryDelayMs(1, null, () => 0)).toBe(0.8 * RETRY_MS);
    expect(retryDelayMs(1, null, () => 1)).toBe(1.2 * RETRY_MS);
  });

  it("waits at least the server's Retry-After (seconds), ignoring a malformed one", () => {
    expect(retryDelayMs(1, "5", () => 0.5)).toBe(5000);
    expect(retryDelayMs(6, "5", () => 0.5)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1, "Wed, 21 Oct 2015 07:28:00 GMT", () => 0.5)).toBe(RETRY_MS);
  });
});
