-- Schemes as data, runtime (issue 14 point 2 and 5). No semicolon may appear inside a comment here:
-- the migration runner splits this file at every semicolon.
--
-- 1. Assignment.scheme becomes text. The built-in runtimes keep their values MMTE and METAHOPE
-- (every existing row is kept as it is), and a project that runs a scheme of its own has one
-- assignment per annotator and item with scheme 'SCHEME' (lib/schemes/scheme-runtime.ts).
-- The unique key (annotator, segment, scheme) is kept, only its column type changes.
-- The report change trigger names the column, so it is dropped and made again as it was.
DROP TRIGGER "Assignment_report_update" ON "Assignment";
ALTER TABLE "Assignment" ALTER COLUMN "scheme" TYPE TEXT USING "scheme"::text;
CREATE TRIGGER "Assignment_report_update" AFTER UPDATE OF "projectId", "annotatorId", "segmentId", scheme, status ON "Assignment" FOR EACH ROW EXECUTE FUNCTION tropos_report_change_row();
DROP TYPE "Scheme";

-- 2. Item texts by role (an NLI premise and hypothesis: scope { "role": ... }) and item lists
-- (cloze candidates: a choice field's optionsFrom, and item gold values such as the answer),
-- both as JSON objects keyed by the name the scheme uses. NULL = the item has none.
ALTER TABLE "Segment" ADD COLUMN "texts" JSONB;
ALTER TABLE "Segment" ADD COLUMN "lists" JSONB;
