import { describe, expect, it } from "vitest";
import { parseAnnotations } from "@/lib/import/parse-annotations";

const FIELDS = ["FLUENCY", "EQUIVALENCE", "EMOTION", "METAHOPE_IMP"];

describe("parseAnnotations", () => {
  it("reads items with optional system and mrw; numbers become numbers", () => {
    const tsv = "item\tsystem\tmrw\tannotator\tfield\tvalue\nvuamc:d:1\tGoogle\t\tA\tFLUENCY\t4.0\nvuamc:d:1\tGoogle\tvuamc:d:1:t3\tA\tEQUIVALENCE\tPART\nvuamc:d:1\tGoogle\tvuamc:d:1:t3\tB\tMETAHOPE_IMP\t-\n";
    const r = parseAnnotations("a.tsv", tsv, { allowedFields: FIELDS });
    expect(r.errors).toEqual([]);
    expect(r.annotations).toEqual([
      { annotator: "A", segmentId: "vuamc:d:1", system: "Google", field: "FLUENCY", value: 4, line: 2 },
      { annotator: "A", segmentId: "vuamc:d:1", system: "Google", mrwId: "vuamc:d:1:t3", field: "EQUIVALENCE", value: "PART", line: 3 },
      { annotator: "B", segmentId: "vuamc:d:1", system: "Google", mrwId: "vuamc:d:1:t3", field: "METAHOPE_IMP", value: "-", line: 4 },
    ]);
  });

  it("errors: unknown field, unknown value, duplicate, wrong column count, missing header column", () => {
    const csv = "item,annotator,field,value\ns1,A,FLUENCY,4\ns1,A,FLUENCY,5\ns1,A,BEAUTY,3\ns1,A,EQUIVALENCE,HALF\ns1,A\n";
    const r = parseAnnotations("a.csv", csv, { allowedFields: FIELDS, allowedValues: { EQUIVALENCE: ["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR"] } });
    expect(r.annotations).toEqual([]);
    expect(r.errors.map((e) => [e.line, e.field])).toEqual([
      [3, "field"],
      [4, "field"],
      [5, "value"],
      [6, undefined],
    ]);
    expect(r.errors[1].message).toMatch(/unknown field "BEAUTY"/);
    expect(parseAnnotations("a.csv", "item,field,value\n").errors[0].message).toMatch(/lacks annotator/);
  });
});
