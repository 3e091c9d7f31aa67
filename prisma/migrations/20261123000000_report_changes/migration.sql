-- Prisma's driver adapter runs a migration by splitting it at every semicolon (@prisma/adapter-pg
-- executeScript), so the function bodies below are E'' strings spelling the semicolon as \073, and no
-- comment here holds a semicolon.
--
-- Change log for the report cache (lib/db/report-data-cache.ts): every write statement to a
-- table the reports read appends one row per project it touched, tagged with the writing
-- transaction (xid8). A cached report read remembers the snapshot it was taken under and stays
-- valid while no row exists whose transaction that snapshot could not see. Statement-level
-- triggers with transition tables: one insert per statement, however many rows it wrote (a bulk
-- import adds a handful of rows, a save adds one). Appends only, so concurrent saves never wait
-- on each other here.

-- CreateTable
CREATE TABLE "ReportChange" (
    "id" BIGSERIAL NOT NULL,
    "projectId" TEXT NOT NULL,
    "xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
    "tableName" TEXT NOT NULL,
    "keys" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT clock_timestamp(),

    CONSTRAINT "ReportChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReportChange_projectId_xid_idx" ON "ReportChange"("projectId", "xid");

-- Annotations: also the unique key of every row written (old and new for updates), so that the
-- cache can read just those rows again, unless the statement wrote more than 5,000 of them.
CREATE FUNCTION tropos_report_change_annotation() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO "ReportChange" ("projectId", "tableName", keys)
      SELECT "projectId", TG_TABLE_NAME, CASE WHEN count(*) <= 5000 THEN array_agg(DISTINCT k) END
      FROM (SELECT "projectId", "annotatorId" || '' '' || "segmentId" || '' '' || "itemKey" || '' '' || field AS k FROM new_rows) r GROUP BY "projectId"\073
  ELSIF TG_OP = ''UPDATE'' THEN
    INSERT INTO "ReportChange" ("projectId", "tableName", keys)
      SELECT "projectId", TG_TABLE_NAME, CASE WHEN count(*) <= 10000 THEN array_agg(DISTINCT k) END
      FROM (SELECT "projectId", "annotatorId" || '' '' || "segmentId" || '' '' || "itemKey" || '' '' || field AS k FROM new_rows
            UNION ALL SELECT "projectId", "annotatorId" || '' '' || "segmentId" || '' '' || "itemKey" || '' '' || field FROM old_rows) r GROUP BY "projectId"\073
  ELSE
    INSERT INTO "ReportChange" ("projectId", "tableName", keys)
      SELECT "projectId", TG_TABLE_NAME, CASE WHEN count(*) <= 5000 THEN array_agg(DISTINCT k) END
      FROM (SELECT "projectId", "annotatorId" || '' '' || "segmentId" || '' '' || "itemKey" || '' '' || field AS k FROM old_rows) r GROUP BY "projectId"\073
  END IF\073
  RETURN NULL\073
END ';

-- Other tables with a "projectId" column.
CREATE FUNCTION tropos_report_change_by_project() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO "ReportChange" ("projectId", "tableName") SELECT DISTINCT "projectId", TG_TABLE_NAME FROM new_rows\073
  ELSIF TG_OP = ''UPDATE'' THEN
    INSERT INTO "ReportChange" ("projectId", "tableName") SELECT "projectId", TG_TABLE_NAME FROM new_rows UNION SELECT "projectId", TG_TABLE_NAME FROM old_rows\073
  ELSE
    INSERT INTO "ReportChange" ("projectId", "tableName") SELECT DISTINCT "projectId", TG_TABLE_NAME FROM old_rows\073
  END IF\073
  RETURN NULL\073
END ';

-- Translations belong to a project through their system.
CREATE FUNCTION tropos_report_change_by_system() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO "ReportChange" ("projectId", "tableName") SELECT DISTINCT s."projectId", TG_TABLE_NAME FROM new_rows r JOIN "MtSystem" s ON s.id = r."systemId"\073
  ELSIF TG_OP = ''UPDATE'' THEN
    INSERT INTO "ReportChange" ("projectId", "tableName")
      SELECT s."projectId", TG_TABLE_NAME FROM new_rows r JOIN "MtSystem" s ON s.id = r."systemId"
      UNION SELECT s."projectId", TG_TABLE_NAME FROM old_rows r JOIN "MtSystem" s ON s.id = r."systemId"\073
  ELSE
    -- a translation deleted with its system (or project) is covered by that delete''s own rows
    INSERT INTO "ReportChange" ("projectId", "tableName") SELECT DISTINCT s."projectId", TG_TABLE_NAME FROM old_rows r JOIN "MtSystem" s ON s.id = r."systemId"\073
  END IF\073
  RETURN NULL\073
END ';

-- Row-level, for updates limited to some columns (PostgreSQL allows no transition tables
-- there): a project's own languages, an assignment's status.
CREATE FUNCTION tropos_report_change_project_row() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "ReportChange" ("projectId", "tableName") VALUES (NEW.id, TG_TABLE_NAME)\073
  RETURN NULL\073
END ';

CREATE FUNCTION tropos_report_change_row() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "ReportChange" ("projectId", "tableName") VALUES (NEW."projectId", TG_TABLE_NAME)\073
  IF OLD."projectId" IS DISTINCT FROM NEW."projectId" THEN
    INSERT INTO "ReportChange" ("projectId", "tableName") VALUES (OLD."projectId", TG_TABLE_NAME)\073
  END IF\073
  RETURN NULL\073
END ';

-- Users belong to no project, and TRUNCATE names no rows: "*" concerns every project.
CREATE FUNCTION tropos_report_change_all() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "ReportChange" ("projectId", "tableName") VALUES (''*'', TG_TABLE_NAME)\073
  RETURN NULL\073
END ';

CREATE TRIGGER "Annotation_report_insert" AFTER INSERT ON "Annotation" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_annotation();
CREATE TRIGGER "Annotation_report_update" AFTER UPDATE ON "Annotation" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_annotation();
CREATE TRIGGER "Annotation_report_delete" AFTER DELETE ON "Annotation" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_annotation();

CREATE TRIGGER "ErrorSpan_report_insert" AFTER INSERT ON "ErrorSpan" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "ErrorSpan_report_update" AFTER UPDATE ON "ErrorSpan" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "ErrorSpan_report_delete" AFTER DELETE ON "ErrorSpan" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();

CREATE TRIGGER "Adjudication_report_insert" AFTER INSERT ON "Adjudication" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "Adjudication_report_update" AFTER UPDATE ON "Adjudication" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "Adjudication_report_delete" AFTER DELETE ON "Adjudication" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();

CREATE TRIGGER "GoldReference_report_insert" AFTER INSERT ON "GoldReference" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "GoldReference_report_update" AFTER UPDATE ON "GoldReference" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "GoldReference_report_delete" AFTER DELETE ON "GoldReference" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();

-- Only what the reports read of an assignment (not the active time, which ticks while annotating).
CREATE TRIGGER "Assignment_report_insert" AFTER INSERT ON "Assignment" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "Assignment_report_update" AFTER UPDATE OF "projectId", "annotatorId", "segmentId", scheme, status ON "Assignment" FOR EACH ROW EXECUTE FUNCTION tropos_report_change_row();
CREATE TRIGGER "Assignment_report_delete" AFTER DELETE ON "Assignment" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();

CREATE TRIGGER "Document_report_insert" AFTER INSERT ON "Document" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "Document_report_update" AFTER UPDATE ON "Document" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "Document_report_delete" AFTER DELETE ON "Document" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();

CREATE TRIGGER "Segment_report_insert" AFTER INSERT ON "Segment" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "Segment_report_update" AFTER UPDATE ON "Segment" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "Segment_report_delete" AFTER DELETE ON "Segment" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();

CREATE TRIGGER "Mrw_report_insert" AFTER INSERT ON "Mrw" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "Mrw_report_update" AFTER UPDATE ON "Mrw" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "Mrw_report_delete" AFTER DELETE ON "Mrw" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();

CREATE TRIGGER "MtSystem_report_insert" AFTER INSERT ON "MtSystem" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "MtSystem_report_update" AFTER UPDATE ON "MtSystem" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
CREATE TRIGGER "MtSystem_report_delete" AFTER DELETE ON "MtSystem" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();

CREATE TRIGGER "Translation_report_insert" AFTER INSERT ON "Translation" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_system();
CREATE TRIGGER "Translation_report_update" AFTER UPDATE ON "Translation" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_system();
CREATE TRIGGER "Translation_report_delete" AFTER DELETE ON "Translation" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_system();

CREATE TRIGGER "Project_report_update" AFTER UPDATE OF "sourceLang", "targetLang" ON "Project" FOR EACH ROW EXECUTE FUNCTION tropos_report_change_project_row();

CREATE TRIGGER "User_report_update" AFTER UPDATE OF email ON "User" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();

CREATE TRIGGER "Annotation_report_truncate" AFTER TRUNCATE ON "Annotation" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
CREATE TRIGGER "ErrorSpan_report_truncate" AFTER TRUNCATE ON "ErrorSpan" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
CREATE TRIGGER "Adjudication_report_truncate" AFTER TRUNCATE ON "Adjudication" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
CREATE TRIGGER "GoldReference_report_truncate" AFTER TRUNCATE ON "GoldReference" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
CREATE TRIGGER "Assignment_report_truncate" AFTER TRUNCATE ON "Assignment" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
CREATE TRIGGER "Document_report_truncate" AFTER TRUNCATE ON "Document" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
CREATE TRIGGER "Segment_report_truncate" AFTER TRUNCATE ON "Segment" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
CREATE TRIGGER "Mrw_report_truncate" AFTER TRUNCATE ON "Mrw" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
CREATE TRIGGER "MtSystem_report_truncate" AFTER TRUNCATE ON "MtSystem" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
CREATE TRIGGER "Translation_report_truncate" AFTER TRUNCATE ON "Translation" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
CREATE TRIGGER "User_report_truncate" AFTER TRUNCATE ON "User" FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_all();
