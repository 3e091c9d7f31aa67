import { describe, expect, it } from "vitest";
import { bioTags } from "./conll-as-annotator";

describe("bioTags", () => {
  it("turns MRW spans over single-space-joined tokens into B-/I-/O tags", () => {
    const text = "He kicked the bucket last winter .";
    // "kicked the bucket" (3 tokens) and "winter"
    expect(bioTags(text, [{ start: 3, end: 20 }, { start: 26, end: 32 }], "METAPHOR")).toEqual(["O", "B-METAPHOR", "I-METAPHOR", "I-METAPHOR", "O", "B-METAPHOR", "O"]);
  });
});
