-- An uploaded file is kept in parts of about 1 MB (lib/db/jobs.ts), each written by a statement
-- of its own: one statement of a 43 MB file held the embedded database's only session for 11 s.
ALTER TABLE "JobFile" ADD COLUMN "part" INTEGER NOT NULL DEFAULT 0;
DROP INDEX "JobFile_jobId_position_key";
CREATE UNIQUE INDEX "JobFile_jobId_position_part_key" ON "JobFile"("jobId", "position", "part");
