import { describe, expect, it } from "vitest";
import { METAHOPE_PRESET } from "@/lib/schemes/presets/metahope";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { METAHOPE_CATEGORY_ORDER, metahopeCategoriesOf } from "@/lib/scoring/metahope-scores";
import type { TAgreementFigure } from "../../agreement-figure";
import { computeAgreementFigures } from "./agreement-figures";
import type { TReportData } from "../../report-input";
import { computeScoreTables } from "./score-tables";
import { schemePaperDataOf } from "./paper-data";
import { computeSchemePaperTables } from "./paper-tables";

// MetaHOPE with one more error category, CUL (label order: the paper's five, then CUL)
const VARIANT = (() => {
  const s = structuredClone(METAHOPE_PRESET) as unknown as { fields: { id: string; labels: Record<string, unknown>[] }[] };
  s.fields.find((f) => f.id === "METAHOPE_ERRORS")!.labels.push({ value: "CUL", label: "Cultural reference lost", key: "c" });
  return ZSchemeDefinition.parse(s);
})();
const CATEGORIES = [...METAHOPE_CATEGORY_ORDER, "CUL"];

const span = (label: string, severity: number, mrwId?: string) => ({ start: 0, end: 1, label, attributes: { severity }, ...(mrwId ? { mrwId } : {}) });
const errors = (annotatorId: string, translationId: string, segmentId: string, value: unknown[]) => ({ annotatorId, segmentId, translationId, mrwId: null, field: "METAHOPE_ERRORS", value });

/**
 * Two systems, two sentences with one active MRW each (2 MRW instances per system), annotators a
 * and b reviewing every translation (a METAHOPE_ERRORS list each, the empty list: nothing marked):
 * - S, t1: a marks CUL 4 and IMP 2 on m1 and CUL 2 on the sentence; b marks CUL 6 on m1;
 * - S, t2: a marks nothing; b marks CUL 2 on m2;
 * - S2 (t3, t4): nobody marks anything.
 */
function base(): TReportData {
  return {
    project: { id: "p", sourceLang: "en", targetLang: "zh", targetLangs: ["zh"] },
    annotators: [
      { id: "a", email: "a@x" },
      { id: "b", email: "b@x" },
    ],
    systems: [
      { id: "sys", name: "S" },
      { id: "sys2", name: "S2" },
    ],
    segments: [
      { id: "s1", externalId: "e1", split: null, metaphorical: true },
      { id: "s2", externalId: "e2", split: null, metaphorical: true },
    ],
    mrws: [
      { id: "m1", segmentId: "s1", token: "x", metaphorical: true, active: true },
      { id: "m2", segmentId: "s2", token: "y", metaphorical: true, active: true },
    ],
    translations: [
      { id: "t1", segmentId: "s1", systemId: "sys", language: "zh", text: "abc" },
      { id: "t2", segmentId: "s2", systemId: "sys", language: "zh", text: "def" },
      { id: "t3", segmentId: "s1", systemId: "sys2", language: "zh", text: "ghi" },
      { id: "t4", segmentId: "s2", systemId: "sys2", language: "zh", text: "jkl" },
    ],
    annotations: [
      errors("a", "t1", "s1", [span("CUL", 4, "m1"), span("IMP", 2, "m1"), span("CUL", 2)]),
      errors("b", "t1", "s1", [span("CUL", 6, "m1")]),
      errors("a", "t2", "s2", []),
      errors("b", "t2", "s2", [span("CUL", 2, "m2")]),
      ...["a", "b"].flatMap((who) => [errors(who, "t3", "s1", []), errors(who, "t4", "s2", [])]),
    ],
    errorSpans: [],
    adjudications: [],
    goldReferences: [],
    metahopeCoverage: { doneAssignments: [], annotatorsWithAssignments: [], annotatorsWithImportedSpans: [], annotatorsWithDeletedSpans: [] },
  };
}
const mrwIdOf = (segmentId: string, ref: string) => ((segmentId === "s1" && ref === "m1") || (segmentId === "s2" && ref === "m2") ? ref : null);

const stat = (figures: TAgreementFigure[], field: string, statistic: string, extra: Partial<TAgreementFigure> = {}) =>
  figures.filter((f) => f.system === "S" && f.field === field && f.statistic === statistic && Object.entries(extra).every(([k, v]) => f[k as keyof TAgreementFigure] === v));

