import { describe, expect, it } from "vitest";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { MMTE_PRESET } from "@/lib/schemes/presets/mmte";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TReportData } from "../../report-input";
import { schemePaperDataOf } from "./paper-data";

const DEF = ZSchemeDefinition.parse({ ...structuredClone(METAHOPE_PRESET), fields: [...structuredClone(METAHOPE_PRESET.fields), ...structuredClone(MMTE_PRESET.fields)] });

function data(over: Partial<TReportData> = {}): TReportData {
  return {
    project: { id: "p", sourceLang: "en", targetLang: "zh", targetLangs: ["zh"] },
    annotators: [{ id: "a", email: "a@x" }],
    systems: [{ id: "sys", name: "S" }],
    segments: [{ id: "s1", externalId: "e1", split: null, metaphorical: true }],
    mrws: [
      { id: "m1", segmentId: "s1", token: "x", metaphorical: true, active: true },
      { id: "m2", segmentId: "s1", token: "y", metaphorical: true, active: false },
    ],
    translations: [{ id: "t1", segmentId: "s1", systemId: "sys", language: "zh", text: "abc" }],
    annotations: [],
    errorSpans: [],
    adjudications: [],
    goldReferences: [],
    metahopeCoverage: { doneAssignments: [{ annotatorId: "a", segmentId: "s1" }], annotatorsWithAssignments: ["a"], annotatorsWithImportedSpans: [], annotatorsWithDeletedSpans: [] },
    ...over,
  };
}
const external = (segmentId: string, ref: string) => (segmentId === "s1" && (ref === "m1" || ref === "ext-m1") ? "m1" : null);
const span = (label: string, severity: number, mrwId?: string) => ({ start: 0, end: 1, label, attributes: { severity }, ...(mrwId ? { mrwId } : {}) });

describe("report rows from the scheme runtime's values", () => {
  it("error spans from METAHOPE_ERRORS lists: penalty = the severity's weight, MRW by id or external id, extra categories among them", () => {
    const value = [span("MIS", 6, "ext-m1"), span("PRF", 2), span("CUL", 4), span("IMP", 8, "nowhere")];
    const out = schemePaperDataOf(data({ annotations: [{ annotatorId: "a", segmentId: "s1", translationId: "t1", mrwId: null, field: "METAHOPE_ERRORS", value }] }), DEF, external);
    expect(out.data.errorSpans).toEqual([
      { annotatorId: "a", translationId: "t1", mrwId: "m1", category: "MIS", penalty: 6 },
      { annotatorId: "a", translationId: "t1", mrwId: null, category: "PRF", penalty: 2 },
      { annotatorId: "a", translationId: "t1", mrwId: null, category: "CUL", penalty: 4 },
    ]);
    expect(out.unknownMrws).toBe(1);
    // who reviewed: the values, not the assignments ("nothing marked" is a value, "not done" is not)
    expect(out.data.metahopeCoverage.doneAssignments).toEqual([]);
  });

  it("a decided list becomes every cell's penalty (0 where it marks nothing); decided edits become gold references", () => {
    const adjudications = [
      { segmentId: "s1", translationId: "t1", mrwId: null, field: "METAHOPE_ERRORS", value: [span("MIS", 6, "m1"), span("MIS", 2, "m1")], automatic: false },
      { segmentId: "s1", translationId: null, mrwId: null, field: "POSTEDIT_FIGURATIVE", value: "a figurative edit", automatic: false },
      { segmentId: "s1", translationId: "t1", mrwId: "m1", field: "EQUIVALENCE", value: "FULL", automatic: false },
    ];
    const out = schemePaperDataOf(data({ adjudications }), DEF, external);
    const cells = out.data.adjudications.filter((a) => a.field.startsWith("METAHOPE_"));
    expect(cells).toHaveLength(2 * 5); // sentence level + the one active MRW, five categories
    expect(cells.find((a) => a.field === "METAHOPE_MIS" && a.mrwId === "m1")?.value).toBe(8);
    expect(cells.filter((a) => a.value !== 0)).toHaveLength(1);
    expect(out.data.adjudications.find((a) => a.field === "EQUIVALENCE")?.value).toBe("FULL");
    expect(out.data.goldReferences).toEqual([{ segmentId: "s1", language: "zh", kind: "FIGURATIVE", text: "a figurative edit" }]);
  });
});
