import { describe, expect, it } from "vitest";
import { jsonlLines } from "@/lib/export/jsonl-lines";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { parsePsucmc } from "@/lib/import/parse-psucmc";
import { HAS_REAL_DATA, SKIP_MESSAGE, real } from "@/lib/import/test-support/real-data";
import type { ImportResult } from "@/lib/import/types";

/** IR without the provenance `line` fields, which JSONL does not carry. */
function withoutLines(r: ImportResult) {
  return JSON.parse(JSON.stringify(r, (k, v) => (k === "line" ? undefined : v)));
}

const sample: ImportResult = {
  documents: [
    {
      externalId: "d1",
      title: "News 1",
      language: "en",
      genre: "news",
      split: "pilot",
      segments: [
        {
          externalId: "d1:1",
          index: 0,
          text: "It throws a spanner in the works",
          language: "en",
          metaphorical: true,
          mrws: [
            { externalId: "d1:1:t4", spans: [{ start: 12, end: 19 }], token: "spanner", lemma: "spanner", rawPos: "NN1", pos: "NOUN", type: "indirect", subtype: "conv", deliberate: true, gloss: "tool", active: true, metaphorical: true },
            { externalId: "d1:1:t5", spans: [{ start: 20, end: 22 }], token: "in", pos: "OTHER", active: false, metaphorical: true },
          ],
        },
        { externalId: "d1:2", index: 1, text: "第二句，“引号”。", language: "en", metaphorical: false, mrws: [] },
      ],
    },
  ],
  translations: [{ segmentId: "d1:1", system: "Google", language: "zh", text: "它在工作中扔了一把扳手" }],
  alignments: [{ segmentId: "d1:1", mrwId: "d1:1:t4", system: "Google", spans: [{ start: 8, end: 10 }], pattern: "DIRECT" }],
  annotations: [{ annotator: "a@x.org", segmentId: "d1:1", system: "Google", mrwId: "d1:1:t4", field: "EQUIVALENCE", value: "PART" }, { annotator: "a@x.org", segmentId: "d1:1", system: "Google", field: "FLUENCY", value: 4 }],
  errorSpans: [{ annotator: "a@x.org", segmentId: "d1:1", system: "Google", mrwId: "d1:1:t4", category: "IMP", severity: 4, span: { start: 8, end: 10 }, comment: "=too literal" }],
  postEdits: [{ annotator: "a@x.org", segmentId: "d1:1", system: "Google", text: "它给工作添乱", kind: "figurative", language: "zh" }],
  errors: [],
  warnings: [],
};

describe("parseJsonl", () => {
  it("round-trips everything jsonl-lines writes", () => {
    const text = [...jsonlLines(sample)].join("");
    const r = parseJsonl("dump.jsonl", text);
    expect(r.errors).toEqual([]);
    expect(withoutLines(r)).toEqual(withoutLines(sample));
  });

  it("errors name the line and the zod path; all errors are collected", () => {
    const lines = [
      '{"type":"document","externalId":"d","language":"en"}',
      '{"type":"segment","documentId":"d","externalId":"s","index":0,"text":"abc","language":"en","metaphorical":false}',
      '{"type":"mrw","segmentId":"s","externalId":"m","spans":[{"start":1,"end":"2"}],"token":"b","pos":"NOUN","active":true,"metaphorical":true}',
      '{"type":"mrw","segmentId":"s","externalId":"m2","spans":[{"start":1,"end":9}],"token":"b","pos":"NOUN","active":true,"metaphorical":true}',
      '{"type":"segment","documentId":"d","externalId":"s","index":1,"text":"x","language":"en","metaphorical":false}',
      '{"type":"bogus"}',
      '{"type":"translation","segmentId":"s","system":"A","language":"zh","text":"x","extra":1}',
      '{"type":"document","externalId":"d2","language":"en"',
      '{"type":"errorSpan","annotator":"a","segmentId":"s","system":"A","category":"XXX","severity":3,"span":{"start":0,"end":0}}',
    ];
    const r = parseJsonl("bad.jsonl", lines.join("\n"));
    expect(r.documents).toEqual([]);
    const byLine = r.errors.map((e) => [e.line, e.field]);
    expect(byLine).toEqual([
      [3, "spans.0.end"],
      [4, "spans.0"],
      [5, "externalId"],
      [6, "type"],
      [7, ""],
      [8, undefined],
      // a category is the project's to check (a variant may add one): the loader names it, not the parser
      [9, "severity"],
    ].map(([l, f]) => [l, f === "" ? expect.any(String) : f]));
    expect(r.errors.find((e) => e.line === 4)!.message).toMatch(/outside the segment text/);
  });
});

describe.skipIf(!HAS_REAL_DATA)(`JSONL round trip of a real corpus (${SKIP_MESSAGE})`, () => {
  it("PSUCMC pilot → JSONL → IR is lossless (Chinese byte-exact)", () => {
    const r = parsePsucmc("PSUCMC_news_pilot20.csv", real("metahope/PSUCMC_news_pilot20.csv"));
    const back = parseJsonl("dump.jsonl", [...jsonlLines(r)].join(""));
    expect(back.errors).toEqual([]);
    expect(withoutLines(back).documents).toEqual(withoutLines(r).documents);
  });
});
