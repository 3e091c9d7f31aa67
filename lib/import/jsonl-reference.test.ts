import { describe, expect, it } from "vitest";
import { ZJsonlLine } from "@/lib/import/jsonl-schema";
import { JSONL_REFERENCE, jsonlReferenceExampleFile } from "@/lib/import/jsonl-reference";
import { parseJsonl } from "@/lib/import/parse-jsonl";

describe("the JSONL format reference (issue 29 point 7)", () => {
  it("has one entry per line type of the schema, and nothing else", () => {
    const schemaTypes = ZJsonlLine.options.map((o) => o.shape.type.value).sort();
    expect(JSONL_REFERENCE.map((e) => e.type).sort()).toEqual(schemaTypes);
  });

  it("shows examples the importer accepts as one file, with offsets that point at the words they name", () => {
    const result = parseJsonl("reference.jsonl", jsonlReferenceExampleFile());
    expect(result.errors).toEqual([]);
    const seg = result.documents[0].segments[0];
    const [span] = seg.mrws[0].spans;
    expect(seg.text.slice(span.start, span.end)).toBe(seg.mrws[0].token);
    const alignment = JSONL_REFERENCE.find((e) => e.type === "alignment")!.example;
    const translation = JSONL_REFERENCE.find((e) => e.type === "translation")!.example;
    if (alignment.type !== "alignment" || translation.type !== "translation") throw new Error("unreachable");
    expect(translation.text.slice(alignment.spans[0].start, alignment.spans[0].end)).toBe("失去了动力");
  });
});
