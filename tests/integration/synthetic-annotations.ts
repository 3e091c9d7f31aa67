// Three seeded synthetic annotators over a corpus: MMTE values and MetaHOPE errors that mostly
// agree (a per-item "true" value plus noise). Used by the report snapshots and the migration test.
import { emptyImportResult, type ImportResult, type MetahopeCategory, type MetahopeSeverity } from "@/lib/import/types";
import { seededRandom } from "@/lib/agreement/seeded-random";
import { EMOTION_LABELS, EQUIVALENCE_LITERAL_LABELS, EQUIVALENCE_METAPHORICAL_LABELS } from "@/lib/schemes/presets/paper-codes";

/** Three annotators who mostly agree: a per-item "true" value plus seeded noise. */
export function syntheticAnnotations(ir: ImportResult, seed = 20261125, opts: { reviewedMarkers?: boolean } = {}): ImportResult {
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
      if (opts.reviewedMarkers !== false) out.annotations.push({ ...common, field: "METAHOPE_ERRORS", value: { reviewed: true } as unknown as string });
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

