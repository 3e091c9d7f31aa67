// The units a suggest job asks a model about, in a stable order (document, segment, MRW, system)
// so `--limit N` takes the same first N every time and a resumed job finds the same list.
import type { Pool } from "pg";
import type { TSuggestScope } from "@/lib/models/suggest-field";
import type { TSuggestUnit } from "@/lib/models/suggest-unit";

type TRow = {
  segmentId: string; segmentExternalId: string; sourceText: string; sourceLang: string; segmentMetaphorical: boolean;
  translationId: string; translationText: string; targetLang: string; system: string;
  mrwId: string | null; mrwExternalId: string | null; mrwSpans: { start: number; end: number }[] | null; mrwMetaphorical: boolean | null;
};

export async function listSuggestUnits(pool: Pool, projectId: string, scope: TSuggestScope, limit?: number): Promise<TSuggestUnit[]> {
  const mrw = scope === "mrw-translation";
  // only active MRWs (the project's POS filter), as the workspace shows them
  const { rows } = await pool.query<TRow>(
    `SELECT s.id AS "segmentId", s."externalId" AS "segmentExternalId", s.text AS "sourceText", s.language AS "sourceLang",
            s.metaphorical AS "segmentMetaphorical", t.id AS "translationId", t.text AS "translationText", t.language AS "targetLang",
            sys.name AS system,
            ${mrw ? `m.id AS "mrwId", m."externalId" AS "mrwExternalId", m.spans AS "mrwSpans", m.metaphorical AS "mrwMetaphorical"` : `NULL AS "mrwId", NULL AS "mrwExternalId", NULL AS "mrwSpans", NULL AS "mrwMetaphorical"`}
       FROM "Translation" t
       JOIN "Segment" s ON s.id = t."segmentId"
       JOIN "Document" d ON d.id = s."documentId"
       JOIN "MtSystem" sys ON sys.id = t."systemId"
       ${mrw ? `JOIN "Mrw" m ON m."segmentId" = s.id AND m.active` : ""}
      WHERE s."projectId" = $1
      ORDER BY d.position, d."externalId", s.index, ${mrw ? `m.start, m."externalId",` : ""} sys.name, t.language
      ${limit ? "LIMIT $2" : ""}`,
    limit ? [projectId, limit] : [projectId],
  );
  return rows.map((r) => ({
    segmentId: r.segmentId, segmentExternalId: r.segmentExternalId, translationId: r.translationId, system: r.system,
    mrwId: r.mrwId, mrwExternalId: r.mrwExternalId, sourceText: r.sourceText, translationText: r.translationText,
    sourceLang: r.sourceLang, targetLang: r.targetLang, mrwSpans: r.mrwSpans ?? [], metaphorical: r.mrwMetaphorical ?? r.segmentMetaphorical,
  }));
}
