-- Automatic metric columns (issue 19 point 2): per-translation scores computed elsewhere
-- (BERTScore, COMET, chrF, a model judge), imported from TSV/JSONL and shown beside MMTE's human
-- criteria with their correlations. One value per translation and metric (importing again updates it).
CREATE TABLE "MetricScore" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "translationId" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "source" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MetricScore_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "MetricScore_translationId_metric_key" ON "MetricScore"("translationId", "metric");
CREATE INDEX "MetricScore_projectId_idx" ON "MetricScore"("projectId");
ALTER TABLE "MetricScore" ADD CONSTRAINT "MetricScore_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MetricScore" ADD CONSTRAINT "MetricScore_translationId_fkey" FOREIGN KEY ("translationId") REFERENCES "Translation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
