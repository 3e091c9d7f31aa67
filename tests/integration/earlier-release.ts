// Writes an import's work the way the release before the one runtime stored it, as a database of
// that release looks after the migrations, for the tests of the move onto the scheme runtime
// (issue 28). The current loadImport stores every value as a scheme value (error spans as lists of
// METAHOPE_ERRORS, post-edits as edit fields), so a test that needs the earlier release's rows
// writes them itself:
// - the values of fields other than METAHOPE_ERRORS go through loadImport (they were stored alike);
// - error spans in ErrorSpan (category code, severity code), post-edits in PostEdit (kind in
//   capitals, base translation), review marks as `{ reviewed: true }` values of METAHOPE_ERRORS;
// - the finished work as one DONE assignment per annotator × item, and a review mark on every
//   translation of each sentence the file reviewed under MetaHOPE's rule: what migration
//   20261129000000_assignment_per_item leaves of that release's per-part MMTE/METAHOPE assignments
//   (tests/integration/migration-assignment-parts.test.ts writes those themselves).
// loadImport stores the parts' preset as version 1 when the project has none (the first import,
// before any such row is written); the caller replaces it as the presets-stored migration stored it.
import type { Pool } from "pg";
import { loadImport } from "@/lib/db/import/load-import";
import { loadCompletions } from "@/lib/db/import/completions";
import { ProjectRaters } from "@/lib/db/import/raters";
import { importCompletions } from "@/lib/import/completions";
import { metahopeReviewedSentences } from "@/lib/import/metahope-reviews";
import type { ImportResult } from "@/lib/import/types";
import { severityCodeOf } from "@/lib/schemes/presets/built-in-codes";

const MARKS = "METAHOPE_ERRORS";

export async function loadAsEarlierRelease(pool: Pool, projectId: string, fileName: string, result: ImportResult): Promise<void> {
  const values: ImportResult = { ...result, annotations: result.annotations.filter((a) => a.field !== MARKS), errorSpans: [], postEdits: [], completed: [] };
  await loadImport(pool, { projectId, fileName, result: values });

  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const seg = new Map<string, string>();
    const tr = new Map<string, string>();
    const mrw = new Map<string, string>();
    for (const r of (await client.query<{ id: string; externalId: string }>(`SELECT id, "externalId" FROM "Segment" WHERE "projectId" = $1`, [projectId])).rows) seg.set(r.externalId, r.id);
    for (const r of (
      await client.query<{ id: string; segment: string; system: string; language: string }>(
        `SELECT t.id, s."externalId" AS segment, m.name AS system, t.language FROM "Translation" t JOIN "Segment" s ON s.id = t."segmentId" JOIN "MtSystem" m ON m.id = t."systemId" WHERE s."projectId" = $1`,
        [projectId],
      )
    ).rows) {
      tr.set(`${r.segment}\u0000${r.system}`, r.id);
      tr.set(`${r.segment}\u0000${r.system}\u0000${r.language}`, r.id);
    }
    for (const r of (await client.query<{ id: string; segment: string; externalId: string }>(`SELECT m.id, s."externalId" AS segment, m."externalId" FROM "Mrw" m JOIN "Segment" s ON s.id = m."segmentId" WHERE m."projectId" = $1`, [projectId])).rows)
      mrw.set(`${r.segment}\u0000${r.externalId}`, r.id);
    const need = <T>(v: T | undefined, what: string): T => {
      if (v === undefined) throw new Error(`earlier-release fixture: ${what} is not in the project`);
      return v;
    };
    const segId = (s: string) => need(seg.get(s), `segment ${s}`);
    const trId = (s: string, system: string, language?: string) => need(tr.get(language ? `${s}\u0000${system}\u0000${language}` : `${s}\u0000${system}`), `translation ${s}/${system}`);
    const raters = await ProjectRaters.open(client, projectId);
    const user = (name: string) => raters.resolve(name, "ANNOTATOR");

    for (const e of result.errorSpans) {
      await client.query(
        `INSERT INTO "ErrorSpan" (id, "projectId", "annotatorId", "translationId", "mrwId", category, severity, start, "end", comment, "externalId")
         VALUES (gen_random_uuid()::text, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          projectId, await user(e.annotator), trId(e.segmentId, e.system, e.language), e.mrwId ? need(mrw.get(`${e.segmentId}\u0000${e.mrwId}`), `MRW ${e.mrwId}`) : null,
          e.category, severityCodeOf(e.severity), e.span.start, e.span.end, e.comment ?? null,
          // an imported span had a stable id (what migration 20261125000000_import_completions looks for)
          [fileName, e.annotator, e.segmentId, e.system, e.mrwId ?? "-", e.span.start, e.span.end, e.category].join("|"),
        ],
      );
    }
    for (const p of result.postEdits) {
      if (p.text.trim() === "") continue;
      await client.query(
        `INSERT INTO "PostEdit" (id, "projectId", "segmentId", "annotatorId", kind, language, text, "baseTranslationId") VALUES (gen_random_uuid()::text, $1, $2, $3, $4, $5, $6, $7)`,
        [projectId, segId(p.segmentId), await user(p.annotator), p.kind.toUpperCase(), p.language, p.text, p.system ? trId(p.segmentId, p.system, p.language) : null],
      );
    }
    const mark = async (annotatorId: string, segmentId: string, translationId: string) =>
      client.query(
        `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "itemKey", field, value, "updatedAt")
         VALUES (gen_random_uuid()::text, $1, $2, $3, $4, $5, $6, '{"reviewed": true}'::jsonb, now())
         ON CONFLICT ("annotatorId", "segmentId", "itemKey", field) DO NOTHING`,
        [projectId, annotatorId, segmentId, translationId, `${translationId}:-`, MARKS],
      );
    for (const a of result.annotations.filter((x) => x.field === MARKS && x.system)) await mark(await user(a.annotator), segId(a.segmentId), trId(a.segmentId, a.system!, a.language));
    // the DONE MetaHOPE assignments the migration turned into marks (the project's scheme has the spans field)
    const latest = await client.query<{ spans: boolean }>(
      `SELECT definition->'fields' @> '[{"id": "METAHOPE_ERRORS", "kind": "spans", "scope": "translation"}]'::jsonb AS spans FROM "ProjectScheme" WHERE "projectId" = $1 ORDER BY version DESC LIMIT 1`,
      [projectId],
    );
    if (latest.rows[0]?.spans ?? true) {
      for (const r of metahopeReviewedSentences(result)) {
        const translations = await client.query<{ id: string }>(`SELECT id FROM "Translation" WHERE "segmentId" = $1`, [segId(r.segmentId)]);
        for (const t of translations.rows) await mark(await user(r.annotator), segId(r.segmentId), t.id);
      }
    }
    const rows: [string, string][] = [];
    for (const c of importCompletions(result)) rows.push([await user(c.annotator), segId(c.segmentId)]);
    await loadCompletions(client, projectId, rows);
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK");
    throw e;
  } finally {
    client.release();
  }
}
