import { describe, expect, it } from "vitest";
import { runOncePerProcess, throughOutages } from "./run-guard";

const policy = { maxOutages: 2, waitMs: 200, probeEveryMs: 5 };
const quiet = () => undefined;
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("runOncePerProcess", () => {
  it("joins a second delivery of a job to the run in progress", async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const run = async () => {
      runs += 1;
      await gate;
    };
    const a = runOncePerProcess("job-1", run);
    const b = runOncePerProcess("job-1", run);
    release();
    await Promise.all([a, b]);
    expect(runs).toBe(1);
    // once finished, a later delivery runs again (a retry after a real failure)
    await runOncePerProcess("job-1", run);
    expect(runs).toBe(2);
  });
});

describe("throughOutages", () => {
  it("waits for the database after an outage and runs again", async () => {
    let runs = 0;
    let probes = 0;
    await throughOutages(
      async () => {
        runs += 1;
        if (runs === 1) throw refused();
      },
      async () => {
        probes += 1;
        if (probes < 3) throw refused();
      },
      policy,
      quiet,
    );
    expect(runs).toBe(2);
    expect(probes).toBe(3);
  });

  it("rethrows other failures at once", async () => {
    let runs = 0;
    const bug = new Error("Cannot read properties of undefined");
    await expect(throughOutages(async () => { runs += 1; throw bug; }, async () => undefined, policy, quiet)).rejects.toBe(bug);
    expect(runs).toBe(1);
  });

  it("gives up after maxOutages, and when the database does not come back", async () => {
    let runs = 0;
    await expect(throughOutages(async () => { runs += 1; throw refused(); }, async () => undefined, policy, quiet)).rejects.toThrow(/ECONNREFUSED/);
    expect(runs).toBe(3);
    runs = 0;
    await expect(throughOutages(async () => { runs += 1; throw refused(); }, async () => { throw refused(); }, policy, quiet)).rejects.toThrow(/ECONNREFUSED/);
    expect(runs).toBe(1);
  });
});
