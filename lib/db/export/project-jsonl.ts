// Streams a whole project as Tropos JSONL (lib/import/jsonl-schema.ts): corpus, translations,
// alignments, annotations, error spans, post-edits, adjudications and gold references. Each
// line is validated with the importer's own schema before it is written, and people are named
// by email, MRWs by external id (inside a span list's value too), so `import` of this file into
// another project recreates the same content.
import type { Pool } from "pg";
import { SEG_JOIN, SEG_ORDER } from "@/lib/db/export/order";
import { withExportSession, type ExportSession } from "@/lib/db/export/cursor";
import { penaltyOf } from "@/lib/schemes/presets/built-in-codes";
import { categoryOrder, severityOrder } from "@/lib/db/upgrade/built-in-code-order";
import {
  ZJsonlAdjudication,
  ZJsonlAlignment,
  ZJsonlAnnotation,
  ZJsonlDocument,
  ZJsonlErrorSpan,
  ZJsonlGoldReference,
  ZJsonlMrw,
  ZJsonlPostEdit,
  ZJsonlSegment,
  ZJsonlTranslation,
} from "@/lib/import/jsonl-schema";
import { roleItemKey } from "@/lib/schemes/language/value-anchor";
import { projectTargetLangs } from "@/lib/projects/target-languages";
import { readSpanMrwNames } from "@/lib/db/import/span-mrw-names";

/** null → absent, so optional keys are omitted rather than written as null (the schema refuses null). */
function opt<K extends string, V>(key: K, v: V | null | undefined): Partial<Record<K, V>> {
  return v === null || v === undefined ? {} : ({ [key]: v } as Record<K, V>);
}
const lower = (s: string | null) => (s ? (s.toLowerCase() as "pilot" | "test") : null);
const line = (rec: unknown) => `${JSON.stringify(rec)}\n`;
const ROLE_PREFIX = roleItemKey("");
/** The role of a value anchored to an item text (item key "role:<id>", a project's own scheme); null otherwise. */
const roleOf = (itemKey: string) => (itemKey.startsWith(ROLE_PREFIX) ? itemKey.slice(ROLE_PREFIX.length) : null);

export function exportProjectJsonl(pool: Pool, projectId: string): AsyncGenerator<string> {
  return withExportSession(pool, (s) => projectLines(s, projectId));
}

