// `tropos export --what errors` (TSV, CSV, JSON, JSONL) of a project under the scheme runtime: the
// built-in export's MQM rows (export-tables.ts exportErrorRows, same columns: system, doc,
// segment, rater, source, target, category, severity, start, end, comment, mrw) read from the
// values of the scheme's spans field on translations (MetaHOPE's METAHOPE_ERRORS, an MQM scheme's
// errors), where a moved project's error spans now are. One row per span, in the built-in order
// (document, segment, system, rater, then start, end and the field's label order); severity is
// the option's label (MetaHOPE's minor … critical, as the built-in rows name a penalty), and the
// MRW its external id. A translation its rater marked with nothing has no row, as before.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export/cursor";
import { SEG_JOIN, SEG_ORDER } from "@/lib/db/export/order";
import { readSpanMrwNames } from "@/lib/db/import/span-mrw-names";
import { mqmErrorField, mqmSeverityAttribute } from "@/lib/import/parse-mqm";
import type { TableRow } from "@/lib/export/table-lines";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { goldItemExcludedSql } from "@/lib/db/gold-checks/gold-item-sql";

interface TSpan {
  start: number;
  end: number;
  label: string | number;
  attributes?: Record<string, unknown>;
  mrwId?: string;
  comment?: string;
}

const isSpan = (s: unknown): s is TSpan => s !== null && typeof s === "object" && typeof (s as TSpan).start === "number" && typeof (s as TSpan).end === "number";

export function exportSchemeErrorRows(pool: Pool, projectId: string, def: TSchemeDefinition): AsyncGenerator<TableRow> {
  const field = mqmErrorField(def);
  return withExportSession(pool, async function* (s) {
    if (!field) return;
    const severity = mqmSeverityAttribute(field);
    const severityName = (v: unknown) => (v === undefined ? null : (severity?.options.find((o) => o.value === v)?.label ?? v));
    const labelRank = new Map(field.labels.map((l, i) => [l.value, i]));
    const mrws = await readSpanMrwNames(s, projectId);
    for await (const r of s.rows<{ system: string; doc: string; segment: string; rater: string; source: string; target: string; segmentId: string; value: unknown[] }>(
      `SELECT sys.name AS system, d."externalId" AS doc, s."externalId" AS segment, u.email AS rater, s.text AS source, t.text AS target, s.id AS "segmentId", a.value
       FROM "Annotation" a JOIN "Translation" t ON t.id = a."translationId" JOIN "Segment" s ON s.id = t."segmentId" ${SEG_JOIN}
       JOIN "MtSystem" sys ON sys.id = t."systemId" JOIN "User" u ON u.id = a."annotatorId"
       WHERE a."projectId" = $1 AND a.field = $2 AND jsonb_typeof(a.value) = 'array' AND a.value <> '[]'::jsonb AND ${goldItemExcludedSql('a."segmentId"')}
       ORDER BY ${SEG_ORDER}, sys.name, u.email`,
      [projectId, field.id],
    )) {
      const spans = r.value.filter(isSpan).sort((a, b) => a.start - b.start || a.end - b.end || (labelRank.get(a.label) ?? labelRank.size) - (labelRank.get(b.label) ?? labelRank.size));
      const { segmentId, value: _value, ...base } = r;
      for (const x of spans) {
        yield {
          ...base,
          category: x.label,
          severity: severityName(severity ? x.attributes?.[severity.id] : undefined),
          start: x.start,
          end: x.end,
          comment: x.comment ?? "",
          mrw: x.mrwId ? (mrws.nameOf(segmentId, x.mrwId) ?? x.mrwId) : "",
        };
      }
    }
  });
}
