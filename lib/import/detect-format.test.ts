import { describe, expect, it } from "vitest";
import { detectFormat } from "@/lib/import/detect-format";
import { parseFile } from "@/lib/import/index";
import { HAS_REAL_DATA, SKIP_MESSAGE, allSegments, real } from "@/lib/import/test-support/real-data";

describe("detectFormat", () => {
  it.each([
    ["a.csv", "\uFEFFPOS,token,words_label,words_gloss,type,subtype,sentence\r\n", "psucmc"],
    ["a.csv", "wordcat,lemma,word,metaphor,mettext,DELMET,sen\n", "vuamc"],
    ["a.tsv", "term\tsense\tsentence\tclass\tconfidence\n", "moh"],
    ["a.tsv", 'It\tO\n"\tB-METAPHOR\n', "conll"],
    ["a.csv", "segment_id,system,translation\n", "mt"],
    ["a.tsv", "item\tannotator\tfield\tvalue\n", "annotations"],
    ["a.jsonl", '{"type":"document","externalId":"d","language":"en"}\n', "jsonl"],
    ["a.jsonl", '{"segment_id":"s","system":"A","translation":"x"}\n', "mt"],
    ["a.csv", "id,sentence,label\n1,She @ate@ it,literal\n", "moh"],
    ["a.csv", "foo,bar\n", null],
  ])("%s %j → %s", (name, content, expected) => {
    expect(detectFormat(name, content)).toBe(expected);
  });
});

describe.skipIf(!HAS_REAL_DATA)(`parseFile auto-detects the real samples (${SKIP_MESSAGE})`, () => {
  it.each([
    ["moh/Data-metaphoric-or-literal.txt", 1639, undefined],
    ["metahope/VUAMC_news_pilot20.csv", 165, undefined],
    ["metahope/PSUCMC_news_pilot20.csv", 53, undefined],
    ["psucmc/PSUCMC_sequence.csv", 1724, undefined],
    ["vuamc/vuamc_corpus_train.csv", 12109, "latin1"],
    ["meta4xnli/detection/splits/es/meta4xnli_dev.tsv", 2431, undefined],
  ] as const)("%s", (file, segments, encoding) => {
    const r = parseFile(file, real(file), { format: "auto", encoding });
    expect(r.errors).toEqual([]);
    expect(allSegments(r)).toHaveLength(segments);
  });
});

describe("parseFile", () => {
  it("refuses an unknown format with a clear message", () => {
    expect(parseFile("x.csv", "a,b\n1,2\n").errors[0].message).toMatch(/could not recognise/);
  });

  it("says an .xlsx renamed .tsv is a spreadsheet and which format reads spreadsheets (issue 29 point 7)", () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0xff, 0xfe]);
    const [error] = parseFile("sheet.tsv", zip, { format: "auto" }).errors;
    expect(error.message).toMatch(/spreadsheet/);
    expect(error.message).toMatch(/MetaHOPE annotation workbook/);
    expect(error.message).not.toMatch(/could not recognise/);
  });
});
