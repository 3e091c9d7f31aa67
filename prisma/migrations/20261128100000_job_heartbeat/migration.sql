-- Which worker process runs a job and when it last said so (lib/jobs/job-heartbeat.ts): a job left
-- "running" by a process that died (a restart of the demo) is taken up again by a live worker
-- instead of showing "running" for ever, and a cancel of it takes effect at once.
ALTER TABLE "Job" ADD COLUMN "workerId" TEXT;
ALTER TABLE "Job" ADD COLUMN "heartbeatAt" TIMESTAMP(3);
