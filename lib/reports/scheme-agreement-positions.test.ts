// Agreement on a choice among each item's own options (CR-ST cloze candidates, issue 17): the
// codes are positions in the item's published list, so Fleiss' κ counts positions 1–7 as the
// paper does. Reference: statsmodels fleiss_kappa on the position counts
// (scripts/research/crst_fleiss_fixture.py, output pasted below).
import { describe, expect, it } from "vitest";
import { CR_ST_PRESET } from "@/lib/schemes/presets/cr-st";
import { schemeAgreementFigures, type TSchemeValueRow } from "./scheme-agreement";

const POSITIONS = [
  [1, 1, 1],
  [3, 3, 2],
  [7, 7, 7],
  [2, 4, 2],
  [5, 5, 5],
  [1, 6, 1],
];
const STATSMODELS_FLEISS = 0.593984962406015;

// every item its own seven idioms: the same idiom is never at the same position in two items
const candidates = (item: number) => Array.from({ length: 7 }, (_, k) => `idiom-${item}-${(k + item) % 7}`);

describe("positions as categories", () => {
  it("Fleiss' κ over candidate positions equals statsmodels", () => {
    const lists = new Map(POSITIONS.map((_, i) => [`seg${i}`, { candidates: candidates(i) }]));
    const rows: TSchemeValueRow[] = POSITIONS.flatMap((ps, i) =>
      ps.map((p, a) => ({ field: "answer", system: null, unit: `seg${i}|-:-`, annotator: `a${a}@x`, value: candidates(i)[p - 1] })),
    );
    const figures = schemeAgreementFigures(CR_ST_PRESET, rows, { itemLists: lists });
    const fleiss = figures.find((f) => f.field === "answer" && f.statistic === "fleiss_kappa" && f.label === undefined)!;
    expect(fleiss.value).toBeCloseTo(STATSMODELS_FLEISS, 12);
    expect(fleiss.n).toBe(6);
    // without the lists the idioms themselves are the categories: another figure
    const byIdiom = schemeAgreementFigures(CR_ST_PRESET, rows).find((f) => f.field === "answer" && f.statistic === "fleiss_kappa" && f.label === undefined)!;
    expect(byIdiom.value).not.toBeCloseTo(STATSMODELS_FLEISS, 6);
  });
});
