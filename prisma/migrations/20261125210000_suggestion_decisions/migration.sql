-- Model suggestions in the workspace (issue 15 point 4): an annotator's decision on a suggestion
-- shown pre-filled, accepted, edited or rejected, with the value saved. One row per suggestion and
-- annotator (a later decision updates it), removed with the suggestion, the annotator or the project.
CREATE TABLE "SuggestionDecision" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "suggestionId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "value" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SuggestionDecision_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "SuggestionDecision_decision_check" CHECK ("decision" IN ('accepted', 'edited', 'rejected'))
);
CREATE UNIQUE INDEX "SuggestionDecision_suggestionId_annotatorId_key" ON "SuggestionDecision"("suggestionId", "annotatorId");
CREATE INDEX "SuggestionDecision_projectId_idx" ON "SuggestionDecision"("projectId");
CREATE INDEX "SuggestionDecision_annotatorId_idx" ON "SuggestionDecision"("annotatorId");
ALTER TABLE "SuggestionDecision" ADD CONSTRAINT "SuggestionDecision_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SuggestionDecision" ADD CONSTRAINT "SuggestionDecision_suggestionId_fkey" FOREIGN KEY ("suggestionId") REFERENCES "Suggestion"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SuggestionDecision" ADD CONSTRAINT "SuggestionDecision_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
