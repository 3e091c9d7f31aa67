-- An assignment is annotator x item (issue 28 point 1): Assignment.scheme goes. No semicolon may
-- appear inside a comment or a string here: the migration runner splits this file at every one.
--
-- A database of the release before the one runtime may still hold, for a project not moved yet,
-- one assignment per annotator x item *per part* (scheme MMTE and METAHOPE), perhaps beside a
-- SCHEME one. They are merged here by the rule the move onto the scheme runtime applied in
-- TypeScript until now (lib/db/move-onto-scheme-runtime.ts before this migration):
-- - an annotator's MMTE and METAHOPE assignments of an item become one assignment: DONE when every
--   one was (completedAt the latest), SKIPPED when all were, TODO when none was started, else
--   IN_PROGRESS, position the smallest, time spent added up, startedAt the earliest, origin
--   'import' only when every one came from an import, no active-time report yet
-- - where the annotator already holds a SCHEME assignment of the item, that one stays as it is and
--   the per-part ones go.
-- A DONE MetaHOPE assignment also said "reviewed every translation of the sentence" (a translation
-- without a span: no error), which that move turned into an empty METAHOPE_ERRORS list. With the
-- part gone that is said the way the earlier release said it of a single translation, a review
-- mark { "reviewed": true } (with its History row), where the annotator has no METAHOPE_ERRORS
-- value of the translation yet and the project's scheme has that spans field (or stores no
-- version yet, when the move gives it every built-in field). The move turns the marks into empty
-- lists (lib/db/built-in-to-scheme-values.ts), and the reports read a mark as a review meanwhile.
-- Each project touched gets an AuditLog row 'assignment.parts-merged' with the counts.
-- One statement, so that it is done whole or not at all.
WITH parts AS (
  SELECT * FROM "Assignment" WHERE scheme IN ('MMTE', 'METAHOPE')
),
latest AS (
  SELECT DISTINCT ON ("projectId") "projectId", version, definition FROM "ProjectScheme" ORDER BY "projectId", version DESC
),
marks AS (
  INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "itemKey", field, value, version, "schemeVersion", "updatedAt")
  SELECT gen_random_uuid()::text, g."projectId", g."annotatorId", g."segmentId", t.id, t.id || ':-', 'METAHOPE_ERRORS', '{"reviewed": true}'::jsonb, 1, l.version, now()
  FROM parts g
  JOIN "Translation" t ON t."segmentId" = g."segmentId"
  LEFT JOIN latest l ON l."projectId" = g."projectId"
  WHERE g.scheme = 'METAHOPE' AND g.status = 'DONE'
    AND (l."projectId" IS NULL OR l.definition->'fields' @> '[{"id": "METAHOPE_ERRORS", "kind": "spans", "scope": "translation"}]'::jsonb)
  ON CONFLICT ("annotatorId", "segmentId", "itemKey", field) DO NOTHING
  RETURNING id, "projectId", value
),
marks_history AS (
  INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
  SELECT gen_random_uuid()::text, "projectId", NULL, 'ANNOTATION', id, 1, NULL, value FROM marks
),
merged AS (
  INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", scheme, status, position, "timeSpentMs", "startedAt", "completedAt", "updatedAt", origin)
  SELECT gen_random_uuid()::text, "projectId", "annotatorId", "segmentId", 'SCHEME',
         (CASE WHEN bool_and(status = 'DONE') THEN 'DONE' WHEN bool_and(status = 'SKIPPED') THEN 'SKIPPED'
               WHEN bool_and(status = 'TODO') THEN 'TODO' ELSE 'IN_PROGRESS' END)::"AssignmentStatus",
         min(position), sum("timeSpentMs")::int, min("startedAt"), CASE WHEN bool_and(status = 'DONE') THEN max("completedAt") END, now(),
         CASE WHEN bool_and(origin = 'import') THEN 'import' ELSE 'assigned' END
  FROM parts
  GROUP BY "projectId", "annotatorId", "segmentId"
  ON CONFLICT ("annotatorId", "segmentId", scheme) DO NOTHING
  RETURNING "projectId"
),
gone AS (
  DELETE FROM "Assignment" a USING parts p WHERE a.id = p.id RETURNING a."projectId"
)
INSERT INTO "AuditLog" (id, "projectId", "userId", action, detail)
SELECT gen_random_uuid()::text, g."projectId", NULL, 'assignment.parts-merged',
       jsonb_build_object('partAssignments', g.n, 'assignments', coalesce(m.n, 0), 'reviewMarks', coalesce(k.n, 0))
FROM (SELECT "projectId", count(*)::int AS n FROM gone GROUP BY "projectId") g
LEFT JOIN (SELECT "projectId", count(*)::int AS n FROM merged GROUP BY "projectId") m ON m."projectId" = g."projectId"
LEFT JOIN (SELECT "projectId", count(*)::int AS n FROM marks GROUP BY "projectId") k ON k."projectId" = g."projectId";

-- The column goes with its unique key. The report change trigger names the column, so it is
-- dropped and made again without it (20261123000000_report_changes, 20261125180000_scheme_runtime).
DROP TRIGGER "Assignment_report_update" ON "Assignment";
DROP INDEX "Assignment_annotatorId_segmentId_scheme_key";
ALTER TABLE "Assignment" DROP COLUMN "scheme";
CREATE UNIQUE INDEX "Assignment_annotatorId_segmentId_key" ON "Assignment"("annotatorId", "segmentId");
CREATE TRIGGER "Assignment_report_update" AFTER UPDATE OF "projectId", "annotatorId", "segmentId", status ON "Assignment" FOR EACH ROW EXECUTE FUNCTION tropos_report_change_row();
