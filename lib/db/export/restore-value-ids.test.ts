import { describe, expect, it } from "vitest";
import { remapItemKey, remapValueIds } from "./restore-value-ids";

const ids = new Map([["t1", "T1"], ["m1", "M1"]]);
const newIdOf = (old: string) => ids.get(old);

describe("ids inside restored values", () => {
  it("remaps mrwId and translationId properties at any depth, leaving other strings (a comment naming an id) alone", () => {
    const value = [{ start: 0, end: 2, label: "MIS", mrwId: "m1", comment: "m1" }, { start: 1, end: 1, label: "CUL" }, { nested: { translationId: "t1", mrwId: "gone" } }];
    expect(remapValueIds(value, newIdOf)).toEqual([{ start: 0, end: 2, label: "MIS", mrwId: "M1", comment: "m1" }, { start: 1, end: 1, label: "CUL" }, { nested: { translationId: "T1", mrwId: "gone" } }]);
    expect(remapValueIds("plain text", newIdOf)).toBe("plain text");
    expect(remapValueIds(null, newIdOf)).toBeNull();
  });

  it("remaps the id parts of an item key; document and role keys stay", () => {
    expect(remapItemKey("t1:m1", newIdOf)).toBe("T1:M1");
    expect(remapItemKey("t1:-", newIdOf)).toBe("T1:-");
    expect(remapItemKey("document", newIdOf)).toBe("document");
    expect(remapItemKey("role:hypothesis", newIdOf)).toBe("role:hypothesis");
  });
});
