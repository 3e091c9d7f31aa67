import { describe, expect, it } from "vitest";
import { mqmRowsFromImport, mqmTsvLines } from "@/lib/export/mqm-tsv";
import { readDelimited } from "@/lib/import/read-delimited";
import { emptyImportResult } from "@/lib/import/types";

describe("mqmTsvLines", () => {
  const data = {
    ...emptyImportResult(),
    documents: [{ externalId: "vuamc:d", language: "en", segments: [{ externalId: "vuamc:d:1", index: 0, text: "throws a spanner", language: "en", metaphorical: true, mrws: [] }] }],
    translations: [{ segmentId: "vuamc:d:1", system: "Google", language: "zh", text: "扔了一把扳手" }],
    errorSpans: [
      { annotator: "A", segmentId: "vuamc:d:1", system: "Google", mrwId: "vuamc:d:1:t3", category: "IMP" as const, severity: 4 as const, span: { start: 4, end: 6 }, comment: "=literal\tcopy" },
      { annotator: "A", segmentId: "vuamc:d:1", system: "Google", category: "PRF" as const, severity: 2 as const, span: { start: 0, end: 0 } },
    ],
  };

  it("streams a header and one line per error, quoted and neutralised", () => {
    const lines = [...mqmTsvLines(mqmRowsFromImport(data))];
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe("system\tdoc\tsegment\trater\tsource\ttarget\tcategory\tseverity\tstart\tend\tcomment\tmrw\n");
    expect(lines[1]).toBe("Google\tvuamc:d\tvuamc:d:1\tA\tthrows a spanner\t扔了一把扳手\tIMP\tmedium\t4\t6\t\"'=literal\tcopy\"\tvuamc:d:1:t3\n");
    expect(lines[2]).toBe("Google\tvuamc:d\tvuamc:d:1\tA\tthrows a spanner\t扔了一把扳手\tPRF\tminor\t0\t0\t\t\n");
    // readable by the importers' reader
    const rows = readDelimited(lines.join(""), { delimiter: "\t", quoting: "lenient" });
    expect(rows[1].fields[10]).toBe("'=literal\tcopy");
    const [, first] = [...mqmTsvLines(mqmRowsFromImport(data), { header: false, severityAs: "penalty" })];
    expect(first.split("\t")[7]).toBe("2");
  });
});
