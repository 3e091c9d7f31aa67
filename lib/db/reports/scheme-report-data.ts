/**
 * What the reports of a project running its own scheme (the scheme runtime,
 * lib/schemes/scheme-runtime.ts) read: every saved value of the scheme's
 * fields, the gold values of the fields that declare `gold`, and the
 * annotators' progress on their assignments. The figures are computed
 * from it by lib/reports/scheme-report.ts.
 *
 * What counts, as for the built-in reports (lib/reports/README.md, "What every
 * figure includes"): every annotator's saved value, whether submitted, imported
 * or still in progress — a draft counts as soon as it is saved. Values of a
 * field the current scheme no longer has are not read; a value the field no
 * longer accepts is left out by the figures.
 *
 * Speed: one statement per kind of row (values, item gold, adjudicated gold,
 * progress, systems), run side by side, each a single pass over an index
 * (Annotation(projectId, field), Adjudication(projectId, field),
 * Assignment(projectId, …)); no statement per item or per field.
 */
import type { Pool } from "pg";
import type { TSchemeValueRow } from "@/lib/reports/scheme-agreement";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { goldItemExcludedSql } from "@/lib/db/gold-checks/gold-item-sql";
import { internedTypes } from "./interned-types";

export interface TSchemeReportFilter {
  split?: "PILOT" | "TEST";
  /** system names; values about other systems' translations are left out (values without a system stay) */
  systems?: string[];
  /**
   * one target language: values about its translations, and values not about a translation
   * (segment, MRW, role, document scope) whose segment (document) has a translation in it — see
   * lib/reports/scheme-report-language.ts for why; every language when absent
   */
  language?: string;
}

/** A gold value from the item (Segment.lists[key]): it is the gold of every unit of the segment. */
export interface TItemGoldRow {
  field: string;
  segmentId: string;
  value: unknown;
}

/** A gold value from adjudication: the gold of one unit (segment + item key). */
export interface TAdjudicatedGoldRow {
  field: string;
  unit: string;
  value: unknown;
}

/** One annotator's assignments by status. */
export interface TSchemeProgressRow {
  annotator: string;
  assigned: number;
  done: number;
  inProgress: number;
  todo: number;
  skipped: number;
}

export interface TSchemeReportData {
  /** one row per saved value; `unit` = segmentId|itemKey, the same for every annotator's value about one thing */
  values: TSchemeValueRow[];
  itemGold: TItemGoldRow[];
  adjudicatedGold: TAdjudicatedGoldRow[];
  progress: TSchemeProgressRow[];
  /** the project's systems by name (all of them, whatever the filter) */
  systems: string[];
  /** the option lists items carry for choice fields with optionsFrom (segmentId → name → list): positions for agreement */
  itemLists: Map<string, Record<string, unknown[]>>;
  /** items' scalar metadata (Segment.lists values that are not lists nor any field's item gold), for subset breakdowns (cr-st.accuracy, meta4xnli.interpretation) */
  itemMetadata: Map<string, Record<string, string | number | boolean>>;
  /** the text each unit of a spans field marks (source, translation or role text): agreement per character */
  unitTexts: Map<string, string>;
}

/** The unit key of a value: segment and item key, as stored (lib/schemes/language/value-anchor.ts). */
export const UNIT_SEPARATOR = "|";
export const segmentOfUnit = (unit: string) => unit.slice(0, unit.indexOf(UNIT_SEPARATOR));

/** SQL: segment `s` has a translation in the language bound to `param` (true when it is NULL). */
export const segmentInLanguageSql = (param: string) =>
  `(${param}::text IS NULL OR EXISTS (SELECT 1 FROM "Translation" lt WHERE lt."segmentId" = s.id AND lt.language = ${param}))`;

/**
 * SQL: the value row `a` (or the alias given: Annotation, Adjudication or Suggestion, with segment `s` and its
 * translation `t` LEFT JOINed) belongs to the language bound to `param`: a value about a
 * translation, to the translation's language; any other value, to every language its segment has
 * a translation in (a document's value, stored on its first segment, to those of its document).
 */
