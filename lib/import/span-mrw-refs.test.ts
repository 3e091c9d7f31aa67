import { describe, expect, it } from "vitest";
import { mapSpanMrwRefs, spanMrwRefs } from "./span-mrw-refs";

describe("MRW references inside a span list", () => {
  const list = [
    { start: 1, end: 3, label: "IMP", attributes: { severity: 2 }, mrwId: "id-1" },
    { start: 0, end: 2, label: "STL" },
  ];

  it("lists and maps the MRW of every span that names one, leaving the others as they are", () => {
    expect(spanMrwRefs(list)).toEqual(["id-1"]);
    expect(mapSpanMrwRefs(list, (id) => (id === "id-1" ? "m1" : undefined))).toEqual([{ ...list[0], mrwId: "m1" }, list[1]]);
    // an unknown reference stays as it is; the list is not rewritten when nothing changes
    expect(mapSpanMrwRefs(list, () => undefined)).toBe(list);
    expect(mapSpanMrwRefs(list, () => "id-1")).toBe(list);
  });

  it("leaves every other value alone", () => {
    for (const v of [3, "FULL", null, { spans: [{ start: 1, end: 2 }], pattern: "DIRECT" }, { mrwId: "x" }, ["a", "b"], [[{ mrwId: "x" }]], []]) {
      expect(spanMrwRefs(v)).toEqual([]);
      expect(mapSpanMrwRefs(v, () => "y")).toBe(v);
    }
  });
});
