import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect-format";
import { parseMetricScores } from "./parse-metric-scores";

describe("parseMetricScores", () => {
  it("reads a TSV with an optional language column, numbers as numbers", () => {
    const r = parseMetricScores("comet.tsv", "segmentId\tsystem\tlanguage\tmetric\tvalue\ns1\tmt-alpha\tzh\tCOMET\t0.8125\ns1\tmt-beta\t\tCOMET\t-1.5e-2\n");
    expect(r.errors).toEqual([]);
    expect(r.metricScores).toEqual([
      { segmentId: "s1", system: "mt-alpha", language: "zh", metric: "COMET", value: 0.8125, line: 2 },
      { segmentId: "s1", system: "mt-beta", metric: "COMET", value: -0.015, line: 3 },
    ]);
  });

  it("reads JSON lines", () => {
    const r = parseMetricScores("scores.jsonl", '{"segmentId":"s1","system":"mt-alpha","metric":"BERTScore","value":0.91}\n\n{"segmentId":"s2","system":"mt-alpha","language":"it","metric":"chrF","value":"55.2"}\n');
    expect(r.errors).toEqual([]);
    expect(r.metricScores).toEqual([
      { segmentId: "s1", system: "mt-alpha", metric: "BERTScore", value: 0.91, line: 1 },
      { segmentId: "s2", system: "mt-alpha", language: "it", metric: "chrF", value: 55.2, line: 3 },
    ]);
  });

  it("names file, line and field of every bad row, and stores nothing of the file", () => {
    const r = parseMetricScores("bad.csv", "segment_id,system,metric,score\ns1,mt-alpha,COMET,high\ns2,,COMET,0.5\ns3,mt-alpha,,0.5\ns4,mt-alpha,COMET,0.1\ns4,mt-alpha,COMET,0.2\n");
    expect(r.metricScores ?? []).toEqual([]);
    expect(r.errors.map((e) => [e.file, e.line, e.field, e.message])).toEqual([
      ["bad.csv", 2, "score", 'value "high" is not a number'],
      ["bad.csv", 3, "system", "empty system"],
      ["bad.csv", 4, "metric", "empty metric name"],
      ["bad.csv", 6, "metric", "duplicate score (segment s4, system mt-alpha, metric COMET); first on line 5"],
    ]);
  });

  it("refuses a header without the needed columns, and unknown JSON keys", () => {
    expect(parseMetricScores("x.tsv", "segmentId\tmetric\tvalue\ns1\tCOMET\t1\n").errors[0].message).toMatch(/lacks system/);
    const j = parseMetricScores("x.jsonl", '{"segmentId":"s1","system":"a","metric":"m","value":1,"annotator":"x"}\n');
    expect(j.errors[0]).toMatchObject({ line: 1, field: "annotator" });
  });

  it("is detected from the header or the first JSON line", () => {
    expect(detectFormat("m.tsv", "segmentId\tsystem\tmetric\tvalue\n")).toBe("metrics");
    expect(detectFormat("m.csv", "segment_id,system,language,metric,score\n")).toBe("metrics");
    expect(detectFormat("m.jsonl", '{"segmentId":"s1","system":"a","metric":"COMET","value":0.5}\n')).toBe("metrics");
    // a Tropos JSONL annotation line is not a metric score
    expect(detectFormat("p.jsonl", '{"type":"annotation","segmentId":"s1","field":"OVERALL","value":4,"annotator":"a"}\n')).toBe("jsonl");
  });
});