export const valueInLanguageSql = (param: string, a = "a") =>
  `(${param}::text IS NULL OR CASE WHEN ${a}."translationId" IS NOT NULL THEN t.language = ${param}
     ELSE EXISTS (SELECT 1 FROM "Translation" lt WHERE lt."segmentId" = s.id AND lt.language = ${param})
       OR (${a}."itemKey" = 'document' AND EXISTS (SELECT 1 FROM "Translation" lt JOIN "Segment" ls ON ls.id = lt."segmentId" WHERE ls."documentId" = s."documentId" AND lt.language = ${param})) END)`;

export async function getSchemeReportData(pool: Pool, projectId: string, definition: TSchemeDefinition, filter: TSchemeReportFilter = {}): Promise<TSchemeReportData> {
  return (await readSchemeReportParts(pool, projectId, definition, filter, SCHEME_REPORT_PARTS)) as TSchemeReportData;
}

/** The parts of TSchemeReportData, each read by one statement (two for the item lists). */
export type TSchemeReportPart = keyof TSchemeReportData;
export const SCHEME_REPORT_PARTS: ReadonlySet<TSchemeReportPart> = new Set<TSchemeReportPart>(["values", "itemGold", "adjudicatedGold", "progress", "systems", "itemLists", "itemMetadata", "unitTexts"]);

/**
 * Some parts of getSchemeReportData (for the cache, lib/db/reports/scheme-report-data-cache.ts,
 * which reads again only what changed): `values` and `unitTexts` only of the values about
 * `segments` when given (the values of one segment are read through Annotation(segmentId)).
 */
