import { describe, expect, it } from "vitest";
import { applyPendingOps, restoreSnapshot } from "./state-ops";
import { EMPTY_QUEUE, enqueue } from "./save-queue";
import type { TWorkspaceState } from "./workspace-model";

const base: TWorkspaceState = {
  values: { "t1:-|FLUENCY": { value: 3, version: 2 } },
  errors: { e1: { id: "e1", translationId: "t1", mrwId: null, category: "MIS", severity: 6, start: 0, end: 2, comment: null, version: 1 } },
  postEdits: {},
};

describe("applyPendingOps", () => {
  it("lays queued edits of this segment over the server state, keeping server versions", () => {
    let q = enqueue(EMPTY_QUEUE, { kind: "annotation", segmentId: "s1", translationId: "t1", mrwId: null, field: "FLUENCY", value: 5, baseVersion: 2 });
    q = enqueue(q, { kind: "annotation", segmentId: "s2", translationId: "t9", mrwId: null, field: "FLUENCY", value: 1, baseVersion: 0 });
    q = enqueue(q, { kind: "errorDelete", segmentId: "s1", id: "e1", baseVersion: 1 });
    q = enqueue(q, { kind: "postEdit", segmentId: "s1", editKind: "LITERAL", text: "夜里传来一声尖叫。", baseTranslationId: "t1", baseVersion: 0 });
    const s = applyPendingOps(base, q.ops, "s1");
    expect(s.values["t1:-|FLUENCY"]).toEqual({ value: 5, version: 2 });
    expect(s.values["t9:-|FLUENCY"]).toBeUndefined();
    expect(s.errors).toEqual({});
    expect(s.postEdits.LITERAL?.text).toBe("夜里传来一声尖叫。");
  });
});

describe("restoreSnapshot", () => {
  it("undo of a label and an error deletion yields the saving ops on current versions", () => {
    const current: TWorkspaceState = { values: { "t1:-|FLUENCY": { value: 4, version: 3 } }, errors: {}, postEdits: {} };
    const { state, ops } = restoreSnapshot(current, base, "s1", () => "c1");
    expect(state.values["t1:-|FLUENCY"]).toEqual({ value: 3, version: 3 });
    expect(ops).toEqual([
      { kind: "annotation", segmentId: "s1", translationId: "t1", mrwId: null, field: "FLUENCY", value: 3, baseVersion: 3 },
      expect.objectContaining({ kind: "errorCreate", clientId: "c1", fields: expect.objectContaining({ category: "MIS", translationId: "t1" }) }),
    ]);
    expect(Object.keys(state.errors)).toEqual(["c1"]);
  });
});
