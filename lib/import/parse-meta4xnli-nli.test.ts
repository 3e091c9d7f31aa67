import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMeta4xnliNli, relevanceOfFileName } from "./parse-meta4xnli-nli";
import { detectFormat } from "./detect-format";

const DIR = "data/meta4xnli/interpretation/splits";
const HEADER = "language\tgold_label\tsentence1\tsentence2\tpromptID\tpairID\tgenre\tsource_dataset";

describe("Meta4XNLI interpretation TSV", () => {
  it("test_met.tsv: 500 rows in 250 EN/ES pairs, premise and hypothesis by role, gold label and relevance as item lists", () => {
    const r = parseMeta4xnliNli("test_met.tsv", readFileSync(`${DIR}/test_met.tsv`));
    expect(r.errors).toEqual([]);
    expect(r.documents).toHaveLength(250);
    expect(r.documents.flatMap((d) => d.segments)).toHaveLength(500);
    expect(r.documents.every((d) => d.segments.map((s) => s.language).join() === "es,en")).toBe(true);
    const s = r.documents[0].segments[0];
    expect(s.texts).toEqual({ premise: s.text, hypothesis: expect.any(String) });
    expect(s.lists).toMatchObject({ gold_label: expect.stringMatching(/^(entailment|neutral|contradiction)$/), relevance: "relevant" });
    expect(s.externalId).toBe(`m4x:${s.lists!.pairID}:es`);
  });

  it("the subset comes from the file's name", () => {
    expect([relevanceOfFileName("dev_met.tsv"), relevanceOfFileName("dev_no_met.tsv"), relevanceOfFileName("test_nonrelevant.tsv"), relevanceOfFileName("pairs.tsv")]).toEqual(["relevant", "none", "non-relevant", null]);
  });

  it("is detected from its header", () => {
    expect(detectFormat("dev_met.tsv", `${HEADER}\n`)).toBe("meta4xnli-nli");
  });

  it("names line and field of a bad label, a repeated pair language and a short row; stores nothing", () => {
    const file = [
      HEADER,
      "es\tentailment\tP1\tH1\t1_x\t1_x\tfiction\txnli.dev",
      "en\tmaybe\tP1\tH1\t1_x\t1_x\tfiction\txnli.dev",
      "es\tneutral\tP2\tH2\t1_x\t1_x\tfiction\txnli.dev",
      "en\tneutral\tP3",
    ].join("\n");
    const r = parseMeta4xnliNli("dev_met.tsv", file);
    expect(r.documents).toEqual([]);
    expect(r.errors.map((e) => [e.line, e.field ?? null, e.message])).toEqual([
      [3, "gold_label", 'gold_label "maybe" is not entailment, neutral or contradiction'],
      [4, "pairID", "pair 1_x already has a es row (line 2)"],
      [5, null, "expected 8 fields, found 3 (truncated line?)"],
    ]);
  });
});
