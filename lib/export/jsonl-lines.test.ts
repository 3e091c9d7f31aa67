import { describe, expect, it } from "vitest";
import { jsonlLines } from "@/lib/export/jsonl-lines";

describe("jsonlLines", () => {
  it("writes one validated record per line, segments before their MRWs, without provenance lines", () => {
    const lines = [
      ...jsonlLines({
        documents: [{ externalId: "d", language: "zh", segments: [{ externalId: "d:1", index: 0, text: "心像海", language: "zh", metaphorical: false, line: 7, mrws: [{ externalId: "d:1:c1", spans: [{ start: 1, end: 2 }], token: "像", pos: "OTHER", type: "MFlag", active: false, metaphorical: false }] }] }],
      }),
    ];
    expect(lines.map((l) => JSON.parse(l).type)).toEqual(["document", "segment", "mrw"]);
    expect(lines.every((l) => l.endsWith("\n") && !l.slice(0, -1).includes("\n"))).toBe(true);
    expect(JSON.parse(lines[1])).not.toHaveProperty("line");
    expect(JSON.parse(lines[2])).toMatchObject({ type: "mrw", segmentId: "d:1", mrwType: "MFlag" });
  });

  it("refuses to write an invalid record", () => {
    expect(() => [...jsonlLines({ translations: [{ segmentId: "", system: "A", language: "zh", text: "x" }] })]).toThrow();
  });
});
