-- Versioned project schemes (issue 14 point 3): each version of a project's annotation scheme as
-- a JSON document, and on every annotation the version it was last saved under. Existing
-- annotations keep NULL: they were made under the project's built-in preset.
-- CreateTable
CREATE TABLE "ProjectScheme" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "definition" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" TEXT,
    "note" TEXT,

    CONSTRAINT "ProjectScheme_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN "schemeVersion" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "ProjectScheme_projectId_version_key" ON "ProjectScheme"("projectId", "version");

-- CreateIndex
CREATE INDEX "ProjectScheme_createdById_idx" ON "ProjectScheme"("createdById");

-- AddForeignKey
ALTER TABLE "ProjectScheme" ADD CONSTRAINT "ProjectScheme_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectScheme" ADD CONSTRAINT "ProjectScheme_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
