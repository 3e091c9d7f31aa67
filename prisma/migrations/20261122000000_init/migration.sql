-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('MANAGER', 'ANNOTATOR', 'ADJUDICATOR');

-- CreateEnum
CREATE TYPE "Split" AS ENUM ('PILOT', 'TEST');

-- CreateEnum
CREATE TYPE "Pos" AS ENUM ('NOUN', 'VERB', 'ADJ', 'ADV', 'OTHER');

-- CreateEnum
CREATE TYPE "RealisationPattern" AS ENUM ('DIRECT', 'PARAPHRASE', 'DISTRIBUTED', 'IMPLICIT', 'PARTIAL', 'OMISSION');

-- CreateEnum
CREATE TYPE "Scheme" AS ENUM ('MMTE', 'METAHOPE');

-- CreateEnum
CREATE TYPE "AssignmentStatus" AS ENUM ('TODO', 'IN_PROGRESS', 'DONE', 'SKIPPED');

-- CreateEnum
CREATE TYPE "ErrorCategory" AS ENUM ('IMP', 'RAM', 'MIS', 'STL', 'PRF');

-- CreateEnum
CREATE TYPE "Severity" AS ENUM ('MINOR', 'MEDIUM', 'MAJOR', 'SEVERE', 'CRITICAL');

-- CreateEnum
CREATE TYPE "EditKind" AS ENUM ('FIGURATIVE', 'LITERAL');

