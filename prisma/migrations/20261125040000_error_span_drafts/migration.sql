-- Draft error spans (issue 13, point 7): a span marked in the workspace is stored at once, before
-- its category and severity are chosen, so a reload never loses it. Readers that compute figures
-- or export spans skip drafts ("category" IS NULL OR "severity" IS NULL), and completeness refuses
-- submit while an item has one.
ALTER TABLE "ErrorSpan" ALTER COLUMN "category" DROP NOT NULL;
ALTER TABLE "ErrorSpan" ALTER COLUMN "severity" DROP NOT NULL;
