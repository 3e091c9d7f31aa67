/**
 * Agreement figures and score tables on a seeded project whose values are worked out by hand
 * (below each assertion), and how adjudication changes them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { emptyImportResult, type ImportResult } from "@/lib/import/types";
import { getAgreementFigures, getScoreTables } from "@/lib/reports";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** 4 segments with one MRW each, translated by sysA; annotators x and y. */
export function seededImport(): ImportResult {
  const ir = emptyImportResult();
  ir.documents.push({
    externalId: "d1",
    language: "en",
    split: "pilot",
    segments: [0, 1, 2, 3].map((i) => ({
      externalId: `s${i}`,
      index: i,
      text: `The economy ran out of steam ${i}.`,
      language: "en",
      metaphorical: true,
      mrws: [{ externalId: "m", spans: [{ start: 12, end: 28 }], token: "ran out of steam", pos: "VERB" as const, active: true, metaphorical: true }],
    })),
  });
  for (const i of [0, 1, 2, 3]) ir.translations.push({ segmentId: `s${i}`, system: "sysA", language: "zh", text: `经济失去了动力${i}。` });
  const eq = { x: ["FULL", "FULL", "NON", "NON"], y: ["FULL", "NON", "NON", "NON"] };
  const flu = { x: [4, 2, 5, 5], y: [2, 2, 5, 5] };
  for (const who of ["x", "y"] as const) {
    for (const i of [0, 1, 2, 3]) {
      ir.annotations.push({ annotator: `${who}@t.org`, segmentId: `s${i}`, system: "sysA", mrwId: "m", field: "EQUIVALENCE", value: eq[who][i] });
      ir.annotations.push({ annotator: `${who}@t.org`, segmentId: `s${i}`, system: "sysA", field: "FLUENCY", value: flu[who][i] });
    }
  }
  return ir;
}

