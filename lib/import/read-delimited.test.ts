import { describe, expect, it } from "vitest";
import { IssueSink } from "@/lib/import/issues";
import { readDelimited } from "@/lib/import/read-delimited";

describe("readDelimited", () => {
  it("reads CRLF and LF records and keeps line numbers across quoted line breaks", () => {
    const sink = new IssueSink("f.csv");
    const rows = readDelimited('a,b\r\n"x\r\ny",2\n"q ""z""",3', { delimiter: ",", quoting: "rfc4180" }, sink);
    expect(rows).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x\r\ny", "2"] },
      { line: 4, fields: ['q "z"', "3"] },
    ]);
    expect(sink.errors).toEqual([]);
  });

  it("reports an unterminated quote at the line where it opened", () => {
    const sink = new IssueSink("f.csv");
    readDelimited('a,b\n1,"never closed\n2,3\n', { delimiter: ",", quoting: "rfc4180" }, sink);
    expect(sink.errors[0]).toMatchObject({ line: 2, column: 3 });
    expect(sink.errors[0].message).toMatch(/unterminated/);
  });

  it("lenient mode keeps a quote that does not close a field (MelBERT TSV)", () => {
    const rows = readDelimited('443\t0\t" Now push hard", said the doctor.\tVERB\t2\n1\t"a\tb"\t0\n', { delimiter: "\t", quoting: "lenient" });
    expect(rows[0].fields).toEqual(["443", "0", '" Now push hard", said the doctor.', "VERB", "2"]);
    expect(rows[1].fields).toEqual(["1", "a\tb", "0"]);
  });

  it("quoting none treats quotes as text and keeps blank lines when asked", () => {
    const rows = readDelimited('"\tO\n\nx\tO\n', { delimiter: "\t", quoting: "none", keepBlankLines: true });
    expect(rows.map((r) => r.fields)).toEqual([['"', "O"], [""], ["x", "O"]]);
  });
});