async function* projectLines(s: ExportSession, projectId: string): AsyncGenerator<string> {
  // lines that refer to a translation name its language where the project has several (a line
  // without one is read as the only translation of its segment and system)
  let multi = false;
  for await (const p of s.rows<{ targetLang: string; targetLangs: string[] | null }>(`SELECT "targetLang", "targetLangs" FROM "Project" WHERE id = $1`, [projectId])) multi = projectTargetLangs(p).length > 1;
  const lang = (language: string | null) => (multi ? opt("language", language) : {});
  const { named } = await readSpanMrwNames(s, projectId);
  yield* corpusLines(s, projectId);
  for await (const r of s.rows<{ seg: string; system: string; language: string; text: string }>(
    `SELECT s."externalId" AS seg, sys.name AS system, t.language, t.text
     FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" ${SEG_JOIN} JOIN "MtSystem" sys ON sys.id = t."systemId"
     WHERE s."projectId" = $1 ORDER BY ${SEG_ORDER}, sys.name, t.language`,
    [projectId],
  ))
    yield line(ZJsonlTranslation.parse({ type: "translation", segmentId: r.seg, system: r.system, language: r.language, text: r.text }));

  for await (const r of s.rows<{ seg: string; mrw: string; system: string; language: string; spans: { start: number; end: number }[]; pattern: string }>(
    `SELECT s."externalId" AS seg, m."externalId" AS mrw, sys.name AS system, t.language, a.spans, a.pattern::text AS pattern
     FROM "Alignment" a JOIN "Mrw" m ON m.id = a."mrwId" JOIN "Segment" s ON s.id = m."segmentId" ${SEG_JOIN}
     JOIN "Translation" t ON t.id = a."translationId" JOIN "MtSystem" sys ON sys.id = t."systemId"
     WHERE m."projectId" = $1 ORDER BY ${SEG_ORDER}, m.start, m."end", m."externalId", sys.name, t.language`,
    [projectId],
  ))
    yield line(ZJsonlAlignment.parse({ type: "alignment", segmentId: r.seg, mrwId: r.mrw, system: r.system, ...lang(r.language), spans: r.spans, pattern: r.pattern }));

  for await (const r of s.rows<{ seg: string; segmentId: string; email: string; system: string | null; language: string | null; mrw: string | null; itemKey: string; field: string; value: unknown }>(
    `SELECT s."externalId" AS seg, a."segmentId", u.email, sys.name AS system, t.language, m."externalId" AS mrw, a."itemKey", a.field, a.value
     FROM "Annotation" a JOIN "Segment" s ON s.id = a."segmentId" ${SEG_JOIN} JOIN "User" u ON u.id = a."annotatorId"
     LEFT JOIN "Translation" t ON t.id = a."translationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
     LEFT JOIN "Mrw" m ON m.id = a."mrwId"
     WHERE a."projectId" = $1 ORDER BY ${SEG_ORDER}, u.email, sys.name NULLS FIRST, t.language NULLS FIRST, m.start NULLS FIRST, m."externalId" NULLS FIRST, a.field`,
    [projectId],
  ))
    yield line(
      ZJsonlAnnotation.parse({ type: "annotation", annotator: r.email, segmentId: r.seg, ...opt("system", r.system), ...lang(r.language), ...opt("mrwId", r.mrw), ...opt("role", roleOf(r.itemKey)), field: r.field, value: named(r.segmentId, r.value) }),
    );

  for await (const r of s.rows<{ seg: string; email: string; system: string; language: string; mrw: string | null; category: string; severity: string; start: number; end: number; comment: string | null }>(
    `SELECT s."externalId" AS seg, u.email, sys.name AS system, t.language, m."externalId" AS mrw, e.category::text AS category, e.severity::text AS severity, e.start, e."end", e.comment
     FROM "ErrorSpan" e JOIN "Translation" t ON t.id = e."translationId" JOIN "Segment" s ON s.id = t."segmentId" ${SEG_JOIN}
     JOIN "MtSystem" sys ON sys.id = t."systemId" JOIN "User" u ON u.id = e."annotatorId" LEFT JOIN "Mrw" m ON m.id = e."mrwId"
     WHERE e."projectId" = $1 AND e."deletedAt" IS NULL AND e.category IS NOT NULL AND e.severity IS NOT NULL
     ORDER BY ${SEG_ORDER}, u.email, sys.name, t.language, m.start NULLS FIRST, m."externalId" NULLS FIRST, ${categoryOrder("e.category")}, e.start, e."end", ${severityOrder("e.severity")}`,
    [projectId],
  ))
    yield line(
      ZJsonlErrorSpan.parse({
        type: "errorSpan",
        annotator: r.email,
        segmentId: r.seg,
        system: r.system,
        ...lang(r.language),
        ...opt("mrwId", r.mrw),
        category: r.category,
        severity: penaltyOf(r.severity),
        span: { start: r.start, end: r.end },
        ...opt("comment", r.comment),
      }),
    );

  for await (const r of s.rows<{ seg: string; email: string; system: string | null; text: string; kind: string; language: string }>(
    `SELECT s."externalId" AS seg, u.email, sys.name AS system, p.text, lower(p.kind::text) AS kind, p.language
     FROM "PostEdit" p JOIN "Segment" s ON s.id = p."segmentId" ${SEG_JOIN} JOIN "User" u ON u.id = p."annotatorId"
     LEFT JOIN "Translation" t ON t.id = p."baseTranslationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
     WHERE p."projectId" = $1 ORDER BY ${SEG_ORDER}, u.email, p.kind, p.language`,
    [projectId],
  ))
    yield line(ZJsonlPostEdit.parse({ type: "postEdit", annotator: r.email, segmentId: r.seg, ...opt("system", r.system), text: r.text, kind: r.kind, language: r.language }));

  for await (const r of s.rows<{ seg: string; segmentId: string; system: string | null; language: string | null; mrw: string | null; itemKey: string; field: string; value: unknown; rationale: string; email: string | null; automatic: boolean }>(
    `SELECT s."externalId" AS seg, a."segmentId", sys.name AS system, t.language, m."externalId" AS mrw, a."itemKey", a.field, a.value, a.rationale, u.email, a.automatic
     FROM "Adjudication" a JOIN "Segment" s ON s.id = a."segmentId" ${SEG_JOIN}
     LEFT JOIN "Translation" t ON t.id = a."translationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
     LEFT JOIN "Mrw" m ON m.id = a."mrwId" LEFT JOIN "User" u ON u.id = a."adjudicatorId"
     WHERE a."projectId" = $1 ORDER BY ${SEG_ORDER}, sys.name NULLS FIRST, t.language NULLS FIRST, m.start NULLS FIRST, m."externalId" NULLS FIRST, a.field`,
    [projectId],
  ))
    yield line(
      ZJsonlAdjudication.parse({
        type: "adjudication",
        segmentId: r.seg,
        ...opt("system", r.system),
        ...lang(r.language),
        ...opt("mrwId", r.mrw),
        ...opt("role", roleOf(r.itemKey)),
        field: r.field,
        value: named(r.segmentId, r.value),
        rationale: r.rationale,
        ...opt("adjudicator", r.email),
        automatic: r.automatic,
      }),
    );

  for await (const r of s.rows<{ seg: string; language: string; kind: string; text: string; system: string | null; peEmail: string | null; peKind: string | null; approver: string | null }>(
    `SELECT s."externalId" AS seg, g.language, lower(g.kind::text) AS kind, g.text, sys.name AS system,
            pu.email AS "peEmail", lower(pe.kind::text) AS "peKind", au.email AS approver
     FROM "GoldReference" g JOIN "Segment" s ON s.id = g."segmentId" ${SEG_JOIN}
     LEFT JOIN "Translation" t ON t.id = g."sourceTranslationId" LEFT JOIN "MtSystem" sys ON sys.id = t."systemId"
     LEFT JOIN "PostEdit" pe ON pe.id = g."sourcePostEditId" LEFT JOIN "User" pu ON pu.id = pe."annotatorId"
     LEFT JOIN "User" au ON au.id = g."approvedById"
     WHERE g."projectId" = $1 ORDER BY ${SEG_ORDER}, g.language, g.kind`,
    [projectId],
  ))
    yield line(
      ZJsonlGoldReference.parse({
        type: "goldReference",
        segmentId: r.seg,
        language: r.language,
        kind: r.kind,
        text: r.text,
        ...opt("sourceSystem", r.system),
        ...opt("sourcePostEditAnnotator", r.peEmail),
        ...opt("sourcePostEditKind", r.peKind),
        ...opt("approvedBy", r.approver),
      }),
    );
}

