-- Enums become data (issue 14): the codes the built-in runtime keeps in its own tables are text.
-- The label sets are the presets' (lib/schemes/presets/mmte.json, metahope.json), checked where
-- the codes are written (lib/schemes/presets/built-in-codes.ts: the workspace, imports, restores),
-- no longer by the database. The casts keep every stored string as it was (IMP … PRF, MINOR …
-- CRITICAL, DIRECT … OMISSION, FIGURATIVE and LITERAL), NULL drafts included. The unique indexes
-- on PostEdit and GoldReference that hold "kind" are rebuilt by PostgreSQL with the column. No
-- trigger names these columns. No semicolon may appear in a comment here: the migration runner
-- splits this file at every semicolon.
ALTER TABLE "ErrorSpan" ALTER COLUMN "category" TYPE TEXT USING "category"::text;
ALTER TABLE "ErrorSpan" ALTER COLUMN "severity" TYPE TEXT USING "severity"::text;
ALTER TABLE "Alignment" ALTER COLUMN "pattern" TYPE TEXT USING "pattern"::text;
ALTER TABLE "PostEdit" ALTER COLUMN "kind" TYPE TEXT USING "kind"::text;
ALTER TABLE "GoldReference" ALTER COLUMN "kind" TYPE TEXT USING "kind"::text;
DROP TYPE "ErrorCategory";
DROP TYPE "Severity";
DROP TYPE "RealisationPattern";
DROP TYPE "EditKind";
