-- Imported work counts as submitted (issue 13.1). Until now the reports guessed that an annotator
-- "reviewed every translation of the project" when they had imported error spans and no MetaHOPE
-- assignment, creating an assignment for them silently changed the agreement figures. An import
-- now records explicit DONE assignments with origin 'import', this migration writes the same
-- records for what earlier imports stored, so every figure stays as it was.
ALTER TABLE "Assignment" ADD COLUMN "origin" TEXT NOT NULL DEFAULT 'assigned';

-- MetaHOPE: exactly the annotators the old rule covered (imported spans, no MetaHOPE assignment,
-- no "reviewed" marker), on every segment of their project, as the rule did.
INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", scheme, status, position, "completedAt", origin)
SELECT gen_random_uuid()::text, s."projectId", a."annotatorId", s.id, 'METAHOPE', 'DONE', 0, now(), 'import'
FROM (
  SELECT DISTINCT e."projectId", e."annotatorId" FROM "ErrorSpan" e
  WHERE e."externalId" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "Assignment" x WHERE x."projectId" = e."projectId" AND x."annotatorId" = e."annotatorId" AND x.scheme = 'METAHOPE')
    AND NOT EXISTS (SELECT 1 FROM "Annotation" n WHERE n."projectId" = e."projectId" AND n."annotatorId" = e."annotatorId" AND n.field = 'METAHOPE_ERRORS' AND n."translationId" IS NOT NULL)
) a
JOIN "Segment" s ON s."projectId" = a."projectId"
ON CONFLICT ("annotatorId", "segmentId", scheme) DO NOTHING;

-- MMTE: annotators who hold MMTE values but no MMTE assignment at all in the project got them
-- from an import, their work on those segments counts as submitted in progress.
INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", scheme, status, position, "completedAt", origin)
SELECT gen_random_uuid()::text, w."projectId", w."annotatorId", w."segmentId", 'MMTE', 'DONE', 0, now(), 'import'
FROM (
  SELECT DISTINCT n."projectId", n."annotatorId", n."segmentId" FROM "Annotation" n
  WHERE n.field IN ('FLUENCY', 'INTELLIGIBILITY', 'FIDELITY', 'OVERALL', 'EQUIVALENCE', 'EMOTION', 'AUTHENTICITY')
    AND NOT EXISTS (SELECT 1 FROM "Assignment" x WHERE x."projectId" = n."projectId" AND x."annotatorId" = n."annotatorId" AND x.scheme = 'MMTE')
) w
ON CONFLICT ("annotatorId", "segmentId", scheme) DO NOTHING;
