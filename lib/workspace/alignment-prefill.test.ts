// The scheme workspace's alignment fields start from the project's imported alignments, as the
// built-in workspace's do (issue 28 point 2): MetaHOPE's pattern with its words, MMTE's target
// words; a pattern the scheme does not name, or words where the pattern has none, are not offered.
import { describe, expect, it } from "vitest";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { schemeSlots } from "@/lib/schemes/language/scheme-completeness";
import { alignmentPrefills } from "./alignment-prefill";

const item = { metaphorical: true, translations: [{ id: "t1" }, { id: "t2" }], mrws: [{ id: "m1", metaphorical: true }], roles: [] };

describe("alignment pre-fill from imported alignments", () => {
  it("MetaHOPE: the imported pattern and words where they are a value of the field", () => {
    const slots = schemeSlots(METAHOPE_PRESET, item);
    const out = alignmentPrefills(slots, {
      "t1:m1": { pattern: "DIRECT", spans: [{ start: 2, end: 4 }] },
      "t2:m1": { pattern: "OMISSION", spans: [{ start: 0, end: 1 }] }, // an omission has no words: refused
    });
    expect(out).toEqual({ "ALIGNMENT@t1:m1": { pattern: "DIRECT", spans: [{ start: 2, end: 4 }] } });
    expect(alignmentPrefills(slots, { "t1:m1": { pattern: "NOT_A_PATTERN", spans: [] } })).toEqual({});
  });
  it("MMTE's target words (no patterns): the words only", () => {
    const out = alignmentPrefills(schemeSlots(MMTE_PRESET, item), { "t2:m1": { pattern: "DIRECT", spans: [{ start: 0, end: 2 }] } });
    expect(out).toEqual({ "TARGET_WORDS@t2:m1": { spans: [{ start: 0, end: 2 }] } });
  });
});
