// The Label Studio export of a project running its own scheme (lib/export/label-studio-tasks.ts
// says what is written): items, translations and every annotator's values read in one snapshot,
// written as one JSON array, a task per line. Label Studio exports are project-sized files read
// whole by Label Studio itself, so the tasks are built in memory.
import type { Pool } from "pg";
import { withExportSession } from "@/lib/db/export/cursor";
import { labelStudioTasks, perSystem, type TLsItem, type TLsValue } from "@/lib/export/label-studio-tasks";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { goldItemExcludedSql } from "@/lib/db/gold-checks/gold-item-sql";

export async function* exportLabelStudioLines(pool: Pool, projectId: string, scheme: TSchemeDefinition): AsyncGenerator<string> {
  yield* withExportSession(pool, async function* (session) {
    const segments = await session.query<{ id: string; segmentId: string; document: string; text: string }>(
      `SELECT s.id, s."externalId" AS "segmentId", d."externalId" AS document, s.text FROM "Segment" s JOIN "Document" d ON d.id = s."documentId"
       WHERE s."projectId" = $1 ORDER BY d.position, d."externalId", s.index`,
      [projectId],
    );
    const translations = await session.query<{ segment: string; system: string; text: string }>(
      `SELECT t."segmentId" AS segment, m.name AS system, t.text FROM "Translation" t JOIN "MtSystem" m ON m.id = t."systemId" WHERE m."projectId" = $1 ORDER BY m.name`,
      [projectId],
    );
    const values = await session.query<{ segment: string; annotator: string; field: string; system: string | null; value: unknown }>(
      `SELECT a."segmentId" AS segment, u.email AS annotator, a.field, m.name AS system, a.value FROM "Annotation" a
       JOIN "User" u ON u.id = a."annotatorId" LEFT JOIN "Translation" t ON t.id = a."translationId" LEFT JOIN "MtSystem" m ON m.id = t."systemId"
       WHERE a."projectId" = $1 AND ${goldItemExcludedSql('a."segmentId"')} ORDER BY u.email, a.field`,
      [projectId],
    );
    const bySegment = new Map<string, TLsValue[]>();
    for (const v of values) bySegment.set(v.segment, [...(bySegment.get(v.segment) ?? []), { annotator: v.annotator, field: v.field, system: v.system, value: v.value }]);
    const rowId = new Map<string, string>();
    const items: TLsItem[] = [];
    const per = perSystem(scheme);
    for (const s of segments) {
      const own = translations.filter((t) => t.segment === s.id);
      if (per && own.length > 0) {
        for (const t of own) {
          const item = { segmentId: s.segmentId, document: s.document, text: s.text, system: t.system, translation: t.text };
          items.push(item);
          rowId.set(`${s.segmentId}\u0000${t.system}`, s.id);
        }
      } else {
        items.push({ segmentId: s.segmentId, document: s.document, text: s.text });
        rowId.set(`${s.segmentId}\u0000`, s.id);
      }
    }
    const tasks = labelStudioTasks(scheme, items, (item) => bySegment.get(rowId.get(`${item.segmentId}\u0000${item.system ?? ""}`)!) ?? []);
    yield "[\n";
    for (const [i, t] of tasks.entries()) yield `${JSON.stringify(t)}${i + 1 < tasks.length ? "," : ""}\n`;
    yield "]\n";
  });
}
