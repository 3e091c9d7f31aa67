/**
 * Reproduces MetaHOPE's agreement tables 3–4 and its penalty tables 5–6
 * (Liang & Han 2026) from the released pilot workbooks, through the importer,
 * the per-MRW penalty vectors and lib/agreement. Findings and the conventions
 * that match are written up in METAHOPE-REPRODUCTION.md.
 *
 * Conventions that reproduce the printed figures (all 3 decimals):
 * - α: Krippendorff's α at the INTERVAL level (the default of the Python
 *   `krippendorff` package) — for SEGS and every category.
 * - κ: quadratic-weighted Cohen's κ with weights on the POSITION of a value in
 *   the category list (sklearn `cohen_kappa_score`):
 *   - table 3 (SEGS): categories = the SEGS values observed in either sheet
 *     (sklearn's default `labels=None`);
 *   - table 4 (per category): categories = the full scale 0, 2, 4, 6, 8, 10
 *     (`labels=[0,2,4,6,8,10]`). Observed-only gives −0.020 (GPT-5.4 RAM) and
 *     −0.017 (Hunyuan IMP) instead of the printed −0.023 and −0.014; every
 *     other cell is the same under both.
 * - Pearson r on the penalties; "NA" = undefined (an annotator has no variance).
 * - Exact agreement = share of MRW instances with identical penalties, as %.
 * Tolerance: each figure is compared after rounding to the printed 3 decimals
 * (1 decimal for percentages).
 */
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseMetahopeXlsx } from "@/lib/import/parse-metahope-xlsx";
import type { ImportedErrorSpan, MetahopeCategory } from "@/lib/import/types";
import { cohenKappa, krippendorffAlpha, pearsonR, percentAgreement } from "@/lib/agreement";
import { computeEpm, computeEps, METAHOPE_PENALTY_LEVELS, perMrwPenaltyVectors, type TMrwInstance } from "./metahope-scores";

// the three EN→ZH workbooks ship with the repository (data/metahope/README.md)
const DIR = path.resolve(__dirname, "../../data/metahope");
const FILE_A = "VUAMC_pilot20__translation_aligned_annotator-A.xlsx";
const FILE_B = "VUAMC_pilot20__translation_aligned_annotated_annotator-B.xlsx";
const FILE_S = "Copy_VUAMC_pilot20__translation_aligned_with_full_sentence-level_error.xlsx";
const haveData = existsSync(path.join(DIR, FILE_A)) && existsSync(path.join(DIR, FILE_B));

const SYSTEMS = ["GoogleMT", "GPT-5.4", "Hunyuan-LLM-7B"] as const;

// Table 3: α, weighted κ, Pearson r, exact %, A total, B total.
const TABLE3: Record<string, [number, number, number, number, number, number]> = {
  GoogleMT: [0.235, 0.305, 0.536, 76.9, 22, 124],
  "GPT-5.4": [0.304, 0.348, 0.726, 70.8, 30, 150],
  "Hunyuan-LLM-7B": [0.105, 0.191, 0.333, 61.5, 42, 226],
};
// Table 4: α, weighted κ, Pearson r (null = "NA"), exact %.
const TABLE4: Record<string, Record<MetahopeCategory, [number, number, number | null, number]>> = {
  GoogleMT: {
    IMP: [0.0, 0.0, null, 98.5],
    RAM: [-0.006, 0.0, null, 96.9],
    MIS: [0.484, 0.481, 0.497, 92.3],
    STL: [-0.025, 0.0, null, 90.8],
    PRF: [0.122, 0.164, 0.393, 84.6],
  },
  "GPT-5.4": {
    IMP: [-0.008, -0.016, -0.016, 96.9],
    RAM: [-0.031, -0.023, -0.031, 92.3],
    MIS: [0.424, 0.421, 0.458, 92.3],
    STL: [-0.034, 0.0, null, 90.8],
    PRF: [0.039, 0.113, 0.305, 76.9],
  },
  "Hunyuan-LLM-7B": {
    IMP: [-0.017, -0.014, -0.024, 93.8],
    RAM: [-0.007, 0.0, null, 96.9],
    MIS: [0.524, 0.535, 0.646, 83.1],
    STL: [-0.023, 0.0, null, 92.3],
    PRF: [-0.091, -0.01, -0.057, 76.9],
  },
};

const r3 = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000 + 0); // + 0 turns −0 into 0
const pct1 = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);

/** The workbooks' spans: their header names only MetaHOPE's five categories (an import's span may carry a variant's more). */
const paperSpans = (spans: ImportedErrorSpan[]) => spans as (ImportedErrorSpan & { category: MetahopeCategory })[];

