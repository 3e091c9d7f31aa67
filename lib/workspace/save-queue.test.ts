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

  it("skips blocked keys, discards and rebases on conflict decisions", () => {
    let q = enqueue(EMPTY_QUEUE, fluency(3));
    q = enqueue(q, { ...fluency(2), field: "OVERALL" });
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

  it("a stored queue keeps its annotation ops when it also holds an op of a kind no longer sent (the built-in workspace's error span)", () => {
    const annotation = { kind: "annotation", key: "a|s1|t1:-|FLUENCY", seq: 3, saveKey: "k-annotation", segmentId: "s1", translationId: "t1", mrwId: null, field: "FLUENCY", value: 4, baseVersion: 2 };
    const errorCreate = { kind: "errorCreate", key: "e|c1", seq: 4, saveKey: "k-span", segmentId: "s1", clientId: "c1", fields: { translationId: "t1", mrwId: null, category: "MIS", severity: 6, start: 0, end: 2, comment: null } };
    const q = parseQueue(JSON.stringify({ nextSeq: 5, ops: [annotation, errorCreate] }));
    expect(q).toEqual({ nextSeq: 5, ops: [annotation] });
  });

  it("a conflict whose stored value is the edit itself is the edit's own earlier send, not a choice", () => {
    const op = (v: unknown) => nextOp(enqueue(EMPTY_QUEUE, { kind: "annotation", segmentId: "s1", translationId: "t1", mrwId: null, field: "ALIGNMENT", value: v, baseVersion: 0 }))!;
    expect(conflictIsOwnSave(op(3), { value: 3 })).toBe(true);
    expect(conflictIsOwnSave(op(3), { value: 4 })).toBe(false);
    expect(conflictIsOwnSave(op(3), { value: null })).toBe(false); // deleted elsewhere
    expect(conflictIsOwnSave(op({ spans: [{ start: 0, end: 2 }], pattern: "a" }), { value: { pattern: "a", spans: [{ end: 2, start: 0 }] } })).toBe(true);
    expect(conflictIsOwnSave(op({ spans: [{ start: 0, end: 2 }] }), { value: { spans: [{ start: 0, end: 3 }] } })).toBe(false);
  });
});
