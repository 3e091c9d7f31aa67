-- Several target languages per project and annotator groups (issue 19 point 1).
-- Existing projects keep their one target language as the only entry of the list, and existing post-edits
-- were made in the target language of their project (the only language an annotator could see).

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "targetLangs" TEXT[] DEFAULT ARRAY[]::TEXT[];
UPDATE "Project" SET "targetLangs" = ARRAY["targetLang"];

-- AlterTable
ALTER TABLE "PostEdit" ADD COLUMN     "language" TEXT;
UPDATE "PostEdit" p SET "language" = pr."targetLang" FROM "Project" pr WHERE pr.id = p."projectId";
ALTER TABLE "PostEdit" ALTER COLUMN "language" SET NOT NULL;

-- CreateTable
CREATE TABLE "AnnotatorGroup" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "split" "Split",
    "documents" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AnnotatorGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AnnotatorGroupMember" (
    "id" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AnnotatorGroupMember_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AnnotatorGroup_projectId_name_key" ON "AnnotatorGroup"("projectId", "name");

-- CreateIndex
CREATE INDEX "AnnotatorGroupMember_projectId_userId_idx" ON "AnnotatorGroupMember"("projectId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "AnnotatorGroupMember_groupId_userId_key" ON "AnnotatorGroupMember"("groupId", "userId");

-- AddForeignKey
ALTER TABLE "AnnotatorGroup" ADD CONSTRAINT "AnnotatorGroup_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnnotatorGroupMember" ADD CONSTRAINT "AnnotatorGroupMember_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "AnnotatorGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnnotatorGroupMember" ADD CONSTRAINT "AnnotatorGroupMember_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnnotatorGroupMember" ADD CONSTRAINT "AnnotatorGroupMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
