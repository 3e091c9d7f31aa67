-- Exports as background jobs (issue 21 point 1): the file an export job wrote, in chunks of about
-- 1 MB, so any app server can hand it out (no local disk) and a worker that dies mid-export leaves
-- nothing behind but chunks its retry deletes first. Removed with the job.
CREATE TABLE "JobOutput" (
    "id" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    CONSTRAINT "JobOutput_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "JobOutput_jobId_position_key" ON "JobOutput"("jobId", "position");
ALTER TABLE "JobOutput" ADD CONSTRAINT "JobOutput_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;
