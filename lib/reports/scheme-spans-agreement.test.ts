// Agreement of a `spans` field per character (issue 14 point 6): every non-whitespace character of
// the marked text is a unit coded with the covering span's label, "none" or overlapping labels
// joined by "+", then α, κ and Fleiss' κ at the nominal level. Reference values: nltk (α, binary
// distance), sklearn (Cohen's κ), statsmodels (Fleiss' κ) and exact agreement, computed by
//   /usr/bin/python3 scripts/research/spans_agreement_fixture.py
// on lib/reports/fixtures/spans-agreement-data.json (frozen: 8 texts, EN and ZH, 3 annotators, one
// empty list, one overlap of two labels) and pasted below. Tolerance 1e-9.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { characterCodes, schemeAgreementFigures, type TSchemeAgreementFigure, type TSchemeValueRow } from "./scheme-agreement";

interface TSpan {
  start: number;
  end: number;
  label: string;
}
interface TData {
  annotators: string[];
  labels: string[];
  texts: Record<string, string>;
  spans: Record<string, Record<string, TSpan[]>>;
}
const DATA: TData = Object.freeze(JSON.parse(readFileSync(path.join(__dirname, "fixtures/spans-agreement-data.json"), "utf8")));

const SCHEME = ZSchemeDefinition.parse({
  id: "error-spans",
  version: 1,
  name: "Error spans",
  fields: [{ id: "errors", scope: "translation", kind: "spans", label: "Errors", labels: DATA.labels.map((value) => ({ value })) }],
});

function rowsOf(d: TData): TSchemeValueRow[] {
  return d.annotators.flatMap((annotator) => Object.keys(d.texts).map((unit) => ({ field: "errors", system: unit.slice(0, 1), unit, annotator, value: d.spans[annotator][unit] })));
}
const TEXTS = new Map(Object.entries(DATA.texts));

const REFERENCE: Record<string, number> = {
  "errors|A|cohen_kappa|unweighted|a@test+b@test": 0.193753983429,
  "errors|A|cohen_kappa|unweighted|a@test+c@test": 0.244590417311,
  "errors|A|cohen_kappa|unweighted|b@test+c@test": 0.414893617021,
  "errors|A|exact_agreement||": 78.260869565217,
  "errors|A|fleiss_kappa||": 0.263952892985,
  "errors|A|krippendorff_alpha|nominal|": 0.266086362861,
  "errors|B|cohen_kappa|unweighted|a@test+b@test": 0.273195876289,
  "errors|B|cohen_kappa|unweighted|a@test+c@test": 0.48870292887,
  "errors|B|cohen_kappa|unweighted|b@test+c@test": 0.315924657534,
  "errors|B|exact_agreement||": 55.31914893617,
  "errors|B|fleiss_kappa||": 0.359454855196,
  "errors|B|krippendorff_alpha|nominal|": 0.363997728563,
  "errors|all|cohen_kappa|unweighted|a@test+b@test": 0.269365204645,
  "errors|all|cohen_kappa|unweighted|a@test+c@test": 0.419909286226,
  "errors|all|cohen_kappa|unweighted|b@test+c@test": 0.409989594173,
  "errors|all|exact_agreement||": 71.604938271605,
  "errors|all|fleiss_kappa||": 0.360886718016,
  "errors|all|krippendorff_alpha|nominal|": 0.362201765921,
};
/** units (non-whitespace characters) per system, as the script counts them */
const UNITS: Record<string, number> = {"A": 115, "B": 47, "all": 162};

const keyOf = (f: TSchemeAgreementFigure) => `${f.field}|${f.system}|${f.statistic}|${f.level ?? f.weights ?? ""}|${f.annotators?.join("+") ?? ""}`;

describe("agreement of a spans field, per character", () => {
  const figures = schemeAgreementFigures(SCHEME, rowsOf(DATA), { unitTexts: TEXTS });
  const overall = figures.filter((f) => f.label === undefined);

  it("gives the nominal statistics per system and pooled", () => {
    expect(overall.map(keyOf).sort()).toEqual(Object.keys(REFERENCE).sort());
    for (const f of overall) expect(f.n, keyOf(f)).toBe(UNITS[f.system!]);
    expect(new Set(figures.map((f) => f.scheme))).toEqual(new Set(["error-spans"]));
  });

  it("equals nltk, sklearn and statsmodels", () => {
    for (const f of overall) {
      const want = REFERENCE[keyOf(f)];
      expect(f.value, keyOf(f)).not.toBeNull();
      expect(Math.abs(f.value! - want), `${keyOf(f)}: ${f.value} vs ${want}`).toBeLessThan(1e-9);
    }
  });

  it("codes each character by its covering span; whitespace is no unit; overlaps join their labels", () => {
    expect(characterCodes("ab cd", [{ start: 1, end: 4, label: "x" }, { start: 3, end: 5, label: "w" }])).toEqual(["none", "x", null, "w+x", "w"]);
    expect(characterCodes("时间 是", [])).toEqual(["none", "none", null, "none"]);
  });

  it("leaves out a text it is not given and an annotator without a value (missing, not none)", () => {
    const rows = rowsOf(DATA).filter((r) => !(r.annotator === "c@test" && r.unit === "A:s1"));
    const without = schemeAgreementFigures(SCHEME, rows, { unitTexts: TEXTS });
    const fleiss = without.find((f) => keyOf(f) === "errors|A|fleiss_kappa||");
    // the raters per unit are no longer constant: no Fleiss' κ for system A
    expect(fleiss).toBeUndefined();
    const alpha = without.find((f) => keyOf(f) === "errors|A|krippendorff_alpha|nominal|")!;
    expect(alpha.n).toBe(UNITS.A);
    expect(schemeAgreementFigures(SCHEME, rowsOf(DATA), { unitTexts: new Map() })).toEqual([]);
  });
});
