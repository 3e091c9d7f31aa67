// The units a suggest job asks a model about, at the field's scope, in a stable order (document,
// segment, MRW, system) so `--limit N` takes the same first N every time and a resumed job finds
// the same list. Each unit carries its item's role texts (labelled as the scheme declares them)
// and lists without the keys any field of the scheme takes its gold from.
import type { Pool } from "pg";
import { itemGoldKeys } from "@/lib/workspace/withheld-gold";
import type { TSuggestUnit } from "@/lib/models/suggest-unit";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeScope } from "@/lib/schemes/language/scheme-scope";
import { DOCUMENT_ITEM_KEY, roleItemKey } from "@/lib/schemes/language/value-anchor";

type TRow = {
  segmentId: string; segmentExternalId: string; sourceText: string; sourceLang: string; segmentMetaphorical: boolean;
  texts: unknown; lists: unknown;
  translationId: string | null; translationText: string | null; targetLang: string | null; system: string | null;
  mrwId: string | null; mrwExternalId: string | null; mrwSpans: { start: number; end: number }[] | null; mrwMetaphorical: boolean | null;
};

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

const SEGMENT_COLUMNS = `s.id AS "segmentId", s."externalId" AS "segmentExternalId", s.text AS "sourceText", s.language AS "sourceLang",
  s.metaphorical AS "segmentMetaphorical", s.texts, s.lists`;
const NO_TRANSLATION = `NULL AS "translationId", NULL AS "translationText", NULL AS "targetLang", NULL AS system`;
const NO_MRW = `NULL AS "mrwId", NULL AS "mrwExternalId", NULL AS "mrwSpans", NULL AS "mrwMetaphorical"`;
const TRANSLATION = `t.id AS "translationId", t.text AS "translationText", t.language AS "targetLang", sys.name AS system`;
const MRW = `m.id AS "mrwId", m."externalId" AS "mrwExternalId", m.spans AS "mrwSpans", m.metaphorical AS "mrwMetaphorical"`;

/** The SQL for one scope; $1 is the project, $2 the role (role scope) or the limit, $3 the limit. */
function unitSql(scope: TSchemeScope, limit: boolean): string {
  const lim = (n: number) => (limit ? `LIMIT $${n}` : "");
  if (typeof scope !== "string") {
    return `SELECT ${SEGMENT_COLUMNS}, ${NO_TRANSLATION}, ${NO_MRW}
      FROM "Segment" s JOIN "Document" d ON d.id = s."documentId"
      WHERE s."projectId" = $1 AND jsonb_typeof(s.texts -> $2::text) = 'string'
      ORDER BY d.position, d."externalId", s.index ${lim(3)}`;
  }
  switch (scope) {
    case "document":
      // the document's first segment holds the value (value-anchor.ts); the text is every segment's, in order
      return `SELECT first.id AS "segmentId", first."externalId" AS "segmentExternalId",
                     (SELECT string_agg(x.text, E'\\n' ORDER BY x.index) FROM "Segment" x WHERE x."documentId" = d.id) AS "sourceText",
                     first.language AS "sourceLang", first.metaphorical AS "segmentMetaphorical", NULL::jsonb AS texts, NULL::jsonb AS lists,
                     ${NO_TRANSLATION}, ${NO_MRW}
                FROM "Document" d
                JOIN LATERAL (SELECT * FROM "Segment" y WHERE y."documentId" = d.id ORDER BY y.index LIMIT 1) first ON true
               WHERE d."projectId" = $1
               ORDER BY d.position, d."externalId" ${lim(2)}`;
    case "segment":
      return `SELECT ${SEGMENT_COLUMNS}, ${NO_TRANSLATION}, ${NO_MRW}
                FROM "Segment" s JOIN "Document" d ON d.id = s."documentId"
               WHERE s."projectId" = $1
               ORDER BY d.position, d."externalId", s.index ${lim(2)}`;
    case "mrw":
      // only active MRWs (the project's POS filter), as the workspace shows them
      return `SELECT ${SEGMENT_COLUMNS}, ${NO_TRANSLATION}, ${MRW}
                FROM "Segment" s JOIN "Document" d ON d.id = s."documentId" JOIN "Mrw" m ON m."segmentId" = s.id AND m.active
               WHERE s."projectId" = $1
               ORDER BY d.position, d."externalId", s.index, m.start, m."externalId" ${lim(2)}`;
    case "translation":
    case "mrw-translation": {
      const mrw = scope === "mrw-translation";
      return `SELECT ${SEGMENT_COLUMNS}, ${TRANSLATION}, ${mrw ? MRW : NO_MRW}
                FROM "Translation" t
                JOIN "Segment" s ON s.id = t."segmentId"
                JOIN "Document" d ON d.id = s."documentId"
                JOIN "MtSystem" sys ON sys.id = t."systemId"
                ${mrw ? `JOIN "Mrw" m ON m."segmentId" = s.id AND m.active` : ""}
               WHERE s."projectId" = $1
               ORDER BY d.position, d."externalId", s.index, ${mrw ? `m.start, m."externalId",` : ""} sys.name, t.language ${lim(2)}`;
    }
  }
}

export async function listSuggestUnits(pool: Pool, projectId: string, opts: { scope: TSchemeScope; definition: TSchemeDefinition; limit?: number }): Promise<TSuggestUnit[]> {
  const { scope, definition, limit } = opts;
  const role = typeof scope === "string" ? null : scope.role;
  const params: unknown[] = [projectId, ...(role !== null ? [role] : []), ...(limit ? [limit] : [])];
  const { rows } = await pool.query<TRow>(unitSql(scope, Boolean(limit)), params);
  const gold = itemGoldKeys(definition);
  const roleLabels = new Map(definition.roles.map((r) => [r.id, r.label ?? r.id]));
  return rows.map((r) => {
    const texts = asObject(r.texts);
    const lists = Object.fromEntries(Object.entries(asObject(r.lists)).filter((e): e is [string, unknown[]] => Array.isArray(e[1]) && !gold.has(e[0])));
    const itemKey = scope === "document" ? DOCUMENT_ITEM_KEY : role !== null ? roleItemKey(role) : `${r.translationId ?? "-"}:${r.mrwId ?? "-"}`;
    return {
      segmentId: r.segmentId, segmentExternalId: r.segmentExternalId, itemKey,
      translationId: r.translationId, system: r.system, mrwId: r.mrwId, mrwExternalId: r.mrwExternalId, role,
      sourceText: r.sourceText, translationText: r.translationText, sourceLang: r.sourceLang, targetLang: r.targetLang,
      mrwSpans: r.mrwSpans ?? [], metaphorical: r.mrwMetaphorical ?? r.segmentMetaphorical,
      // the scheme's roles in its order; a text under a role the scheme does not declare is left out
      texts: [...roleLabels].filter(([id]) => typeof texts[id] === "string").map(([id, label]) => ({ role: id, label, text: texts[id] as string })),
      lists,
    };
  });
}
