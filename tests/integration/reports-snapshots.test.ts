/**
 * Snapshots of every report output, taken before the reports were touched (2026-11-25, at
 * cd00963 + tests only), so that a refactor that moves any figure fails here: the agreement
 * figures and score tables of
 * - the MetaHOPE EN→ZH pilot imported the way the paper combined the sheets
 *   (scripts/e2e-metahope-fixture.ts; skipped without ../shared/data), and
 * - the demo corpus (EN→ZH) with three synthetic annotators whose MMTE values and MetaHOPE
 *   errors come from a seeded generator (always runs).
 * The snapshot files live in ./__snapshots__/ and are compared as JSON, to the last bit.
 * Vitest does not write missing snapshots under CI=true, so a deleted file fails there too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/load-import";
import { readDemoCorpus } from "@/lib/db/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { emptyImportResult, type ImportResult, type MetahopeCategory, type MetahopeSeverity } from "@/lib/import/types";
import { seededRandom } from "@/lib/agreement/seeded-random";
import { EMOTION_LABELS, EQUIVALENCE_LITERAL_LABELS, EQUIVALENCE_METAPHORICAL_LABELS } from "@/lib/schemes/mmte";
import { getAgreementFigures, getScoreTables } from "@/lib/reports";
import { haveMetahopeData, importMetahopePilot } from "@/scripts/e2e-metahope-fixture";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** Ids differ per run: replace every database id by its first-seen order, keep names and values. */
function stable(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === "string" && /^c[a-z0-9]{20,}$/.test(value)) {
    if (!ids.has(value)) ids.set(value, `#${ids.size}`);
    return ids.get(value);
  }
  if (typeof value === "string" && /@(annotators\.tropos\.local|test\.tropos)$/.test(value)) return value.replace(/-[0-9a-f]{8}@/, "@");
  if (Array.isArray(value)) return value.map((v) => stable(v, ids));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stable(v, ids)]));
  return value;
}

/**
 * The keys of an agreement figure that carry a figure (the row shape of 2026-11-25). Keys added
 * later for presentation (rater counts, notes) and the wording of reasons may change; these may not.
 */
const FIGURE_KEYS = ["scheme", "system", "field", "statistic", "level", "weights", "kappaCategories", "annotator", "annotators", "label", "value", "n", "ci95"] as const;

async function reportOutputs(projectId: string) {
  const ids = new Map<string, string>();
  const agreement = (await getAgreementFigures(db, projectId)).map((f) => Object.fromEntries(FIGURE_KEYS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])));
  const scores = await getScoreTables(db, projectId);
  return JSON.stringify(stable({ agreement, scores }, ids), null, 1) + "\n";
}

/** Three annotators who mostly agree: a per-item "true" value plus seeded noise. */
export function syntheticAnnotations(ir: ImportResult, seed = 20261125): ImportResult {
  const rng = seededRandom(seed);
  const out = emptyImportResult();
  const annotators = ["rater-1", "rater-2", "rater-3"];
  const near = (base: number, spread: number, min: number, max: number) => Math.max(min, Math.min(max, base + (rng.int(2 * spread + 1) - spread)));
  const mrwsOf = new Map(ir.documents.flatMap((d) => d.segments.map((s) => [s.externalId, s.mrws] as const)));
  for (const t of ir.translations) {
    const base = { FLUENCY: 1 + rng.int(5), INTELLIGIBILITY: 1 + rng.int(5), FIDELITY: 1 + rng.int(5), OVERALL: 1 + rng.int(5) };
    const mrws = (mrwsOf.get(t.segmentId) ?? []).filter((m) => m.active);
    const mrwBase = mrws.map((m) => ({
      m,
      eq: m.metaphorical ? rng.int(EQUIVALENCE_METAPHORICAL_LABELS.length) : rng.int(EQUIVALENCE_LITERAL_LABELS.length),
      emo: rng.int(EMOTION_LABELS.length),
      auth: 1 + rng.int(5),
    }));
    for (const annotator of annotators) {
      const common = { annotator, segmentId: t.segmentId, system: t.system };
      for (const [field, b] of Object.entries(base)) out.annotations.push({ ...common, field, value: near(b, 1, 1, 5) });
      for (const { m, eq, emo, auth } of mrwBase) {
        const labels = m.metaphorical ? EQUIVALENCE_METAPHORICAL_LABELS : EQUIVALENCE_LITERAL_LABELS;
        const flip = rng.int(100) < 20;
        out.annotations.push({ ...common, mrwId: m.externalId, field: "EQUIVALENCE", value: labels[flip ? rng.int(labels.length) : eq] });
        out.annotations.push({ ...common, mrwId: m.externalId, field: "EMOTION", value: EMOTION_LABELS[rng.int(100) < 20 ? rng.int(4) : emo] });
        out.annotations.push({ ...common, mrwId: m.externalId, field: "AUTHENTICITY", value: near(auth, 1, 1, 5) });
      }
      // MetaHOPE: reviewed every translation; errors on some MRWs (omissions as empty spans)
      out.annotations.push({ ...common, field: "METAHOPE_ERRORS", value: { reviewed: true } as unknown as string });
      for (const { m } of mrwBase) {
        if (rng.int(100) < 35) {
          const cats: MetahopeCategory[] = ["IMP", "RAM", "MIS", "STL", "PRF"];
          const sev = ([2, 4, 6, 8, 10] as MetahopeSeverity[])[rng.int(5)];
          const start = rng.int(Math.max(1, t.text.length - 1));
          out.errorSpans.push({ ...common, mrwId: m.externalId, category: cats[rng.int(5)], severity: sev, span: { start, end: Math.min(t.text.length, start + 1 + rng.int(3)) } });
        }
      }
    }
  }
  return out;
}

describe("report outputs stay exactly as snapshotted", () => {
  it("demo corpus with three seeded synthetic annotators", async () => {
    const project = await makeProject(db);
    const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
    await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
    await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus) });
    await expect(await reportOutputs(project.id)).toMatchFileSnapshot("./__snapshots__/demo-synthetic.report.json");
  }, 120_000);

  it.skipIf(!haveMetahopeData())("MetaHOPE pilot (A, B and A's sentence-level pass)", async () => {
    const project = await makeProject(db);
    await importMetahopePilot(pool, project.id);
    await expect(await reportOutputs(project.id)).toMatchFileSnapshot("./__snapshots__/metahope-pilot.report.json");
  }, 120_000);
});
