// Issue 30.3: an annotator who marks no span on a submitted Label Studio task has a value, the empty
// set, and the segment counts in the spans field's agreement; a cancelled (skipped) task is no value.
// Before the fix the import stored nothing for the empty annotation, so segment b's characters
// had one annotator each and dropped out (α over 4 characters, all agreeing: 1).
//
// Hand-worked reference (per-character units, scheme-agreement.ts; whitespace left out):
//   segment a "ab cd": both mark "ab" MRW → a,b MRW/MRW; c,d none/none
//   segment b "ef":    ann1 marks "ef", ann2 submits nothing → e,f MRW/none
//   segment c "gh":    ann1 marks "g", ann2 skipped (was_cancelled) → one coder, not pairable
// Six pairable units, n = 12 values; coincidences o(M,M) = 4, o(n,n) = 4, o(M,n) = o(n,M) = 2;
// n_M = n_none = 6. Krippendorff's α nominal = 1 − (n − 1) Σ_{c≠k} o_ck / Σ_{c≠k} n_c n_k
// = 1 − 11 · 4 / (2 · 6 · 6) = 28/72 (Krippendorff 2011, "Computing Krippendorff's alpha-reliability", eq. for nominal data).
// Cohen's κ over the six: p_o = 4/6; ann1 M 4/6, none 2/6; ann2 M 2/6, none 4/6; p_e = 2 · (4/6)(2/6) = 4/9;
// κ = (2/3 − 4/9) / (1 − 4/9) = 2/5. Exact agreement 4 of 6 = 66.67 %. Tolerance 1e-12.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { importFile } from "@/lib/db/import/import-file";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { getSchemeReport } from "@/lib/reports/scheme-report";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail, makeProject } from "./fixtures";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const SCHEME = ZSchemeDefinition.parse({
  id: "ls-empty-spans",
  version: 1,
  name: "Metaphor spans",
  fields: [{ id: "metaphor", scope: "segment", kind: "spans", label: "Metaphor-related words", labels: [{ value: "MRW", key: "m" }] }],
});
const MAPPING = { name: "mapping.json", json: { task: { text: "text", id: "sid" }, controls: [{ from: "metaphor", type: "labels", field: "metaphor" }], annotators: { "1": "ann1@ls.example", "2": "ann2@ls.example" } } };

const region = (id: string, start: number, end: number, text: string) => ({ id, from_name: "metaphor", to_name: "text", type: "labels", value: { start, end, text, labels: ["MRW"] } });
const EXPORT = Object.freeze([
  {
    id: 1,
    data: { sid: "a", text: "ab cd" },
    annotations: [
      { id: 11, completed_by: 1, was_cancelled: false, result: [region("r1", 0, 2, "ab")] },
      { id: 12, completed_by: 2, was_cancelled: false, result: [region("r2", 0, 2, "ab")] },
    ],
  },
  {
    id: 2,
    data: { sid: "b", text: "ef" },
    annotations: [
      { id: 21, completed_by: 1, was_cancelled: false, result: [region("r3", 0, 2, "ef")] },
      { id: 22, completed_by: 2, was_cancelled: false, result: [] },
    ],
  },
  {
    id: 3,
    data: { sid: "c", text: "gh" },
    annotations: [
      { id: 31, completed_by: 1, was_cancelled: false, result: [region("r4", 0, 1, "g")] },
      { id: 32, completed_by: 2, was_cancelled: true, result: [] },
    ],
  },
]);

describe("Label Studio import: a submitted task with no span marked", () => {
  it("stores the empty set (not for a cancelled task), and the segment counts in the spans agreement", async () => {
    const project = await makeProject(db);
    // the annotators are members: an import names only members by their email (issue 27 point 7)
    await addMembersByEmail(db, project.id, ["ann1@ls.example", "ann2@ls.example"]);
    await setProjectScheme(db, project.id, SCHEME, { actorId: null });
    const out = await importFile(pool, { project, fileName: "export.json", content: Buffer.from(JSON.stringify(EXPORT)), options: { format: "auto", mapping: MAPPING }, dryRun: false });
    expect(out.errors).toEqual([]);
    const stored = await pool.query<{ k: string; value: unknown }>(
      `SELECT concat_ws('|', u.email, s."externalId") AS k, a.value FROM "Annotation" a JOIN "User" u ON u.id = a."annotatorId"
       JOIN "Segment" s ON s.id = a."segmentId" WHERE a."projectId" = $1 ORDER BY 1`,
      [project.id],
    );
    expect(stored.rows).toEqual([
      { k: "ann1@ls.example|a", value: [{ start: 0, end: 2, label: "MRW" }] },
      { k: "ann1@ls.example|b", value: [{ start: 0, end: 2, label: "MRW" }] },
      { k: "ann1@ls.example|c", value: [{ start: 0, end: 1, label: "MRW" }] },
      { k: "ann2@ls.example|a", value: [{ start: 0, end: 2, label: "MRW" }] },
      { k: "ann2@ls.example|b", value: [] },
    ]);

    const report = await getSchemeReport(pool, project.id, (await getProjectRuntime(db, project.id)) as never);
    const figs = report.figures.filter((f) => f.field === "metaphor" && f.system === "all");
    const alpha = figs.find((f) => f.statistic === "krippendorff_alpha" && f.level === "nominal")!;
    expect(alpha.n).toBe(6);
    expect(alpha.value).toBeCloseTo(28 / 72, 12);
    const kappa = figs.find((f) => f.statistic === "cohen_kappa")!;
    expect(kappa.n).toBe(6);
    expect(kappa.value).toBeCloseTo(2 / 5, 12);
    const exact = figs.find((f) => f.statistic === "exact_agreement")!;
    expect(exact.value).toBeCloseTo((4 / 6) * 100, 10);
  });
});
