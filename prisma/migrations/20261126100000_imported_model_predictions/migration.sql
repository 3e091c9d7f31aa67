-- Imported model predictions (issue 15): a model whose predictions come from a file (a MelBERT run
-- on Meta4XNLI, an emotion classifier's vectors) is a ModelEndpoint of kind "imported" with no
-- URL, so its Suggestion rows keep the same shape and provenance as an API model's and it is never
-- mistaken for a human annotator or asked by a suggest job.
ALTER TABLE "ModelEndpoint" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'api';
ALTER TABLE "ModelEndpoint" ALTER COLUMN "baseUrl" DROP NOT NULL;
ALTER TABLE "ModelEndpoint" ADD CONSTRAINT "ModelEndpoint_kind_check" CHECK (("kind" = 'api' AND "baseUrl" IS NOT NULL) OR ("kind" = 'imported' AND "baseUrl" IS NULL));
