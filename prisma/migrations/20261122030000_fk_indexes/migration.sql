-- Indexes on foreign keys whose cascading deletes would otherwise scan whole tables, and the
-- per-annotator lookup of the workspace.
-- CreateIndex
CREATE INDEX "Annotation_projectId_annotatorId_segmentId_idx" ON "Annotation"("projectId", "annotatorId", "segmentId");

-- CreateIndex
CREATE INDEX "Annotation_translationId_idx" ON "Annotation"("translationId");

-- CreateIndex
CREATE INDEX "Annotation_mrwId_idx" ON "Annotation"("mrwId");

-- CreateIndex
CREATE INDEX "ErrorSpan_mrwId_idx" ON "ErrorSpan"("mrwId");

-- CreateIndex
CREATE INDEX "Adjudication_translationId_idx" ON "Adjudication"("translationId");

-- CreateIndex
CREATE INDEX "Adjudication_mrwId_idx" ON "Adjudication"("mrwId");
