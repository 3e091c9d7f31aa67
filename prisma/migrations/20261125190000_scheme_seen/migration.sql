-- Guidelines changed since your last visit (issue 14 point 3): the scheme version each member last
-- saw in a project. A first visit records the version in force without a notice, a later
-- version shows what changed until the member marks it read.
CREATE TABLE "SchemeSeen" (
    "userId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SchemeSeen_pkey" PRIMARY KEY ("userId", "projectId")
);
CREATE INDEX "SchemeSeen_projectId_idx" ON "SchemeSeen"("projectId");
ALTER TABLE "SchemeSeen" ADD CONSTRAINT "SchemeSeen_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SchemeSeen" ADD CONSTRAINT "SchemeSeen_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
