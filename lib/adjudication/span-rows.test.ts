import { describe, expect, it } from "vitest";
import { spanRows, withRow } from "./span-rows";

const a = { start: 0, end: 2, label: "PRF", attributes: { severity: "minor" } };
const b = { start: 4, end: 8, label: "MIS", mrwId: "m1", attributes: { severity: "major" } };
const bMinor = { ...b, attributes: { severity: "minor" } };

describe("spanRows", () => {
  it("lists each span once with who marked it, in position order, and what the decision keeps", () => {
    const rows = spanRows([{ annotatorId: "u2", value: [b, a] }, { annotatorId: "u1", value: [bMinor] }, { annotatorId: "u3", value: [] }], [bMinor]);
    expect(rows.map((r) => [r.key, r.by, r.decided])).toEqual([
      ["0-2-PRF-", ["u2"], null],
      ["4-8-MIS-m1", ["u2", "u1"], bMinor],
    ]);
  });

  it("keeps, drops and re-grades spans", () => {
    const rows = spanRows([{ annotatorId: "u1", value: [a, b] }], null);
    expect(withRow(rows, "4-8-MIS-m1", { keep: true })).toEqual([b]);
    const kept = spanRows([{ annotatorId: "u1", value: [a, b] }], [a, b]);
    expect(withRow(kept, "0-2-PRF-", { keep: false })).toEqual([b]);
    expect(withRow(kept, "4-8-MIS-m1", { attribute: "severity", value: "minor" })).toEqual([a, bMinor]);
    // nothing kept: the empty list, a decision that nothing is wrong
    expect(withRow(spanRows([{ annotatorId: "u1", value: [a] }], [a]), "0-2-PRF-", { keep: false })).toEqual([]);
  });
});
