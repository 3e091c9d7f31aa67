-- Per-field rules of the gold checks (issue 31 point 1: "accuracy or agreement with gold per field,
-- set by the lead"): a field's own pass mark, and for scales and numbers a distance from gold that
-- still counts as right (lib/gold-checks/field-rules.ts).
ALTER TABLE "GoldCheckConfig" ADD COLUMN "fieldRules" JSONB NOT NULL DEFAULT '{}';
