// The external ids of the MRWs the span lists of a project name inside their values (a span's
// `mrwId` is the MRW's database id): a file names an MRW by external id within its segment
// (lib/import/span-mrw-refs.ts), never by an id another project cannot resolve. Read once per
// export, inside its snapshot; only the MRWs some value names are read.
import type { ExportSession } from "@/lib/db/export/cursor";
import { mapSpanMrwRefs } from "@/lib/import/span-mrw-refs";

export interface TSpanMrwNames {
  /** the external id of the MRW `id` when it is one of segment `segmentId`'s (else undefined) */
  nameOf(segmentId: string, id: string): string | undefined;
  /** the value with each span's MRW named by external id; an id of another segment's MRW (or of none) is left as it is */
  named(segmentId: string, value: unknown): unknown;
}

export async function readSpanMrwNames(s: ExportSession, projectId: string): Promise<TSpanMrwNames> {
  const rows = await s.query<{ id: string; externalId: string; segmentId: string }>(
    `SELECT DISTINCT m.id, m."externalId", m."segmentId"
     FROM (SELECT value FROM "Annotation" WHERE "projectId" = $1 AND jsonb_typeof(value) = 'array'
           UNION ALL SELECT value FROM "Adjudication" WHERE "projectId" = $1 AND jsonb_typeof(value) = 'array') v
     CROSS JOIN LATERAL jsonb_array_elements(v.value) e
     JOIN "Mrw" m ON m.id = e->>'mrwId' AND m."projectId" = $1`,
    [projectId],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const nameOf = (segmentId: string, id: string) => {
    const m = byId.get(id);
    return m && m.segmentId === segmentId ? m.externalId : undefined;
  };
  return { nameOf, named: (segmentId, value) => (byId.size ? mapSpanMrwRefs(value, (id) => nameOf(segmentId, id)) : value) };
}