export async function readSchemeReportParts(
  pool: Pool,
  projectId: string,
  definition: TSchemeDefinition,
  filter: TSchemeReportFilter,
  parts: ReadonlySet<TSchemeReportPart>,
  segments: readonly string[] | null = null,
): Promise<Partial<TSchemeReportData>> {
  const fields = [...new Set(definition.fields.map((f) => f.id))];
  const itemGold = definition.fields.flatMap((f) => (f.gold?.from === "item" ? [{ field: f.id, key: f.gold.key }] : []));
  const adjudicated = [...new Set(definition.fields.flatMap((f) => (f.gold?.from === "adjudication" ? [f.id] : [])))];
  const split = filter.split ?? null;
  const systems = filter.systems?.length ? filter.systems : null;
  const language = filter.language ?? null;

  const values = parts.has("values") && pool.query<TSchemeValueRow>({
    // each repeated string and short value once (interned-types.ts)
    types: internedTypes(),
    text: `SELECT a.field, m.name AS system, a."segmentId" || '${UNIT_SEPARATOR}' || a."itemKey" AS unit, u.email AS annotator, a.value, s.language
     FROM "Annotation" a
     JOIN "User" u ON u.id = a."annotatorId"
     JOIN "Segment" s ON s.id = a."segmentId"
     LEFT JOIN "Translation" t ON t.id = a."translationId"
     LEFT JOIN "MtSystem" m ON m.id = t."systemId"
     WHERE a."projectId" = $1 AND a.field = ANY($2::text[])
       AND ($3::text IS NULL OR s.split::text = $3)
       AND ($4::text[] IS NULL OR a."translationId" IS NULL OR m.name = ANY($4::text[]))
       AND ${valueInLanguageSql("$5")} AND ($6::text[] IS NULL OR a."segmentId" = ANY($6::text[])) AND ${goldItemExcludedSql('a."segmentId"')}`,
    values: [projectId, fields, split, systems, language, segments],
  });
  const gold = parts.has("itemGold") && itemGold.length
    ? pool.query<TItemGoldRow>(
        `SELECT g.field, s.id AS "segmentId", s.lists -> g.key AS value
         FROM "Segment" s
         CROSS JOIN unnest($2::text[], $3::text[]) AS g(field, key)
         WHERE s."projectId" = $1 AND s.lists IS NOT NULL AND jsonb_exists(s.lists, g.key) AND jsonb_typeof(s.lists -> g.key) <> 'null'
           AND ($4::text IS NULL OR s.split::text = $4) AND ${segmentInLanguageSql("$5")}`,
        [projectId, itemGold.map((g) => g.field), itemGold.map((g) => g.key), split, language],
      )
    : null;
  const adjudications = parts.has("adjudicatedGold") && adjudicated.length
    ? pool.query<TAdjudicatedGoldRow>(
        `SELECT a.field, a."segmentId" || '${UNIT_SEPARATOR}' || a."itemKey" AS unit, a.value
         FROM "Adjudication" a
         JOIN "Segment" s ON s.id = a."segmentId"
         LEFT JOIN "Translation" t ON t.id = a."translationId"
         WHERE a."projectId" = $1 AND a.field = ANY($2::text[]) AND ($3::text IS NULL OR s.split::text = $3) AND ${valueInLanguageSql("$4")}`,
        [projectId, adjudicated, split, language],
      )
    : null;
  const progress = parts.has("progress") && pool.query<{ annotator: string; assigned: string; done: string; in_progress: string; todo: string; skipped: string }>(
    `SELECT u.email AS annotator, count(*) AS assigned,
            count(*) FILTER (WHERE a.status = 'DONE') AS done,
            count(*) FILTER (WHERE a.status = 'IN_PROGRESS') AS in_progress,
            count(*) FILTER (WHERE a.status = 'TODO') AS todo,
            count(*) FILTER (WHERE a.status = 'SKIPPED') AS skipped
     FROM "Assignment" a
     JOIN "User" u ON u.id = a."annotatorId"
     JOIN "Segment" s ON s.id = a."segmentId"
     WHERE a."projectId" = $1 AND ($2::text IS NULL OR s.split::text = $2) AND ${segmentInLanguageSql("$3")} AND ${goldItemExcludedSql('a."segmentId"')}
     GROUP BY u.email
     ORDER BY u.email`,
    [projectId, split, language],
  );
  const systemNames = parts.has("systems") && pool.query<{ name: string }>(`SELECT name FROM "MtSystem" WHERE "projectId" = $1 ORDER BY name`, [projectId]);
  const listNames = [...new Set(definition.fields.flatMap((f) => ((f.kind === "choice" || f.kind === "multi") && f.optionsFrom ? [f.optionsFrom] : [])))];
  const lists = parts.has("itemLists") && listNames.length
    ? pool.query<{ segmentId: string; name: string; list: unknown[] }>(
        `SELECT s.id AS "segmentId", n.name, s.lists -> n.name AS list
         FROM "Segment" s CROSS JOIN unnest($2::text[]) AS n(name)
         WHERE s."projectId" = $1 AND s.lists IS NOT NULL AND jsonb_typeof(s.lists -> n.name) = 'array'
           AND ($3::text IS NULL OR s.split::text = $3) AND ${segmentInLanguageSql("$4")}`,
        [projectId, listNames, split, language],
      )
    : null;

  const goldKeys = [...new Set(itemGold.map((x) => x.key))];
  const metadata = parts.has("itemMetadata") && (definition.analyses.includes("cr-st.accuracy") || definition.analyses.includes("meta4xnli.interpretation"))
    ? pool.query<{ segmentId: string; key: string; value: string | number | boolean }>(
        `SELECT s.id AS "segmentId", e.key, e.value
         FROM "Segment" s CROSS JOIN LATERAL jsonb_each(s.lists) AS e(key, value)
         WHERE s."projectId" = $1 AND s.lists IS NOT NULL AND jsonb_typeof(s.lists) = 'object'
           AND jsonb_typeof(e.value) IN ('string', 'number', 'boolean') AND NOT (e.key = ANY($2::text[]))
           AND ($3::text IS NULL OR s.split::text = $3) AND ${segmentInLanguageSql("$4")}`,
        [projectId, goldKeys, split, language],
      )
    : null;

  // the texts spans mark, for their agreement per character (lib/reports/scheme-agreement.ts)
  const spanFields = [...new Set(definition.fields.flatMap((f) => (f.kind === "spans" ? [f.id] : [])))];
  const texts = parts.has("unitTexts") && spanFields.length
    ? pool.query<{ unit: string; text: string | null }>(
        `SELECT DISTINCT a."segmentId" || '${UNIT_SEPARATOR}' || a."itemKey" AS unit,
                CASE WHEN a."translationId" IS NOT NULL THEN t.text
                     WHEN a."itemKey" LIKE 'role:%' THEN s.texts ->> substr(a."itemKey", 6)
                     ELSE s.text END AS text
         FROM "Annotation" a
         JOIN "Segment" s ON s.id = a."segmentId"
         LEFT JOIN "Translation" t ON t.id = a."translationId"
         WHERE a."projectId" = $1 AND a.field = ANY($2::text[]) AND ($3::text IS NULL OR s.split::text = $3) AND ${valueInLanguageSql("$4")}
           AND ($5::text[] IS NULL OR a."segmentId" = ANY($5::text[]))`,
        [projectId, spanFields, split, language, segments],
      )
    : null;

  const [v, g, adj, p, sys, l, md, tx] = await Promise.all([values, gold, adjudications, progress, systemNames, lists, metadata, texts]);
  const out: Partial<TSchemeReportData> = {};
  if (v) out.values = v.rows;
  if (parts.has("itemGold")) out.itemGold = g ? g.rows : [];
  if (parts.has("adjudicatedGold")) out.adjudicatedGold = adj ? adj.rows : [];
  if (p) out.progress = p.rows.map((r) => ({ annotator: r.annotator, assigned: Number(r.assigned), done: Number(r.done), inProgress: Number(r.in_progress), todo: Number(r.todo), skipped: Number(r.skipped) }));
  if (sys) out.systems = sys.rows.map((r) => r.name);
  if (parts.has("itemLists")) {
    const itemLists = new Map<string, Record<string, unknown[]>>();
    for (const r of l ? l.rows : []) itemLists.set(r.segmentId, { ...itemLists.get(r.segmentId), [r.name]: r.list });
    out.itemLists = itemLists;
  }
  if (parts.has("itemMetadata")) {
    const itemMetadata = new Map<string, Record<string, string | number | boolean>>();
    for (const r of md ? md.rows : []) itemMetadata.set(r.segmentId, { ...itemMetadata.get(r.segmentId), [r.key]: r.value });
    out.itemMetadata = itemMetadata;
  }
  if (parts.has("unitTexts")) out.unitTexts = new Map((tx ? tx.rows : []).flatMap((r) => (r.text === null ? [] : [[r.unit, r.text] as [string, string]])));
  return out;
}

/**
 * Per segment of the project, its document and a digest of what its values' rows depend on beside
 * the annotation itself (language, split, document, texts, and its translations' languages,
 * systems and texts). The cache compares them before and after a change to the segment, translation
 * or system lists, whose change log rows do not say which rows changed.
 */
export async function readSegmentDigests(pool: Pool, projectId: string): Promise<Map<string, string>> {
  const r = await pool.query<{ id: string; d: string }>(
    `SELECT s.id, s."documentId" || ' ' || md5(concat_ws(' ', s.language, coalesce(s.split::text, '-'), md5(s.text), md5(coalesce(s.texts::text, '')),
       (SELECT string_agg(t.id || ' ' || t.language || ' ' || coalesce(m.name, '') || ' ' || md5(t.text), ' ' ORDER BY t.id)
        FROM "Translation" t LEFT JOIN "MtSystem" m ON m.id = t."systemId" WHERE t."segmentId" = s.id))) AS d
     FROM "Segment" s WHERE s."projectId" = $1`,
    [projectId],
  );
  return new Map(r.rows.map((x) => [x.id, x.d]));
}
