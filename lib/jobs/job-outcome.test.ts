import { describe, expect, it } from "vitest";
import { describeOutcome, retryableFailures } from "@/lib/jobs/job-outcome";

const counts = (c: Record<string, number>) => ({ documents: 0, segments: 0, mrws: 0, translations: 0, alignments: 0, annotations: 0, errorSpans: 0, postEdits: 0, metricScores: 0, pairs: 0, ...c });

describe("describeOutcome (issue 29 point 4: a finished job kept its outcome)", () => {
  it("says nothing while a job runs", () => {
    expect(describeOutcome({ kind: "import", status: "running", result: null, error: null })).toBeNull();
  });
  it("sums an import's stored files and names its warnings", () => {
    const result = {
      outcomes: [
        { file: "a.jsonl", stored: true, counts: counts({ documents: 1, segments: 3, translations: 2, mrws: 1 }), errors: [], warnings: [{ line: 4 }] },
        { file: "b.tsv", stored: true, counts: counts({ translations: 3 }), errors: [], warnings: [] },
      ],
    };
    expect(describeOutcome({ kind: "import", status: "done", result, error: null })).toBe("2 files of 2 stored: 1 document, 3 segments, 1 MRW, 5 translations (1 warning)");
  });
  it("gives a cancelled import's reason before what was stored", () => {
    const result = { outcomes: [{ file: "a.jsonl", stored: true, counts: counts({ segments: 1 }), warnings: [] }, { file: "b.jsonl", stored: false, counts: counts({}) }] };
    expect(describeOutcome({ kind: "import", status: "cancelled", result, error: { message: "Cancelled while storing b.jsonl, which was rolled back; stored before it: a.jsonl." } })).toBe(
      "Cancelled while storing b.jsonl, which was rolled back; stored before it: a.jsonl. — 1 file of 2 stored: 1 segment",
    );
  });
  it("keeps a suggestion run's ok, failed and tokens", () => {
    const result = { endpoint: "local", model: "m", field: "EQUIVALENCE", ok: 70, failed: 5, skipped: 0, tokensIn: 1200, tokensOut: 300, cost: null };
    expect(describeOutcome({ kind: "suggest", status: "done", result, error: null })).toBe("EQUIVALENCE: 70 ok · 5 failed · 1,500 tokens");
    expect(retryableFailures({ kind: "suggest", status: "done", result })).toEqual({ model: "local", field: "EQUIVALENCE", failed: 5 });
    expect(retryableFailures({ kind: "suggest", status: "done", result: { ...result, failed: 0 } })).toBeNull();
  });
  it("names an export's file", () => {
    expect(describeOutcome({ kind: "export", status: "done", result: { fileName: "demo-annotations.tsv", bytes: 3 * 1024 * 1024, lines: 1200, chunks: 3 }, error: null })).toBe("demo-annotations.tsv: 1,200 lines, 3.0 MB");
  });
});
