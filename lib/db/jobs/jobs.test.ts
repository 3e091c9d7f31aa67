// jobView's time left (pure: a row in, the view out; no database).
import { describe, expect, it } from "vitest";
import { jobView } from "./jobs";

const now = new Date("2026-11-25T10:00:00Z");
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const row = Object.freeze({
  id: "j", status: "running", createdAt: ago(3600), startedAt: ago(3600), finishedAt: null, stage: null, input: {},
  error: null, cancelRequested: false, attempts: 1, createdBy: null,
});

describe("jobView time left", () => {
  it("an import: from the rate since the job started", () => {
    // 2 of 6 in 3600 s: 1800 s per unit, 4 left
    expect(jobView({ ...row, kind: "import", done: 2, total: 6, result: null }, now).etaSeconds).toBe(7200);
  });

  it("a resumed suggest job: from its own run, not from the units it skipped at its start", () => {
    // 900 of 1000 were done when this run began 10 s ago; 10 more since: 1 s per unit, 90 left → 90 s
    // (the whole job's rate, 910 in 3600 s, would say about 356 s; from the skipped units alone it would look instant)
    const r = { ...row, kind: "suggest", done: 910, total: 1000, result: { runStartedAt: ago(10).toISOString(), doneAtRunStart: 900 } };
    expect(jobView(r, now).etaSeconds).toBe(90);
    // before this run has finished a unit there is no estimate
    expect(jobView({ ...r, done: 900 }, now).etaSeconds).toBeNull();
  });
});
