import { describe, expect, it } from "vitest";
import { csvCell, csvRow, neutraliseFormula } from "@/lib/export/csv-cell";

describe("formula-injection neutralising (OWASP CSV Injection)", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+SUM(A1:A2)", "'+SUM(A1:A2)"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
    ["\rx", "'\rx"],
    ["=HYPERLINK(\"http://evil\")", "'=HYPERLINK(\"http://evil\")"],
    ["-A1", "'-A1"],
  ])("%j → %j", (input, out) => {
    expect(neutraliseFormula(input)).toBe(out);
  });

  it("keeps real numbers numeric, including negatives", () => {
    expect(neutraliseFormula("-3")).toBe("-3");
    expect(neutraliseFormula("-0.25")).toBe("-0.25");
    expect(neutraliseFormula("+4")).toBe("+4");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(0.5)).toBe("0.5");
    expect(csvCell(NaN)).toBe("");
  });

  it("leaves ordinary text alone (Chinese, inner =)", () => {
    expect(neutraliseFormula("工党 = 政党")).toBe("工党 = 政党");
    expect(neutraliseFormula("a-b")).toBe("a-b");
  });
});

describe("quoting", () => {
  it("quotes delimiters, quotes and line breaks (RFC 4180), for CSV and TSV", () => {
    expect(csvRow(["a,b", 'say "hi"', "x\ny", "plain", null, true])).toBe('"a,b","say ""hi""","x\ny",plain,,true');
    expect(csvRow(["a,b", "t\tu", "=x\ty"], "\t")).toBe('a,b\t"t\tu"\t"\'=x\ty"');
    expect(csvCell("\r=x")).toBe('"\'\r=x"');
  });
});
