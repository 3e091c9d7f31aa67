import { describe, expect, it } from "vitest";
import { mergeImportedSpans, spanKeys } from "./span-list-merge";

const span = (label: string, start: number, mrwId?: string) => ({ start, end: start + 1, label, attributes: { severity: 2 }, ...(mrwId ? { mrwId } : {}) });

describe("imported spans merged into a stored list", () => {
  it("keys spans by MRW (or sentence), category and occurrence, as ErrorSpan.externalId did", () => {
    expect(spanKeys([span("IMP", 0, "m1"), span("IMP", 3, "m1"), span("IMP", 5), span("MIS", 1, "m1")])).toEqual(["m1:IMP:1", "m1:IMP:2", "S:IMP:1", "m1:MIS:1"]);
  });

  it("a re-import of the same spans changes nothing", () => {
    const file = [span("IMP", 0, "m1"), span("IMP", 3, "m1"), span("PRF", 7)];
    const once = mergeImportedSpans(undefined, file);
    expect(once).toEqual(file);
    expect(mergeImportedSpans(once, file)).toEqual(file);
  });

  it("replaces the spans of the keys the file brings in place, appends new keys, keeps the others", () => {
    const stored = [span("IMP", 0, "m1"), span("RAM", 4), span("RAM", 9)];
    const pass = [span("RAM", 6), span("STL", 2)];
    expect(mergeImportedSpans(stored, pass)).toEqual([span("IMP", 0, "m1"), span("RAM", 6), span("RAM", 9), span("STL", 2)]);
  });

  it("starts from an empty list when a review mark or nothing is stored", () => {
    expect(mergeImportedSpans({ reviewed: true }, [])).toEqual([]);
    expect(mergeImportedSpans(null, [span("MIS", 1)])).toEqual([span("MIS", 1)]);
  });
});
