// The Marot export against the fields Marot's loader reads (issue 30.1): Marot stopped on
// "sentence_splits is not iterable" and showed its empty start page, because rows with
// segment.source_tokens/target_tokens lacked the sentence splits it counts characters from.
// The list of fields is tests/fixtures/mqm/marot-loader-fields.json (marot.js at commit 52222c0b…).
import { describe, expect, it } from "vitest";
import { MAROT_COLUMNS, marotRows, type TMqmRated } from "@/lib/export/mqm-rows";
import { marotLoaderProblems } from "@/lib/export/test-support/marot-loader-check";

const base = { doc: "news.1", index: 1, segmentId: "102", source: "他明天去北京，然后回家。", system: "sysB", target: "He went to Beijing yesterday." };
const GROUP: readonly TMqmRated[] = Object.freeze([
  { ...base, rater: "raterX", timestamp: 1_764_000_000_000, spans: [
    { start: 7, end: 11, label: "Accuracy/Omission", attributes: { severity: "Major" }, on: "source" as const },
    { start: 19, end: 28, label: "Accuracy/Mistranslation", attributes: { severity: "Major" }, on: "target" as const, comment: "wrong day" },
    { start: 0, end: 0, label: "Accuracy/Omission", attributes: { severity: "Minor" }, on: "target" as const },
  ] },
  { ...base, rater: "raterY", spans: [] },
  { ...base, rater: "raterZ", spans: [{ start: 3, end: 29, label: "Fluency/Grammar", attributes: { severity: "Minor" }, on: "target" as const }] },
]);

const col = (name: (typeof MAROT_COLUMNS)[number]) => MAROT_COLUMNS.indexOf(name);

describe("marotRows", () => {
  it("writes only metadata Marot's loader reads, with sentence splits beside the tokens and each marked_text the row's <v> span", () => {
    const rows = marotRows(GROUP);
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      const metadata = JSON.parse(r[col("metadata")]) as Record<string, unknown>;
      expect(marotLoaderProblems(metadata, r[col("source")], r[col("target")]), r.join("\t")).toEqual([]);
    }
    const segment = (JSON.parse(rows[0][col("metadata")]) as { segment: Record<string, unknown> }).segment;
    expect(segment.source_sentence_splits).toEqual([{ num_tokens: (segment.source_tokens as string[]).length }]);
    expect(segment.target_sentence_splits).toEqual([{ num_tokens: (segment.target_tokens as string[]).length }]);
  });

  it("gives a timestamp only to a value that has one (an imported rating gets none)", () => {
    const rows = marotRows(GROUP);
    const stamps = rows.map((r) => (JSON.parse(r[col("metadata")]) as { timestamp?: number }).timestamp);
    expect(stamps).toEqual([1_764_000_000_000, 1_764_000_000_000, 1_764_000_000_000, undefined, undefined]);
  });
});