describe("MetaHOPE tables 3–6 of a variant: its categories computed in one run", () => {
  it("an extra category's totals and figures, by hand", () => {
    const paper = computeSchemePaperTables(schemePaperDataOf(base(), VARIANT, mrwIdOf), VARIANT);
    // cells, each the mean of a and b (both reviewed both translations):
    // CUL: t1·m1 (4 + 6) / 2 = 5, t1 sentence (2 + 0) / 2 = 1, t2·m2 (0 + 2) / 2 = 1 → EPS 7, EPM 6
    // IMP: t1·m1 (2 + 0) / 2 = 1 → EPS 1, EPM 1; SEGS is the paper's five only: 1 and 1
    const [row] = paper.scores!.metahope!.rows;
    expect(row.eps.totals).toStrictEqual({ IMP: 1, RAM: 0, MIS: 0, STL: 0, PRF: 0, CUL: 7 });
    expect(row.epm.totals).toStrictEqual({ IMP: 1, RAM: 0, MIS: 0, STL: 0, PRF: 0, CUL: 6 });
    expect([row.eps.segs, row.epm.segs, row.sentences, row.mrwInstances]).toEqual([1, 1, 2, 2]);
    expect([row.eps.perSentence.value, row.epm.perMetaphor.value, row.epm.ratioMS.value]).toEqual([0.5, 0.5, 1]);
    expect(paper.extraCategories).toEqual([
      {
        category: "CUL",
        rows: [
          { system: "S", eps: 7, epm: 6 },
          { system: "S2", eps: 0, epm: 0 },
        ],
      },
    ]);

    // CUL per MRW instance (t1·m1, t2·m2): a [4, 0], b [6, 2]
    const f = paper.metahopeAgreement;
    // interval α: Do = (2·2² + 2·2²) / 4 = 4; De = 2·(4 + 16 + 4 + 36 + 16 + 4) / (4·3) = 40/3; α = 1 − 4 / (40/3) = 0.7
    expect(stat(f, "CUL", "krippendorff_alpha", { level: "interval" })[0].value).toBeCloseTo(0.7, 12);
    expect(stat(f, "CUL", "pearson_r")[0].value).toBeCloseTo(1, 12); // b = a + 2
    expect(stat(f, "CUL", "exact_agreement")[0].value).toBe(0);
    expect(stat(f, "CUL", "total").map((x) => [x.annotator, x.value])).toEqual([
      ["a@x", 4],
      ["b@x", 8],
    ]);
    // SEGS sums the paper's five only: a [2, 0], b [0, 0]
    expect(stat(f, "SEGS", "total").map((x) => [x.annotator, x.value])).toEqual([
      ["a@x", 2],
      ["b@x", 0],
    ]);
    // the paper's fields first, system by system, then the extra one's, system by system
    const order = f.map((x) => `${x.field} ${x.system}`).filter((x, i, all) => all.indexOf(x) === i);
    expect(order).toEqual([...["S", "S2"].flatMap((sys) => ["SEGS", ...METAHOPE_CATEGORY_ORDER].map((c) => `${c} ${sys}`)), "CUL S", "CUL S2"]);
  });

  it("equals the former substitution: the extra category's spans alone, computed as the paper's first category", () => {
    const { data } = schemePaperDataOf(base(), VARIANT, mrwIdOf);
    const opts = { metahopeCategories: CATEGORIES };
    const one = computeScoreTables(data, opts).metahope!.rows;
    const oneFigures = computeAgreementFigures(data, { ...opts, schemes: ["metahope"] });
    const stand = { ...data, errorSpans: data.errorSpans.filter((s) => s.category === "CUL").map((s) => ({ ...s, category: "IMP" })) };
    const old = computeScoreTables(stand).metahope!.rows;
    expect(one.map((r) => [r.eps.totals.CUL, r.epm.totals.CUL])).toEqual(old.map((r) => [r.eps.totals.IMP, r.epm.totals.IMP]));
    const strip = (figures: TAgreementFigure[], field: string) => figures.filter((x) => x.field === field).map(({ field: _f, ...rest }) => rest);
    expect(strip(oneFigures, "CUL")).toStrictEqual(strip(computeAgreementFigures(stand, { schemes: ["metahope"] }), "IMP"));
  });

  it("the default list is the paper's path: the five categories only, the same figures and totals", () => {
    const { data } = schemePaperDataOf(base(), VARIANT, mrwIdOf);
    const paper = computeScoreTables(data);
    expect(paper.options).not.toHaveProperty("metahopeCategories");
    expect(paper.metahope!.rows[0].eps.totals).toStrictEqual({ IMP: 1, RAM: 0, MIS: 0, STL: 0, PRF: 0 });
    expect(computeScoreTables(data, { metahopeCategories: [...METAHOPE_CATEGORY_ORDER] })).toStrictEqual({ ...paper, options: { ...paper.options, metahopeCategories: [...METAHOPE_CATEGORY_ORDER] } });
    const variant = computeScoreTables(data, { metahopeCategories: CATEGORIES }).metahope!;
    const { CUL: _cul, ...five } = variant.rows[0].eps.totals;
    expect(five).toStrictEqual(paper.metahope!.rows[0].eps.totals);
    // the description of the values counts the paper's cells (the extra ones are never decided)
    expect(variant.source).toStrictEqual(paper.metahope!.source);
    expect(variant.source.raw).toBe(2 * 2 * 2 * 5); // 2 systems × 2 sentences × (sentence + MRW) × 5 categories
    // the paper's figures, figure for figure, with or without the extra category beside them
    const figures = computeAgreementFigures(data, { schemes: ["metahope"] });
    expect(figures.some((x) => x.field === "CUL")).toBe(false);
    expect(computeAgreementFigures(data, { schemes: ["metahope"], metahopeCategories: CATEGORIES }).filter((x) => x.field !== "CUL")).toStrictEqual(figures);
    // and the preset (no extra category) passes no list
    const preset = computeSchemePaperTables(schemePaperDataOf(base(), METAHOPE_PRESET, mrwIdOf), METAHOPE_PRESET);
    expect(preset.extraCategories).toEqual([]);
    expect(preset.scores!.metahope).toStrictEqual(paper.metahope);
    expect(preset.metahopeAgreement).toStrictEqual(figures);
  });

  it("a category list starts with the paper's five in order, each once", () => {
    expect(metahopeCategoriesOf()).toBe(METAHOPE_CATEGORY_ORDER);
    expect(metahopeCategoriesOf(CATEGORIES)).toEqual(CATEGORIES);
    expect(() => metahopeCategoriesOf(["CUL", ...METAHOPE_CATEGORY_ORDER])).toThrow(/IMP, RAM, MIS, STL, PRF in that order/);
    expect(() => metahopeCategoriesOf([...CATEGORIES, "CUL"])).toThrow();
    expect(() => computeScoreTables(base(), { metahopeCategories: ["IMP"] })).toThrow();
  });
});
