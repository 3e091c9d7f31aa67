// The gold values of gold items (qualification and hidden checks), read as the report's accuracy
// figure reads them (lib/db/reports/scheme-report-data.ts): `{from: "item", key}` from the item's
// data (Segment.lists[key], the gold of every unit of the item), `{from: "adjudication"}` from the
// unit's decision. The rationale shown with a wrong answer: the decision's rationale, or the
// item's `rationale` data value (GOLD_RATIONALE_KEY) for item gold; none otherwise.
import type { Db } from "@/lib/db/client";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { goldFields, type TGoldValue } from "@/lib/gold-checks/score-against-gold";
import { GOLD_RATIONALE_KEY } from "@/lib/gold-checks/gold-rationale";

export interface TGoldWithRationale extends TGoldValue {
  rationale: string | null;
}

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export async function readGoldValues(db: Db, projectId: string, definition: TSchemeDefinition, segmentIds: readonly string[]): Promise<TGoldWithRationale[]> {
  const fields = [...goldFields(definition).values()];
  const fromItem = fields.flatMap((f) => (f.gold?.from === "item" ? [{ field: f.id, key: f.gold.key }] : []));
  const fromAdjudication = fields.flatMap((f) => (f.gold?.from === "adjudication" ? [f.id] : []));
  if (segmentIds.length === 0 || fields.length === 0) return [];
  const [segments, decisions] = await Promise.all([
    fromItem.length ? db.segment.findMany({ where: { projectId, id: { in: [...segmentIds] } }, select: { id: true, lists: true } }) : [],
    fromAdjudication.length
      ? db.adjudication.findMany({ where: { projectId, segmentId: { in: [...segmentIds] }, field: { in: fromAdjudication } }, select: { segmentId: true, itemKey: true, field: true, value: true, rationale: true } })
      : [],
  ]);
  const out: TGoldWithRationale[] = [];
  for (const s of segments) {
    const lists = asObject(s.lists);
    const rationale = typeof lists[GOLD_RATIONALE_KEY] === "string" ? (lists[GOLD_RATIONALE_KEY] as string) : null;
    for (const g of fromItem) {
      const value = lists[g.key];
      if (value !== undefined && value !== null) out.push({ segmentId: s.id, field: g.field, itemKey: null, value, rationale });
    }
  }
  for (const d of decisions) out.push({ segmentId: d.segmentId, field: d.field, itemKey: d.itemKey, value: d.value, rationale: d.rationale || null });
  return out;
}
