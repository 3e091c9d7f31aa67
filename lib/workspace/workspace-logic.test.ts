import { describe, expect, it } from "vitest";
import { activeIncrement, isRetryable } from "./save-policy";
import { createUndoStack, recordChange, redo, undo } from "./undo-stack";
import { blindLabel, stableShuffle } from "./blind-order";

describe("blind order", () => {
  it("is stable per seed and a permutation", () => {
    const xs = ["a", "b", "c", "d", "e"];
    expect(stableShuffle(xs, "u1:s1")).toEqual(stableShuffle(xs, "u1:s1"));
    expect([...stableShuffle(xs, "u2:s1")].sort()).toEqual(xs);
    expect([0, 1, 25, 26, 27].map(blindLabel)).toEqual(["A", "B", "Z", "AA", "AB"]);
  });
});

describe("undo stack", () => {
  it("undoes and redoes snapshots; a new change clears redo", () => {
    let s = createUndoStack<number>();
    s = recordChange(s, 1);
    s = recordChange(s, 2);
    const u = undo(s, 3)!;
    expect(u.state).toBe(2);
    const r = redo(u.stack, 2)!;
    expect(r.state).toBe(3);
    expect(recordChange(u.stack, 2).future).toEqual([]);
    expect(undo(createUndoStack<number>(), 0)).toBeNull();
  });
});

describe("save policy", () => {
  it("retries network and server failures, not refusals", () => {
    expect([isRetryable("network"), isRetryable(503), isRetryable(429), isRetryable(400), isRetryable(409)]).toEqual([true, true, true, false, false]);
  });
  it("counts active time only while visible and within a minute of input", () => {
    expect(activeIncrement({ now: 10_000, lastTick: 5_000, lastInput: 4_000, visible: true })).toBe(5_000);
    expect(activeIncrement({ now: 10_000, lastTick: 5_000, lastInput: 4_000, visible: false })).toBe(0);
    // input 70 s ago, last tick 65 s ago: only the 5 s before the idle cut-off count
    expect(activeIncrement({ now: 70_000, lastTick: 55_000, lastInput: 0, visible: true })).toBe(5_000);
  });
});
