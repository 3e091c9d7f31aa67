-- Active time is credited against wall-clock time (issue 13.23): a report adds at most the time
-- since the previous accepted report of the same assignment, so repeated `action: "time"` calls
-- cannot inflate it. NULL = no report yet (the first report only sets the baseline).
ALTER TABLE "Assignment" ADD COLUMN "lastTimeReportAt" TIMESTAMP(3);
