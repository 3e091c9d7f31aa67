-- Gold checks (issue 31 points 1–2): qualification on gold items and hidden gold checks.

CREATE TYPE "GoldItemRole" AS ENUM ('QUALIFICATION', 'CHECK');

CREATE TABLE "GoldCheckConfig" (
    "projectId" TEXT NOT NULL,
    "passMark" DOUBLE PRECISION NOT NULL DEFAULT 0.8,
    "checkShare" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GoldCheckConfig_pkey" PRIMARY KEY ("projectId"),
    CONSTRAINT "GoldCheckConfig_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GoldCheckConfig_passMark_check" CHECK ("passMark" >= 0 AND "passMark" <= 1),
    CONSTRAINT "GoldCheckConfig_checkShare_check" CHECK ("checkShare" >= 0 AND "checkShare" < 1)
);

CREATE TABLE "GoldItem" (
    "segmentId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "role" "GoldItemRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GoldItem_pkey" PRIMARY KEY ("segmentId"),
    CONSTRAINT "GoldItem_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GoldItem_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "GoldItem_projectId_role_idx" ON "GoldItem"("projectId", "role");

CREATE TABLE "QualificationAttempt" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "passed" BOOLEAN NOT NULL,
    "passMark" DOUBLE PRECISION NOT NULL,
    "scores" JSONB NOT NULL,
    "answers" JSONB NOT NULL,
    "scoredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "QualificationAttempt_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "QualificationAttempt_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "QualificationAttempt_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "QualificationAttempt_projectId_annotatorId_attempt_key" ON "QualificationAttempt"("projectId", "annotatorId", "attempt");
CREATE INDEX "QualificationAttempt_annotatorId_idx" ON "QualificationAttempt"("annotatorId");

CREATE TABLE "GoldCheckAnswer" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "itemKey" TEXT NOT NULL,
    "correct" BOOLEAN NOT NULL,
    "answeredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GoldCheckAnswer_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "GoldCheckAnswer_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GoldCheckAnswer_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GoldCheckAnswer_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "GoldCheckAnswer_annotatorId_segmentId_field_itemKey_key" ON "GoldCheckAnswer"("annotatorId", "segmentId", "field", "itemKey");
CREATE INDEX "GoldCheckAnswer_projectId_annotatorId_answeredAt_idx" ON "GoldCheckAnswer"("projectId", "annotatorId", "answeredAt");
CREATE INDEX "GoldCheckAnswer_segmentId_idx" ON "GoldCheckAnswer"("segmentId");

-- Marking or unmarking a gold item changes which values the study's figures read: the report
-- caches (lib/db/reports/*-cache.ts) see it as a change they cannot patch, and read afresh.
CREATE TRIGGER "GoldItem_report_insert" AFTER INSERT ON "GoldItem" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "GoldItem_report_update" AFTER UPDATE ON "GoldItem" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "GoldItem_report_delete" AFTER DELETE ON "GoldItem" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
