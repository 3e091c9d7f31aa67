import { describe, expect, it } from "vitest";
import { metahopeWorkbookForScheme } from "./metahope-workbook-for-scheme";
import { emptyImportResult, type ImportResult } from "./types";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";

function workbook(): ImportResult {
  const r = emptyImportResult();
  r.postEdits.push({ annotator: "A", segmentId: "s1", text: "译文", kind: "figurative", language: "zh" });
  r.annotations.push({ annotator: "A", segmentId: "s1", mrwId: "m1", field: "METAHOPE_COMMENT", value: "note", line: 3 });
  r.annotations.push({ annotator: "A", segmentId: "s1", mrwId: "m2", field: "METAHOPE_COMMENT", value: "note 2", line: 4 });
  return r;
}

describe("a MetaHOPE workbook fitted to a project's own scheme", () => {
  it("files the Human Gold Standard as MetaHOPE's post-edit and leaves out note columns the scheme has no field for, saying so", () => {
    const r = metahopeWorkbookForScheme("a.xlsx", workbook(), METAHOPE_PRESET);
    expect(r.postEdits.map((p) => p.kind)).toEqual(["reference"]);
    expect(r.annotations).toEqual([]);
    expect(r.warnings).toEqual([{ file: "a.xlsx", field: "METAHOPE_COMMENT", message: '2 METAHOPE_COMMENT values of the workbook not stored: the scheme "metahope" has no METAHOPE_COMMENT field' }]);
  });

  it("keeps a figurative post-edit for a scheme whose only post-edits are MMTE's", () => {
    expect(metahopeWorkbookForScheme("a.xlsx", workbook(), MMTE_PRESET).postEdits.map((p) => p.kind)).toEqual(["figurative"]);
  });

  it("leaves the gold column out, saying how to keep it, for a scheme without a post-edit field (the spans still import)", () => {
    const noEdit = { ...METAHOPE_PRESET, fields: METAHOPE_PRESET.fields.filter((f) => f.kind !== "edit") };
    const r = metahopeWorkbookForScheme("a.xlsx", workbook(), noEdit);
    expect(r.postEdits).toEqual([]);
    expect(r.warnings.map((w) => w.field)).toEqual(["METAHOPE_COMMENT", "Human Gold Standard"]);
    expect(r.warnings[1].message).toContain("1 post-edit of the workbook's \"Human Gold Standard\" column not stored");
  });
});