/** Documents, each followed by its segments, each followed by its MRWs: one joined cursor. */
async function* corpusLines(s: ExportSession, projectId: string): AsyncGenerator<string> {
  let doc: string | null = null;
  let seg: string | null = null;
  for await (const r of s.rows<{
    docExt: string; title: string | null; docLang: string; genre: string | null; docSplit: string | null;
    segExt: string | null; index: number; text: string; segLang: string; segSplit: string | null; segMeta: boolean;
    texts: Record<string, string> | null; lists: Record<string, unknown> | null;
    mrwExt: string | null; spans: { start: number; end: number }[]; token: string; lemma: string | null; rawPos: string | null; pos: string;
    mtype: string | null; subtype: string | null; deliberate: boolean | null; gloss: string | null; active: boolean; mrwMeta: boolean;
  }>(
    `SELECT d."externalId" AS "docExt", d.title, d.language AS "docLang", d.genre, d.split::text AS "docSplit",
            s."externalId" AS "segExt", s.index, s.text, s.language AS "segLang", s.split::text AS "segSplit", s.metaphorical AS "segMeta",
            s.texts, s.lists,
            m."externalId" AS "mrwExt", m.spans, m.token, m.lemma, m."rawPos", m.pos::text AS pos, m.type AS mtype, m.subtype,
            m.deliberate, m.gloss, m.active, m.metaphorical AS "mrwMeta"
     FROM "Document" d LEFT JOIN "Segment" s ON s."documentId" = d.id LEFT JOIN "Mrw" m ON m."segmentId" = s.id
     WHERE d."projectId" = $1 ORDER BY ${SEG_ORDER}, m.start, m."end", m."externalId"`,
    [projectId],
  )) {
    if (r.docExt !== doc) {
      doc = r.docExt;
      seg = null;
      yield line(ZJsonlDocument.parse({ type: "document", externalId: r.docExt, ...opt("title", r.title), language: r.docLang, ...opt("genre", r.genre), ...opt("split", lower(r.docSplit)) }));
    }
    if (r.segExt === null) continue;
    if (r.segExt !== seg) {
      seg = r.segExt;
      yield line(
        ZJsonlSegment.parse({ type: "segment", documentId: r.docExt, externalId: r.segExt, index: r.index, text: r.text, language: r.segLang, ...opt("split", lower(r.segSplit)), metaphorical: r.segMeta, ...opt("texts", r.texts), ...opt("lists", r.lists) }),
      );
    }
    if (r.mrwExt === null) continue;
    yield line(
      ZJsonlMrw.parse({
        type: "mrw",
        segmentId: r.segExt,
        externalId: r.mrwExt,
        spans: r.spans,
        token: r.token,
        ...opt("lemma", r.lemma),
        ...opt("rawPos", r.rawPos),
        pos: r.pos,
        ...opt("mrwType", r.mtype),
        ...opt("subtype", r.subtype),
        ...opt("deliberate", r.deliberate),
        ...opt("gloss", r.gloss),
        active: r.active,
        metaphorical: r.mrwMeta,
      }),
    );
  }
}
