-- A project may store more than one copy for its reports (lib/db/reports/snapshots.ts): the paper
-- analyses' rows ("report", lib/db/reports/report-data-cache.ts) and the scheme report's values
-- ("scheme:<language>", lib/db/reports/scheme-report-data-cache.ts). The copies stored so far are
-- the paper analyses' ones.
-- (No semicolons in comments: the migration runner splits the file at every one.)
ALTER TABLE "ReportSnapshotChunk" DROP CONSTRAINT "ReportSnapshotChunk_projectId_fkey";
ALTER TABLE "ReportSnapshotChunk" DROP CONSTRAINT "ReportSnapshotChunk_pkey";
ALTER TABLE "ReportSnapshot" DROP CONSTRAINT "ReportSnapshot_pkey";

ALTER TABLE "ReportSnapshot" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'report';
ALTER TABLE "ReportSnapshotChunk" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'report';

ALTER TABLE "ReportSnapshot" ADD CONSTRAINT "ReportSnapshot_pkey" PRIMARY KEY ("projectId", "kind");
ALTER TABLE "ReportSnapshotChunk" ADD CONSTRAINT "ReportSnapshotChunk_pkey" PRIMARY KEY ("projectId", "kind", "n");
ALTER TABLE "ReportSnapshotChunk" ADD CONSTRAINT "ReportSnapshotChunk_projectId_kind_fkey" FOREIGN KEY ("projectId", "kind") REFERENCES "ReportSnapshot"("projectId", "kind") ON DELETE CASCADE ON UPDATE CASCADE;
