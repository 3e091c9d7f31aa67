-- Issue 27 point 9: active time is credited once per annotator across items (the wall clock since
-- their previous report, whichever item it was on).
-- AlterTable
ALTER TABLE "User" ADD COLUMN     "lastTimeReportAt" TIMESTAMP(3);
