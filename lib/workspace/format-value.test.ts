import { describe, expect, it } from "vitest";
import { formatValue } from "./format-value";

describe("formatValue", () => {
  it("names Likert anchors, error spans, and a draft span's missing choices", () => {
    expect(formatValue("FLUENCY", 4)).toBe("4 — Good");
    expect(formatValue("ERROR", { category: "MIS", severity: 6, start: 0, end: 2, comment: null }, "用完了")).toBe("MIS major “用完”");
    expect(formatValue("ERROR", { category: null, severity: null, start: 0, end: 2, comment: null }, "用完了")).toBe("(no category) (no severity) “用完”");
  });
});
