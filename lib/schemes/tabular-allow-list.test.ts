import { describe, expect, it } from "vitest";
import { tabularAnnotationAllowList } from "./tabular-allow-list";
import { parseAnnotations } from "@/lib/import/parse-annotations";

describe("tabularAnnotationAllowList", () => {
  it("allows the MMTE label fields with their scales and refuses unknown fields and labels by line", () => {
    const allow = tabularAnnotationAllowList();
    expect(allow.allowedFields).toEqual(expect.arrayContaining(["FLUENCY", "EQUIVALENCE", "EMOTION", "AUTHENTICITY"]));
    expect(allow.allowedValues.FLUENCY).toEqual([1, 2, 3, 4, 5]);
    expect(allow.allowedValues.EMOTION).toEqual(["ZERO", "LESS", "SAME", "MORE"]);
    // both alternatives of EQUIVALENCE (the loader picks by the MRW's metaphoricity)
    expect(allow.allowedValues.EQUIVALENCE).toEqual(["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR", "LITERAL", "METAPHORICAL"]);
    // the same fields as the field registry's label fields did (read from the presets now)
    expect(allow.allowedFields).toEqual(["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "EQUIVALENCE", "EMOTION", "AUTHENTICITY"]);
    const tsv = "item\tannotator\tfield\tvalue\ns1\tA\tFLUENCY\t4\ns1\tA\tFLUENCI\t4\ns1\tA\tEMOTION\tHAPPY\n";
    const res = parseAnnotations("labels.tsv", tsv, allow);
    expect(res.errors.map((e) => e.line)).toEqual([3, 4]);
  });
});
