-- Persisted report snapshots (lib/db/report-snapshots.ts): the encoded report data of a project
-- as last read, with the pg_snapshot it was read under, so that a server start or an evicted
-- cache entry brings it up to date from the ReportChange log instead of reading a million rows.
-- The horizon table records, per project, up to which transaction the log was pruned: a
-- snapshot whose xmin is not above it may have missed a pruned change and is not trusted.
-- (No semicolons in comments: the migration runner splits the file at every one.)
-- CreateTable
CREATE TABLE "ReportChangeHorizon" (
    "projectId" TEXT NOT NULL,
    "xid" xid8 NOT NULL,

    CONSTRAINT "ReportChangeHorizon_pkey" PRIMARY KEY ("projectId")
);

-- CreateTable
CREATE TABLE "ReportSnapshot" (
    "projectId" TEXT NOT NULL,
    "snapshot" TEXT NOT NULL,
    "cluster" TEXT NOT NULL,
    "withText" BOOLEAN NOT NULL,
    "format" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReportSnapshot_pkey" PRIMARY KEY ("projectId")
);

-- CreateTable
CREATE TABLE "ReportSnapshotChunk" (
    "projectId" TEXT NOT NULL,
    "n" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "ReportSnapshotChunk_pkey" PRIMARY KEY ("projectId","n")
);

-- AddForeignKey
ALTER TABLE "ReportSnapshot" ADD CONSTRAINT "ReportSnapshot_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReportSnapshotChunk" ADD CONSTRAINT "ReportSnapshotChunk_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "ReportSnapshot"("projectId") ON DELETE CASCADE ON UPDATE CASCADE;


-- The chunks are encoded typed arrays that hardly compress: stored out of line, uncompressed,
-- which is what makes reading them back fast.
ALTER TABLE "ReportSnapshotChunk" ALTER COLUMN "data" SET STORAGE EXTERNAL;
