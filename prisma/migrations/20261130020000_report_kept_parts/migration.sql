-- Parts of reports (one field's statistics, one paper table) kept in the database under the
-- versions of the fields they read (lib/db/reports/kept-parts.ts), beside the stored copies of the
-- report data, so that the first dashboard view after a server start computes again only the
-- parts whose fields changed since the copy was stored (issue 28).
CREATE TABLE "ReportKeptPart" (
    "projectId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "tokens" TEXT[],
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReportKeptPart_pkey" PRIMARY KEY ("projectId","kind","hash")
);

ALTER TABLE "ReportKeptPart" ADD CONSTRAINT "ReportKeptPart_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