describe("agreement figures on a seeded project", () => {
  it("gives the hand-computed MMTE figures", async () => {
    const project = await makeProject(db);
    await loadImport(pool, { projectId: project.id, fileName: "seed.jsonl", result: seededImport() });
    const figs = await getAgreementFigures(db, project.id, { schemes: ["mmte"], fields: ["EQUIVALENCE"] });
    const get = (statistic: string, extra: Record<string, unknown> = {}) =>
      figs.find((f) => f.statistic === statistic && Object.entries(extra).every(([k, v]) => (f as Record<string, unknown>)[k] === v) && !("label" in f && !("label" in extra)));
    // x = FULL FULL NON NON, y = FULL NON NON NON
    // Cohen: p_o = 3/4, p_e = (2·1 + 2·3)/16 = 1/2 → κ = (3/4 − 1/2)/(1/2) = 0.5
    expect(get("cohen_kappa", { weights: "unweighted" })!.value).toBeCloseTo(0.5, 12);
    // Fleiss (2 raters): p_FULL = 3/8, p_NON = 5/8, P̄e = 34/64, P̄ = 3/4 → κ = (0.75 − 0.53125)/0.46875 = 0.466667
    expect(get("fleiss_kappa")!.value).toBeCloseTo(7 / 15, 12);
    // Krippendorff nominal: 8 pairable values, Σo·δ = 2, Σ n_c n_k δ = 2·3·5 = 30 → α = 1 − 7·2/30 = 0.533333
    expect(get("krippendorff_alpha", { level: "nominal" })!.value).toBeCloseTo(8 / 15, 12);
    expect(get("exact_agreement")!.value).toBe(75);
    // FULL appears in both raters' labels, MISUNDERSTANDING never: its per-label κ is undefined with a reason
    const mis = figs.find((f) => f.statistic === "fleiss_kappa" && f.label === "MISUNDERSTANDING")!;
    expect(mis.value).toBeNull();
    expect(mis.reason).toBeTruthy();
    expect(figs.every((f) => f.scheme === "mmte" && f.system === "sysA" && f.field === "EQUIVALENCE")).toBe(true);
  });

  it("MMTE score table: mean or majority of raw values, then adjudicated values when they exist", async () => {
    const project = await makeProject(db);
    await loadImport(pool, { projectId: project.id, fileName: "seed.jsonl", result: seededImport() });
    // Fluency x = 4 2 5 5, y = 2 2 5 5. Group METAPHORICAL = all 4 translations.
    // mean: per item 3, 2, 5, 5 → 3.75; majority: item 1 ties 4/2 → lower median 2 → 2, 2, 5, 5 → 3.5
    const mean = await getScoreTables(db, project.id, { aggregation: "mean" });
    const row = (t: typeof mean, group: string) => t.mmte!.quality.find((r) => r.group === group)!;
    expect(row(mean, "METAPHORICAL").means.FLUENCY.value).toBe(3.75);
    expect(mean.sourceDescription).toMatch(/No adjudicated values yet/);
    const majority = await getScoreTables(db, project.id, { aggregation: "majority" });
    expect(row(majority, "METAPHORICAL").means.FLUENCY.value).toBe(3.5);
    // METAPHORICAL_FULL: equivalence majority per item: FULL; tie FULL/NON → undefined (fail closed); NON; NON → only item 0
    expect(row(mean, "METAPHORICAL_FULL").translations).toBe(1);
    expect(row(mean, "METAPHORICAL_FULL").means.FLUENCY.value).toBe(3);
    expect(mean.mmte!.automatic).toBeNull();

    // adjudicate item 0's fluency to 4 → 4, 2, 5, 5 → 4
    const adjudicator = await makeUser(db, { tag: "adj" });
    const t0 = await db.translation.findFirstOrThrow({ where: { segment: { projectId: project.id, externalId: "s0" } } });
    const { saveAdjudication } = await import("@/lib/db/adjudication/adjudication");
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adjudicator.id, segmentId: t0.segmentId, translationId: t0.id, field: "FLUENCY", value: 4, rationale: "x is right", baseVersion: 0 });
    const after = await getScoreTables(db, project.id, { aggregation: "mean" });
    expect(row(after, "METAPHORICAL").means.FLUENCY.value).toBe(4);
    expect(after.sourceDescription).toMatch(/Adjudicated values for 1 items/);
    const raw = await getScoreTables(db, project.id, { aggregation: "mean", useAdjudications: false });
    expect(row(raw, "METAPHORICAL").means.FLUENCY.value).toBe(3.75);

    // MetaHOPE's post-edit gold (issue 19) is not an MMTE reference: BLEU/ROUGE stay off unless asked for it
    const segs = await db.segment.findMany({ where: { projectId: project.id }, include: { translations: true } });
    await db.goldReference.createMany({ data: segs.map((s) => ({ projectId: project.id, segmentId: s.id, language: "zh", kind: "REFERENCE", text: s.translations[0].text })) });
    expect((await getScoreTables(db, project.id)).mmte!.automatic).toBeNull();
    const byReference = await getScoreTables(db, project.id, { goldKind: "reference" });
    expect(byReference.mmte!.automatic!.find((r) => r.group === "METAPHORICAL")!.bleu1.value).toBeCloseTo(100, 9);

    // gold references switch on BLEU/ROUGE: a gold identical to every output → BLEU-1 100, ROUGE-L 1
    await db.goldReference.createMany({ data: segs.map((s) => ({ projectId: project.id, segmentId: s.id, language: "zh", kind: "FIGURATIVE" as const, text: s.translations[0].text })) });
    const withGold = await getScoreTables(db, project.id);
    const auto = withGold.mmte!.automatic!.find((r) => r.group === "METAPHORICAL")!;
    expect(auto.bleu1.value).toBeCloseTo(100, 9);
    expect(auto.rougeL.value).toBeCloseTo(1, 9);
  });

  it("MetaHOPE agreement on DB rows: 0 for a reviewed translation without errors, missing when not reviewed", async () => {
    const project = await makeProject(db);
    const ir = seededImport();
    ir.annotations = [];
    // x and y both reviewed s0..s2; only x reviewed s3 (y's marker missing)
    for (const who of ["x", "y"]) for (const i of who === "x" ? [0, 1, 2, 3] : [0, 1, 2]) ir.annotations.push({ annotator: `${who}@t.org`, segmentId: `s${i}`, system: "sysA", field: "METAHOPE_ERRORS", value: { reviewed: true } as unknown as string });
    // x: MIS 4 on s0's MRW, y: MIS 4 on s0 and PRF 2 on s1; x: STL 6 on s3 (only x)
    const err = (who: string, i: number, category: "MIS" | "PRF" | "STL", severity: 2 | 4 | 6) => ({ annotator: `${who}@t.org`, segmentId: `s${i}`, system: "sysA", mrwId: "m", category, severity, span: { start: 0, end: 2 } });
    ir.errorSpans.push(err("x", 0, "MIS", 4), err("y", 0, "MIS", 4), err("y", 1, "PRF", 2), err("x", 3, "STL", 6));
    // x and y are the project's annotators (an email that is not would be a placeholder rater: issue 27, point 7)
    for (const email of ["x@t.org", "y@t.org"]) {
      const u = await db.user.upsert({ where: { email }, update: {}, create: { email } });
      await db.projectMember.create({ data: { projectId: project.id, userId: u.id, role: "ANNOTATOR" } });
    }
    await loadImport(pool, { projectId: project.id, fileName: "seed.jsonl", result: ir });
    const figs = await getAgreementFigures(db, project.id, { schemes: ["metahope"], fields: ["SEGS"] });
    // SEGS units s0..s3: x = 4, 0, 0, 6; y = 4, 2, 0, null → exact over s0..s2: 2 of 3
    const exact = figs.find((f) => f.statistic === "exact_agreement")!;
    expect(exact.n).toBe(3);
    expect(exact.value).toBeCloseTo(200 / 3, 9);
    const totals = figs.filter((f) => f.statistic === "total").map((f) => [f.annotator, f.value, f.n]);
    expect(totals).toEqual([
      ["x@t.org", 10, 4],
      ["y@t.org", 6, 3],
    ]);
    // EPS/EPM for the panel (mean over annotators who reviewed): s0 MIS 4, s1 PRF 1, s3 STL 6 (x alone) → EPM SEGS 11
    const t = await getScoreTables(db, project.id);
    const r = t.metahope!.rows[0];
    expect([r.epm.totals.MIS, r.epm.totals.PRF, r.epm.totals.STL, r.epm.segs, r.sentences, r.mrwInstances]).toEqual([4, 1, 6, 11, 4, 4]);
    expect(r.epm.perMetaphor.value).toBe(11 / 4);
    // with everything MRW-tied, EPS (all errors) = EPM → ratio 1
    expect(r.epm.ratioMS.value).toBe(1);
  });
});
