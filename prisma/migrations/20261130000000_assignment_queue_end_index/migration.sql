-- The end of an annotator's queue in one index step: an adaptive rule's extra assignment goes
-- there at a submit, which must not scan the annotator's whole queue (issue 31, < 5 ms at 100,000 items).
CREATE INDEX "Assignment_projectId_annotatorId_position_idx" ON "Assignment"("projectId", "annotatorId", "position");
