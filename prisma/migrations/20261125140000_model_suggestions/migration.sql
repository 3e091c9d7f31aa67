-- Model suggestions (issue 15): the OpenAI-compatible endpoints a project may ask, and every
-- answer or recorded failure with its provenance. The API key itself is never stored, only the
-- name of the environment variable that holds it. Suggestions are kept apart from Annotation: a
-- model is never a human annotator.
-- CreateTable
CREATE TABLE "ModelEndpoint" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "apiKeyEnv" TEXT,
    "concurrency" INTEGER NOT NULL DEFAULT 2,
    "timeoutMs" INTEGER NOT NULL DEFAULT 60000,
    "pricePer1kTokens" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Suggestion" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "jobId" TEXT,
    "segmentId" TEXT NOT NULL,
    "translationId" TEXT,
    "mrwId" TEXT,
    "itemKey" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "value" JSONB,
    "status" TEXT NOT NULL,
    "failure" TEXT,
    "model" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "params" JSONB NOT NULL DEFAULT '{}',
    "rawReply" TEXT,
    "promptText" TEXT NOT NULL,
    "tokensIn" INTEGER,
    "tokensOut" INTEGER,
    "latencyMs" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Suggestion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ModelEndpoint_projectId_name_key" ON "ModelEndpoint"("projectId", "name");

-- CreateIndex
-- itemKey instead of the nullable translationId and mrwId: PostgreSQL treats NULLs as distinct
-- in a unique index, and a resumed job must find the unit it already stored
CREATE UNIQUE INDEX "Suggestion_endpointId_promptVersion_segmentId_itemKey_field_key" ON "Suggestion"("endpointId", "promptVersion", "segmentId", "itemKey", "field");

-- CreateIndex
CREATE INDEX "Suggestion_projectId_field_idx" ON "Suggestion"("projectId", "field");

-- CreateIndex
CREATE INDEX "Suggestion_jobId_idx" ON "Suggestion"("jobId");

-- CreateIndex
CREATE INDEX "Suggestion_segmentId_idx" ON "Suggestion"("segmentId");

-- CreateIndex
CREATE INDEX "Suggestion_translationId_idx" ON "Suggestion"("translationId");

-- CreateIndex
CREATE INDEX "Suggestion_mrwId_idx" ON "Suggestion"("mrwId");

-- AddForeignKey
ALTER TABLE "ModelEndpoint" ADD CONSTRAINT "ModelEndpoint_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Suggestion" ADD CONSTRAINT "Suggestion_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Suggestion" ADD CONSTRAINT "Suggestion_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "ModelEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Suggestion" ADD CONSTRAINT "Suggestion_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Suggestion" ADD CONSTRAINT "Suggestion_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Suggestion" ADD CONSTRAINT "Suggestion_translationId_fkey" FOREIGN KEY ("translationId") REFERENCES "Translation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Suggestion" ADD CONSTRAINT "Suggestion_mrwId_fkey" FOREIGN KEY ("mrwId") REFERENCES "Mrw"("id") ON DELETE CASCADE ON UPDATE CASCADE;
