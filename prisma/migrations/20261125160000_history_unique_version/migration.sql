-- Safe retries (issue 21 point 7). No semicolon may appear inside a comment here: the migration
-- runner splits this file at every semicolon.
--
-- 1. History gets one row per version of an entity: a unique key on (entity, entityId, version).
-- Duplicates can already exist, so they are numbered before the key is added, never deleted:
--   - a restore (lib/db/project-dump.ts) kept the original entityId of History rows whose entity
--     was deleted (an undone automatic acceptance), so a backup restored next to its original
--     repeated those rows in the new project with the same entity, entityId and version
--   - two concurrent undos of automatic acceptance each wrote version n+1 for the same decision.
-- The earliest row of each (entity, entityId, version) keeps duplicate = 0 and every later copy
-- gets 1, 2 and so on in order of creation. Every History row stays, readable as before, and
-- the extra copies remain distinguishable. New rows always have duplicate = 0, so the key refuses
-- a second row for a version from now on. The unique index also serves the lookups by
-- (entity, entityId) that the old index served, so that index goes.
ALTER TABLE "History" ADD COLUMN "duplicate" INTEGER NOT NULL DEFAULT 0;

UPDATE "History" h SET "duplicate" = d.n
FROM (
  SELECT id, (row_number() OVER (PARTITION BY entity, "entityId", version ORDER BY "createdAt", id) - 1)::int AS n
  FROM "History"
) d
WHERE h.id = d.id AND d.n > 0;

DROP INDEX "History_entity_entityId_idx";

CREATE UNIQUE INDEX "History_entity_entityId_version_duplicate_key" ON "History"("entity", "entityId", "version", "duplicate");

-- 2. The answer of each save under the idempotency key the browser gave it (lib/db/save-receipts.ts).
CREATE TABLE "SaveReceipt" (
    "userId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "response" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SaveReceipt_pkey" PRIMARY KEY ("userId","key")
);

CREATE INDEX "SaveReceipt_projectId_idx" ON "SaveReceipt"("projectId");

CREATE INDEX "SaveReceipt_createdAt_idx" ON "SaveReceipt"("createdAt");

ALTER TABLE "SaveReceipt" ADD CONSTRAINT "SaveReceipt_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "SaveReceipt" ADD CONSTRAINT "SaveReceipt_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