-- CreateEnum
CREATE TYPE "HistoryEntity" AS ENUM ('ANNOTATION', 'ERROR_SPAN', 'POST_EDIT', 'ADJUDICATION', 'GOLD_REFERENCE');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginAttempt" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoginAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sourceLang" TEXT NOT NULL DEFAULT 'en',
    "targetLang" TEXT NOT NULL DEFAULT 'zh',
    "schemeConfig" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectMember" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProjectMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Document" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "title" TEXT,
    "language" TEXT NOT NULL,
    "genre" TEXT,
    "split" "Split",
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Segment" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "split" "Split",
    "metaphorical" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "Segment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Mrw" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "spans" JSONB NOT NULL,
    "start" INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "lemma" TEXT,
    "rawPos" TEXT,
    "pos" "Pos" NOT NULL DEFAULT 'OTHER',
    "type" TEXT,
    "subtype" TEXT,
    "deliberate" BOOLEAN,
    "gloss" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "metaphorical" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "Mrw_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MtSystem" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "MtSystem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Translation" (
    "id" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "systemId" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "Translation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Alignment" (
    "id" TEXT NOT NULL,
    "mrwId" TEXT NOT NULL,
    "translationId" TEXT NOT NULL,
    "spans" JSONB NOT NULL,
    "pattern" "RealisationPattern" NOT NULL,

    CONSTRAINT "Alignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "scheme" "Scheme" NOT NULL,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'TODO',
    "position" INTEGER NOT NULL DEFAULT 0,
    "timeSpentMs" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Annotation" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "translationId" TEXT,
    "mrwId" TEXT,
    "itemKey" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Annotation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ErrorSpan" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "translationId" TEXT NOT NULL,
    "mrwId" TEXT,
    "category" "ErrorCategory" NOT NULL,
    "severity" "Severity" NOT NULL,
    "start" INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    "comment" TEXT,
    "externalId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ErrorSpan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PostEdit" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "kind" "EditKind" NOT NULL,
    "text" TEXT NOT NULL,
    "baseTranslationId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PostEdit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Adjudication" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "translationId" TEXT,
    "mrwId" TEXT,
    "itemKey" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "rationale" TEXT NOT NULL DEFAULT '',
    "adjudicatorId" TEXT,
    "automatic" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Adjudication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GoldReference" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "kind" "EditKind" NOT NULL,
    "text" TEXT NOT NULL,
    "sourcePostEditId" TEXT,
    "sourceTranslationId" TEXT,
    "approvedById" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GoldReference_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "History" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "userId" TEXT,
    "entity" "HistoryEntity" NOT NULL,
    "entityId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "oldValue" JSONB,
    "newValue" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "History_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL,
    "projectId" TEXT,
    "userId" TEXT,
    "action" TEXT NOT NULL,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "LoginAttempt_email_createdAt_idx" ON "LoginAttempt"("email", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Project_slug_key" ON "Project"("slug");

-- CreateIndex
CREATE INDEX "ProjectMember_userId_idx" ON "ProjectMember"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectMember_projectId_userId_role_key" ON "ProjectMember"("projectId", "userId", "role");

-- CreateIndex
CREATE INDEX "Document_projectId_position_idx" ON "Document"("projectId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Document_projectId_externalId_key" ON "Document"("projectId", "externalId");

-- CreateIndex
CREATE INDEX "Segment_projectId_split_idx" ON "Segment"("projectId", "split");

-- CreateIndex
CREATE UNIQUE INDEX "Segment_projectId_externalId_key" ON "Segment"("projectId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Segment_documentId_index_key" ON "Segment"("documentId", "index");

-- CreateIndex
CREATE INDEX "Mrw_projectId_idx" ON "Mrw"("projectId");

-- CreateIndex
CREATE UNIQUE INDEX "Mrw_segmentId_externalId_key" ON "Mrw"("segmentId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "MtSystem_projectId_name_key" ON "MtSystem"("projectId", "name");

-- CreateIndex
CREATE INDEX "Translation_systemId_idx" ON "Translation"("systemId");

-- CreateIndex
CREATE UNIQUE INDEX "Translation_segmentId_systemId_language_key" ON "Translation"("segmentId", "systemId", "language");

-- CreateIndex
CREATE INDEX "Alignment_translationId_idx" ON "Alignment"("translationId");

-- CreateIndex
CREATE UNIQUE INDEX "Alignment_mrwId_translationId_key" ON "Alignment"("mrwId", "translationId");

-- CreateIndex
CREATE INDEX "Assignment_projectId_annotatorId_status_idx" ON "Assignment"("projectId", "annotatorId", "status");

-- CreateIndex
CREATE INDEX "Assignment_projectId_segmentId_idx" ON "Assignment"("projectId", "segmentId");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_annotatorId_segmentId_scheme_key" ON "Assignment"("annotatorId", "segmentId", "scheme");

-- CreateIndex
CREATE INDEX "Annotation_projectId_field_idx" ON "Annotation"("projectId", "field");

-- CreateIndex
CREATE INDEX "Annotation_segmentId_idx" ON "Annotation"("segmentId");

-- CreateIndex
CREATE UNIQUE INDEX "Annotation_annotatorId_segmentId_itemKey_field_key" ON "Annotation"("annotatorId", "segmentId", "itemKey", "field");

-- CreateIndex
CREATE INDEX "ErrorSpan_projectId_annotatorId_idx" ON "ErrorSpan"("projectId", "annotatorId");

-- CreateIndex
CREATE INDEX "ErrorSpan_translationId_idx" ON "ErrorSpan"("translationId");

-- CreateIndex
CREATE UNIQUE INDEX "ErrorSpan_annotatorId_translationId_externalId_key" ON "ErrorSpan"("annotatorId", "translationId", "externalId");

-- CreateIndex
CREATE INDEX "PostEdit_projectId_idx" ON "PostEdit"("projectId");

-- CreateIndex
CREATE UNIQUE INDEX "PostEdit_segmentId_annotatorId_kind_key" ON "PostEdit"("segmentId", "annotatorId", "kind");

-- CreateIndex
CREATE INDEX "Adjudication_projectId_field_idx" ON "Adjudication"("projectId", "field");

-- CreateIndex
CREATE UNIQUE INDEX "Adjudication_segmentId_itemKey_field_key" ON "Adjudication"("segmentId", "itemKey", "field");

-- CreateIndex
CREATE INDEX "GoldReference_projectId_idx" ON "GoldReference"("projectId");

-- CreateIndex
CREATE UNIQUE INDEX "GoldReference_segmentId_language_kind_key" ON "GoldReference"("segmentId", "language", "kind");

-- CreateIndex
CREATE INDEX "History_entity_entityId_idx" ON "History"("entity", "entityId");

-- CreateIndex
CREATE INDEX "History_projectId_createdAt_idx" ON "History"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_projectId_createdAt_idx" ON "AuditLog"("projectId", "createdAt");

-- AddForeignKey
ALTER TABLE "LoginAttempt" ADD CONSTRAINT "LoginAttempt_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectMember" ADD CONSTRAINT "ProjectMember_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectMember" ADD CONSTRAINT "ProjectMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Segment" ADD CONSTRAINT "Segment_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Segment" ADD CONSTRAINT "Segment_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mrw" ADD CONSTRAINT "Mrw_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mrw" ADD CONSTRAINT "Mrw_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MtSystem" ADD CONSTRAINT "MtSystem_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Translation" ADD CONSTRAINT "Translation_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Translation" ADD CONSTRAINT "Translation_systemId_fkey" FOREIGN KEY ("systemId") REFERENCES "MtSystem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Alignment" ADD CONSTRAINT "Alignment_mrwId_fkey" FOREIGN KEY ("mrwId") REFERENCES "Mrw"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Alignment" ADD CONSTRAINT "Alignment_translationId_fkey" FOREIGN KEY ("translationId") REFERENCES "Translation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_translationId_fkey" FOREIGN KEY ("translationId") REFERENCES "Translation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_mrwId_fkey" FOREIGN KEY ("mrwId") REFERENCES "Mrw"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ErrorSpan" ADD CONSTRAINT "ErrorSpan_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ErrorSpan" ADD CONSTRAINT "ErrorSpan_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ErrorSpan" ADD CONSTRAINT "ErrorSpan_translationId_fkey" FOREIGN KEY ("translationId") REFERENCES "Translation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ErrorSpan" ADD CONSTRAINT "ErrorSpan_mrwId_fkey" FOREIGN KEY ("mrwId") REFERENCES "Mrw"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostEdit" ADD CONSTRAINT "PostEdit_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostEdit" ADD CONSTRAINT "PostEdit_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostEdit" ADD CONSTRAINT "PostEdit_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostEdit" ADD CONSTRAINT "PostEdit_baseTranslationId_fkey" FOREIGN KEY ("baseTranslationId") REFERENCES "Translation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_translationId_fkey" FOREIGN KEY ("translationId") REFERENCES "Translation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_mrwId_fkey" FOREIGN KEY ("mrwId") REFERENCES "Mrw"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_adjudicatorId_fkey" FOREIGN KEY ("adjudicatorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldReference" ADD CONSTRAINT "GoldReference_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldReference" ADD CONSTRAINT "GoldReference_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldReference" ADD CONSTRAINT "GoldReference_sourcePostEditId_fkey" FOREIGN KEY ("sourcePostEditId") REFERENCES "PostEdit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldReference" ADD CONSTRAINT "GoldReference_sourceTranslationId_fkey" FOREIGN KEY ("sourceTranslationId") REFERENCES "Translation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldReference" ADD CONSTRAINT "GoldReference_approvedById_fkey" FOREIGN KEY ("approvedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "History" ADD CONSTRAINT "History_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "History" ADD CONSTRAINT "History_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

