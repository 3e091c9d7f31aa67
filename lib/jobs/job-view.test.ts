import { describe, expect, it } from "vitest";
import { describeProgress, etaSeconds } from "./job-view";

describe("job progress", () => {
  const start = new Date("2026-11-25T10:00:00Z");
  it("estimates the time left from the rate so far, only while running and after one unit", () => {
    const at = (s: number) => new Date(start.getTime() + s * 1000);
    expect(etaSeconds({ status: "running", startedAt: start, done: 2, total: 6 }, at(10))).toBe(20);
    expect(etaSeconds({ status: "running", startedAt: start, done: 0, total: 6 }, at(10))).toBeNull();
    expect(etaSeconds({ status: "queued", startedAt: null, done: 0, total: 6 }, at(10))).toBeNull();
    expect(etaSeconds({ status: "done", startedAt: start, done: 6, total: 6 }, at(10))).toBeNull();
  });
  it("says where a job is in words", () => {
    expect(describeProgress({ status: "running", done: 2, total: 6, stage: "storing b.jsonl", etaSeconds: 12, cancelRequested: false })).toBe("2 of 6 · storing b.jsonl · about 12 s left");
    expect(describeProgress({ status: "running", done: 2, total: 6, stage: "storing b.jsonl", etaSeconds: 12, cancelRequested: true })).toBe("2 of 6 · storing b.jsonl · cancelling after this step");
    expect(describeProgress({ status: "queued", done: 0, total: 2, stage: null, etaSeconds: null, cancelRequested: false })).toBe("Waiting for a worker…");
    expect(describeProgress({ status: "cancelled", done: 0, total: 2, stage: null, etaSeconds: null, cancelRequested: true })).toBe("Cancelled");
  });
});
