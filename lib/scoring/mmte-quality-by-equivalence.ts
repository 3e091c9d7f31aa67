/**
 * MMTE figure 6 (Wang et al. 2024, §4.4): "Average quality scores of manual evaluation of
 * metaphorical and literal expression translation", by equivalence class. The paper's MOH items
 * have one target word each; a Tropos translation may have several MRWs, so the unit is the MRW
 * instance (translation × MRW with an equivalence label in its MRW's label set), as in figures 3
 * and 5. For each class (metaphorical source: FULL, PART, NON, MISUNDERSTANDING, ERROR; literal
 * source: LITERAL, METAPHORICAL, ERROR) the mean of each quality dimension over its instances:
 * Fluency, Intelligibility, Fidelity and Overall are the translation's (sentence-level values),
 * Authenticity is the instance's own (it is judged per MRW, MMTE app. B.4).
 *
 * Values are those of the score tables' records (aggregated over annotators as the tables are:
 * mean or majority, adjudicated values where chosen). Missing values are dropped per dimension;
 * every cell carries its n, and an empty cell is undefined with a reason.
 */
import { EQUIVALENCE_COLUMNS, MMTE_DIMENSIONS, type TEquivalenceColumn, type TMean, type TMmteDimension, type TMmteTranslationValues } from "./mmte-scores";

export interface TQualityByEquivalence {
  columns: readonly TEquivalenceColumn[];
  dimensions: readonly TMmteDimension[];
  /** MRW instances per column */
  instances: number[];
  /** means[column][dimension] */
  means: TMean[][];
}

const finite = (x: number | null | undefined): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);

export function mmteQualityByEquivalence(records: readonly TMmteTranslationValues[]): TQualityByEquivalence {
  const column = new Map<string, number>(EQUIVALENCE_COLUMNS.map((c, j) => [`${c.source}|${c.label}`, j]));
  const D = MMTE_DIMENSIONS.length;
  const sums = EQUIVALENCE_COLUMNS.map(() => new Array<number>(D).fill(0));
  const counts = EQUIVALENCE_COLUMNS.map(() => new Array<number>(D).fill(0));
  const instances = EQUIVALENCE_COLUMNS.map(() => 0);
  for (const r of records) {
    const sentence: Record<TMmteDimension, number | null> = {
      FLUENCY: finite(r.fluency),
      INTELLIGIBILITY: finite(r.intelligibility),
      FIDELITY: finite(r.fidelity),
      AUTHENTICITY: null,
      OVERALL: finite(r.overall),
    };
    for (const m of r.mrws) {
      if (m.equivalence == null) continue;
      const j = column.get(`${m.metaphorical ? "metaphorical" : "literal"}|${m.equivalence}`);
      if (j === undefined) continue;
      instances[j]++;
      MMTE_DIMENSIONS.forEach((dim, d) => {
        const v = dim === "AUTHENTICITY" ? finite(m.authenticity) : sentence[dim];
        if (v === null) return;
        sums[j][d] += v;
        counts[j][d]++;
      });
    }
  }
  const means = EQUIVALENCE_COLUMNS.map((c, j) =>
    MMTE_DIMENSIONS.map((dim, d): TMean =>
      counts[j][d] === 0
        ? { defined: false, value: null, n: 0, reason: instances[j] === 0 ? `no ${c.source} MRW labelled ${c.label}` : `no ${dim} values for ${c.source} MRWs labelled ${c.label}` }
        : { defined: true, value: sums[j][d] / counts[j][d], n: counts[j][d] },
    ),
  );
  return { columns: EQUIVALENCE_COLUMNS, dimensions: MMTE_DIMENSIONS, instances, means };
}
