import { describe, expect, it } from "vitest";
import { alignmentRows, withAlignment } from "./alignment-rows";

describe("alignmentRows / withAlignment", () => {
  const values = [
    { annotatorId: "u1", value: { pattern: "M-M", spans: [{ start: 2, end: 4 }] } },
    { annotatorId: "u2", value: { pattern: "M-L", spans: [{ start: 2, end: 4 }, { start: 0, end: 1 }] } },
  ];

  it("lists each target span once with who aligned it, the decision's ticked", () => {
    expect(alignmentRows(values, { pattern: "M-M", spans: [{ start: 2, end: 4 }] }).map((r) => [r.key, r.by, r.kept])).toEqual([
      ["0-1", ["u2"], false],
      ["2-4", ["u1", "u2"], true],
    ]);
  });

  it("keeps and drops spans, changes the pattern, and a pattern without span drops them", () => {
    const rows = alignmentRows(values, { pattern: "M-M", spans: [{ start: 2, end: 4 }] });
    expect(withAlignment(rows, { pattern: "M-M", spans: [] }, { key: "0-1", keep: true }, true)).toEqual({ pattern: "M-M", spans: [{ start: 0, end: 1 }, { start: 2, end: 4 }] });
    expect(withAlignment(rows, null, { pattern: "M-L", noSpan: false }, true)).toEqual({ pattern: "M-L", spans: [{ start: 2, end: 4 }] });
    expect(withAlignment(rows, null, { pattern: "OMISSION", noSpan: true }, true)).toEqual({ pattern: "OMISSION", spans: [] });
    // MMTE's target words: no pattern in the value
    expect(withAlignment(rows, null, { key: "2-4", keep: false }, false)).toEqual({ spans: [] });
  });
});
