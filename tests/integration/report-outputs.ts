// Every report output of a project as stable JSON text (the report snapshots and the migration
// test compare these).
import type { Db } from "@/lib/db/client";
import { getAgreementFigures, getScoreTables } from "@/lib/reports";

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
export const FIGURE_KEYS = ["scheme", "system", "field", "statistic", "level", "weights", "kappaCategories", "annotator", "annotators", "label", "value", "n", "ci95"] as const;

export async function reportOutputs(db: Db, projectId: string) {
  const ids = new Map<string, string>();
  const agreement = (await getAgreementFigures(db, projectId)).map((f) => Object.fromEntries(FIGURE_KEYS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])));
  const scores = await getScoreTables(db, projectId);
  // an import's placeholder raters have addresses that name their project (issue 27, point 7):
  // written without it, so that snapshots of two projects (or two runs) compare
  return (JSON.stringify(stable({ agreement, scores }, ids), null, 1) + "\n").split(`@${projectId.toLowerCase()}.annotators.tropos.local`).join("@annotators.tropos.local");
}

