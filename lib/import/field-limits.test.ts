import { describe, expect, it } from "vitest";
import { MAX_STRING_CHARS, MAX_TEXT_CHARS, MAX_VALUE_JSON_CHARS, oversizeIssues, withFieldLimits } from "./field-limits";
import { emptyImportResult, type ImportResult } from "./types";

const segment = (o: object = {}) => ({ externalId: "s1", index: 0, text: "ok", language: "en", metaphorical: false, mrws: [], line: 2, ...o });

function withSegment(o: object): ImportResult {
  return { ...emptyImportResult(), documents: [{ externalId: "d1", language: "en", segments: [segment(o)] }] } as ImportResult;
}

describe("oversizeIssues", () => {
  it("names the line and the field path of each oversized value, texts at MAX_TEXT_CHARS and other strings at MAX_STRING_CHARS", () => {
    expect(oversizeIssues("f.jsonl", withSegment({ text: "t".repeat(MAX_TEXT_CHARS) }))).toEqual([]);
    const r = withSegment({
      text: "t".repeat(MAX_TEXT_CHARS + 1),
      texts: { premise: "p".repeat(MAX_TEXT_CHARS + 1), ok: "p".repeat(MAX_STRING_CHARS + 1) },
      mrws: [{ externalId: "m1", token: "k".repeat(MAX_STRING_CHARS + 1), spans: [], pos: "VERB", active: true, metaphorical: true }],
    });
    r.annotations.push({ annotator: "a", segmentId: "s1", field: "F", value: { spans: "v".repeat(MAX_VALUE_JSON_CHARS) }, line: 9 });
    expect(oversizeIssues("f.jsonl", r).map((i) => [i.file, i.line, i.field])).toEqual([
      ["f.jsonl", 2, "text"],
      ["f.jsonl", 2, "mrws.0.token"],
      ["f.jsonl", 2, "texts.premise"],
      ["f.jsonl", 9, "value"],
    ]);
  });

  it("withFieldLimits drops a refused file's data, keeping its errors", () => {
    const refused = withFieldLimits("f.jsonl", withSegment({ externalId: "x".repeat(MAX_STRING_CHARS + 1) }));
    expect(refused.documents).toEqual([]);
    expect(refused.errors.map((i) => i.field)).toEqual(["externalId"]);
    const fine = withSegment({});
    expect(withFieldLimits("f.jsonl", fine)).toBe(fine);
  });
});
