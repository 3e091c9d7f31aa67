-- A project's new scheme version is a change to its reports (issue 14 point 6): the stored and
-- cached report copies are read in full again after it. ProjectScheme is not one of the tables a
-- report copy can patch (lib/db/report-data.ts REFRESHABLE_TABLES), so its change log row means a
-- full read of that project and of no other.
CREATE TRIGGER "ProjectScheme_report_insert" AFTER INSERT ON "ProjectScheme" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tropos_report_change_by_project();
