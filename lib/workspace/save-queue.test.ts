import { describe, expect, it } from "vitest";
import { complete, conflictIsOwnSave, discard, EMPTY_QUEUE, enqueue, nextOp, parseQueue, rebase, serializeQueue, type TNewOp } from "./save-queue";

const fluency = (value: number, baseVersion = 0): TNewOp => ({
  kind: "annotation",
  segmentId: "s1",
  translationId: "t1",
  mrwId: null,
  field: "FLUENCY",
  value,
  baseVersion,
});
const span = { translationId: "t1", mrwId: null, category: "MIS" as const, severity: 6 as const, start: 0, end: 2, comment: null };

describe("save queue", () => {
  it("coalesces edits of one field and keeps the first base version", () => {
    let q = enqueue(EMPTY_QUEUE, fluency(3, 2));
    q = enqueue(q, fluency(4, 5));
    expect(q.ops).toHaveLength(1);
    expect(q.ops[0]).toMatchObject({ value: 4, baseVersion: 2 });
  });

  it("removes a confirmed op, but keeps (rebased) an op edited while in flight", () => {
    let q = enqueue(EMPTY_QUEUE, fluency(3));
    const sent = nextOp(q)!;
    expect(complete(q, sent, { version: 1 }).ops).toEqual([]);
    q = enqueue(q, fluency(5)); // edited during the request
    q = complete(q, sent, { version: 1 });
    expect(q.ops).toHaveLength(1);
    expect(q.ops[0]).toMatchObject({ value: 5, baseVersion: 1 });
  });

  it("folds edits and deletion of an unsaved error span into its creation", () => {
    let q = enqueue(EMPTY_QUEUE, { kind: "errorCreate", segmentId: "s1", clientId: "c1", fields: span });
    q = enqueue(q, { kind: "errorUpdate", segmentId: "s1", id: "c1", patch: { severity: 10 }, baseVersion: 1 });
    expect(q.ops).toHaveLength(1);
    expect(q.ops[0]).toMatchObject({ kind: "errorCreate", fields: { severity: 10, category: "MIS" } });
    q = enqueue(q, { kind: "errorDelete", segmentId: "s1", id: "c1", baseVersion: 1 });
    expect(q.ops).toEqual([]);
  });

  it("a creation edited in flight becomes an update of the server's span", () => {
    let q = enqueue(EMPTY_QUEUE, { kind: "errorCreate", segmentId: "s1", clientId: "c1", fields: span });
    const sent = nextOp(q)!;
    q = enqueue(q, { kind: "errorUpdate", segmentId: "s1", id: "c1", patch: { comment: "imagery lost" }, baseVersion: 1 });
    q = complete(q, sent, { id: "srv1", version: 1 });
    expect(q.ops).toEqual([
      expect.objectContaining({ kind: "errorUpdate", id: "srv1", key: "e|srv1", baseVersion: 1, patch: expect.objectContaining({ comment: "imagery lost" }) }),
    ]);
  });

  it("skips blocked keys, discards and rebases on conflict decisions", () => {
    let q = enqueue(EMPTY_QUEUE, fluency(3));
    q = enqueue(q, { ...(fluency(2) as Extract<TNewOp, { kind: "annotation" }>), field: "OVERALL" });
    const first = q.ops[0].key;
    expect(nextOp(q, new Set([first]))?.key).toBe(q.ops[1].key);
    expect(rebase(q, first, 7).ops[0]).toMatchObject({ baseVersion: 7 });
    expect(discard(q, first).ops).toHaveLength(1);
  });

  it("round-trips through storage and ignores garbage", () => {
    const q = enqueue(EMPTY_QUEUE, fluency(3));
    expect(parseQueue(serializeQueue(q))).toEqual(q);
    expect(parseQueue("{not json")).toEqual(EMPTY_QUEUE);
    expect(parseQueue(JSON.stringify({ ops: [{ kind: "bogus" }] }))).toEqual(EMPTY_QUEUE);
  });

  it("a conflict whose stored value is the edit itself is the edit's own earlier send, not a choice", () => {
    const op = (v: unknown) => nextOp(enqueue(EMPTY_QUEUE, { kind: "annotation", segmentId: "s1", translationId: "t1", mrwId: null, field: "ALIGNMENT", value: v, baseVersion: 0 }))!;
    expect(conflictIsOwnSave(op(3), { value: 3 })).toBe(true);
    expect(conflictIsOwnSave(op(3), { value: 4 })).toBe(false);
    expect(conflictIsOwnSave(op(3), { value: null })).toBe(false); // deleted elsewhere
    expect(conflictIsOwnSave(op({ spans: [{ start: 0, end: 2 }], pattern: "a" }), { value: { pattern: "a", spans: [{ end: 2, start: 0 }] } })).toBe(true);
    expect(conflictIsOwnSave(op({ spans: [{ start: 0, end: 2 }] }), { value: { spans: [{ start: 0, end: 3 }] } })).toBe(false);
    const edit = nextOp(enqueue(EMPTY_QUEUE, { kind: "postEdit", segmentId: "s1", editKind: "LITERAL", text: "x", baseTranslationId: "t1", baseVersion: 0 }))!;
    expect(conflictIsOwnSave(edit, { value: { text: "x", baseTranslationId: "t1" } })).toBe(true);
    expect(conflictIsOwnSave(edit, { value: { text: "y", baseTranslationId: "t1" } })).toBe(false);
    const spanOp = nextOp(enqueue(EMPTY_QUEUE, { kind: "errorCreate", segmentId: "s1", clientId: "c1", fields: span }))!;
    expect(conflictIsOwnSave(spanOp, { value: span })).toBe(false);
  });
});
