/**
 * Fills a seeded demo project with every assigned annotator's finished work, in bulk SQL:
 * the four MMTE quality scores per translation, Equivalence, Emotion and Authenticity per MRW
 * (values drawn around a latent quality, so annotators agree moderately and disagree sometimes),
 * a MetaHOPE "reviewed" marker per translation and an error span on about a third of them (written
 * as an earlier release stored them: the caller moves them into METAHOPE_ERRORS lists with
 * lib/db/upgrade/move-onto-scheme-runtime.ts, as the app stores them now), and every assignment DONE.
 * Deterministic (setseed). The benchmark of the dashboard at demo size
 * (bench/demo-dashboard.ts) uses it, so that the figure measured is the demo's largest state
 * (three annotators who finished everything), whatever the demo seed itself contains.
 */
import type { Pool } from "pg";

export async function fillDemoAnnotations(pool: Pool, slug: string, seed = 0.42): Promise<{ annotations: number; errorSpans: number }> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT setseed($1)", [seed]);
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM "Project" WHERE slug = $1`, [slug]);
    const projectId = rows[0]?.id;
    if (!projectId) throw new Error(`fillDemoAnnotations: no project ${slug}`);
    // one row per (annotator, translation, MRW or none) the annotator is assigned to
    await client.query(
      `CREATE TEMP TABLE fill_t ON COMMIT DROP AS
       SELECT DISTINCT a."annotatorId" AS uid, s.id AS sid, t.id AS tid, 1 + floor(random() * 5)::int AS q
       FROM "Assignment" a JOIN "Segment" s ON s.id = a."segmentId" JOIN "Translation" t ON t."segmentId" = s.id
       WHERE a."projectId" = $1`,
      [projectId],
    );
    const likert = `greatest(1, least(5, f.q + (floor(random() * 3)::int - 1)))`;
    await client.query(
      `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value)
       SELECT 'fill-' || md5(f.uid || f.tid || d), $1, f.uid, f.sid, f.tid, NULL, f.tid || ':-', d, to_jsonb(${likert})
       FROM fill_t f, unnest(ARRAY['FLUENCY', 'INTELLIGIBILITY', 'FIDELITY', 'OVERALL']) d
       ON CONFLICT DO NOTHING`,
      [projectId],
    );
    await client.query(
      `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value)
       SELECT 'fill-' || md5(f.uid || f.tid || m.id || d), $1, f.uid, f.sid, f.tid, m.id, f.tid || ':' || m.id, d,
         CASE d WHEN 'AUTHENTICITY' THEN to_jsonb(${likert})
                WHEN 'EMOTION' THEN to_jsonb((ARRAY['ZERO', 'LESS', 'SAME', 'MORE'])[1 + (f.q + floor(random() * 2)::int) % 4])
                ELSE to_jsonb(CASE WHEN NOT m.metaphorical THEN (ARRAY['LITERAL', 'METAPHORICAL', 'ERROR'])[1 + (f.q + floor(random() * 2)::int) % 3]
                                   ELSE (ARRAY['FULL', 'PART', 'NON', 'MISUNDERSTANDING', 'ERROR'])[1 + (f.q + floor(random() * 2)::int) % 5] END) END
       FROM fill_t f JOIN "Mrw" m ON m."segmentId" = f.sid, unnest(ARRAY['EQUIVALENCE', 'EMOTION', 'AUTHENTICITY']) d
       ON CONFLICT DO NOTHING`,
      [projectId],
    );
    // the project's scheme has MetaHOPE's error spans
    const metahope = (
      await client.query(
        `SELECT 1 FROM "ProjectScheme" WHERE "projectId" = $1 AND jsonb_path_exists(definition, '$.fields[*] ? (@.id == "METAHOPE_ERRORS")')
         ORDER BY version DESC LIMIT 1`,
        [projectId],
      )
    ).rowCount;
    if (metahope) {
      await client.query(
        `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value)
         SELECT 'fill-r-' || md5(f.uid || f.tid), $1, f.uid, f.sid, f.tid, NULL, f.tid || ':-', 'METAHOPE_ERRORS', '{"reviewed": true}'
         FROM fill_t f ON CONFLICT DO NOTHING`,
        [projectId],
      );
      await client.query(
        `INSERT INTO "ErrorSpan" (id, "projectId", "annotatorId", "translationId", "mrwId", category, severity, start, "end")
         SELECT 'fill-e-' || md5(f.uid || f.tid), $1, f.uid, f.tid,
                CASE WHEN random() < 0.7 THEN (SELECT m.id FROM "Mrw" m WHERE m."segmentId" = f.sid ORDER BY m.start LIMIT 1) END,
                (ARRAY['IMP', 'RAM', 'MIS', 'STL', 'PRF'])[1 + floor(random() * 5)::int],
                (ARRAY['MINOR', 'MEDIUM', 'MAJOR', 'SEVERE', 'CRITICAL'])[1 + floor(random() * 5)::int], 0, 2
         FROM fill_t f WHERE random() < 0.35 ON CONFLICT DO NOTHING`,
        [projectId],
      );
    }
    await client.query(`UPDATE "Assignment" SET status = 'DONE', "completedAt" = now() WHERE "projectId" = $1`, [projectId]);
    await client.query("COMMIT");
    const counts = await client.query<{ annotations: number; errorSpans: number }>(
      `SELECT (SELECT count(*) FROM "Annotation" WHERE "projectId" = $1)::int AS annotations, (SELECT count(*) FROM "ErrorSpan" WHERE "projectId" = $1)::int AS "errorSpans"`,
      [projectId],
    );
    return counts.rows[0];
  } catch (e) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}