async function load() {
  const read = async (f: string, annotator: string) => {
    const r = await parseMetahopeXlsx(f, readFileSync(path.join(DIR, f)), { annotator });
    return { ...r, errorSpans: paperSpans(r.errorSpans) };
  };
  const [a, b] = [await read(FILE_A, "A"), await read(FILE_B, "B")];
  const instances: TMrwInstance[] = [];
  for (const d of a.documents) for (const s of d.segments) for (const m of s.mrws) for (const system of SYSTEMS) instances.push({ system, segmentId: s.externalId, mrwId: m.externalId });
  const vectors = perMrwPenaltyVectors([...a.errorSpans, ...b.errorSpans], instances, ["A", "B"]);
  return { a, b, vectors };
}

function stats(av: number[], bv: number[], categories?: number[]) {
  return {
    alpha: krippendorffAlpha([av, bv], { level: "interval" }).value,
    kappa: cohenKappa(av, bv, { weights: "quadratic", categories }).value,
    r: pearsonR(av, bv).value,
    exact: percentAgreement([av, bv]).value,
  };
}

describe.skipIf(!haveData)("MetaHOPE reproduction (skipped: data/metahope absent)", () => {
  it("table 3: SEGS agreement per system", async () => {
    const { vectors } = await load();
    for (const system of SYSTEMS) {
      const v = vectors.find((x) => x.system === system)!;
      expect(v.units).toHaveLength(65);
      expect(v.unmatchedErrors).toBe(0);
      const s = stats(v.segs.A, v.segs.B); // categories: observed SEGS values (sklearn default)
      const sum = (xs: number[]) => xs.reduce((p, q) => p + q, 0);
      expect([r3(s.alpha), r3(s.kappa), r3(s.r), pct1(s.exact), sum(v.segs.A), sum(v.segs.B)], system).toEqual(TABLE3[system]);
    }
  });

  it("table 3 κ needs the observed-values category list: the full even grid gives other values", async () => {
    const { vectors } = await load();
    const grid = (max: number) => Array.from({ length: max / 2 + 1 }, (_, i) => 2 * i);
    const got = SYSTEMS.map((system) => {
      const v = vectors.find((x) => x.system === system)!;
      return r3(cohenKappa(v.segs.A, v.segs.B, { weights: "quadratic", categories: grid(50) }).value);
    });
    // = value-based quadratic weights; sklearn labels=range(0, 51, 2) gives the same
    expect(got).toEqual([0.262, 0.345, 0.176]);
  });

  it("table 4: per-category agreement per system", async () => {
    const { vectors } = await load();
    for (const system of SYSTEMS) {
      const v = vectors.find((x) => x.system === system)!;
      for (const cat of ["IMP", "RAM", "MIS", "STL", "PRF"] as const) {
        const s = stats(v.byCategory[cat].A, v.byCategory[cat].B, [...METAHOPE_PENALTY_LEVELS]);
        expect([r3(s.alpha), r3(s.kappa), r3(s.r), pct1(s.exact)], `${system} ${cat}`).toEqual(TABLE4[system][cat]);
      }
    }
  });

  it("table 4 κ with observed categories only differs in two cells", async () => {
    const { vectors } = await load();
    const obs = (system: string, cat: MetahopeCategory) => {
      const v = vectors.find((x) => x.system === system)!;
      return r3(cohenKappa(v.byCategory[cat].A, v.byCategory[cat].B, { weights: "quadratic" }).value);
    };
    expect([obs("GPT-5.4", "RAM"), obs("Hunyuan-LLM-7B", "IMP")]).toEqual([-0.02, -0.017]); // printed: −0.023, −0.014
  });

  it("tables 5 and 6: EPS from the sentence-level sheet, EPM from A's sheet", async () => {
    const { a } = await load();
    const s = await parseMetahopeXlsx(FILE_S, readFileSync(path.join(DIR, FILE_S)), { annotator: "A" });
    // the paper divides by 20 sentences (its pilot size); the sheets hold 21 distinct sentences
    const counts = SYSTEMS.map((system) => ({ system, sentences: 20, mrwInstances: 65 }));
    const eps = computeEps(paperSpans(s.errorSpans), counts);
    const epm = computeEpm(a.errorSpans, counts, { eps });
    const cats = (t: Record<MetahopeCategory, number>) => [t.IMP, t.RAM, t.MIS, t.STL, t.PRF];
    expect(eps.map((r) => [...cats(r.totals), r.segs, r.perSentence.value])).toEqual([
      [0, 0, 20, 0, 4, 24, 1.2],
      [2, 0, 18, 0, 12, 32, 1.6],
      [4, 0, 64, 0, 0, 68, 3.4],
    ]);
    expect(epm.map((r) => [...cats(r.totals), r.segs, r.perSentence.value, r3(r.perMetaphor.value), r3(r.ratioMS.value)])).toEqual([
      [0, 0, 16, 0, 6, 22, 1.1, 0.338, 0.917],
      [2, 4, 16, 0, 8, 30, 1.5, 0.462, 0.938],
      [4, 0, 36, 0, 2, 42, 2.1, 0.646, 0.618],
    ]);
    expect(a.documents.flatMap((d) => d.segments)).toHaveLength(21);
  });
});
