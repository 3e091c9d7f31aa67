// Saving one annotation value: the hot path of the workspace. Validation first (field registry,
// scope, scheme config), then ONE SQL statement that compares the version, writes the value and
// appends the History row atomically (a data-modifying CTE runs as a single statement, so no
// explicit transaction and no extra round trips). A stale baseVersion writes nothing and answers
// CONFLICT with the current value, so nothing is ever silently overwritten.
import { randomUUID } from "node:crypto";
import type { Pool } from "pg";
import { AppError } from "@/lib/errors";
import { FIELDS, validateFieldValue, type TFieldName } from "@/lib/schemes/fields";
import { enabledFieldNames, type TSchemeConfig } from "@/lib/schemes/scheme-config";
import { ANNOTATION_FIELDS, ZReviewMark, annotationItemKey, type TSaveAnnotationInput, type TSaveResult } from "@/lib/workspace/api-types";
import { getSaveContext } from "@/lib/db/workspace-context";
import { maintainReportStore } from "@/lib/db/report-data-cache";

export interface TSaveAnnotationOptions {
  projectId: string;
  annotatorId: string;
  config: TSchemeConfig;
  input: TSaveAnnotationInput;
}

function bad(field: string, message: string): AppError {
  return new AppError("BAD_REQUEST", message, { field });
}

/** Checks scope and value; returns the value to store (null = cleared). */
function checkInput(input: TSaveAnnotationInput, config: TSchemeConfig): void {
  const field = input.field as TFieldName;
  if (!(ANNOTATION_FIELDS as readonly string[]).includes(field)) {
    throw bad("field", `${FIELDS[field].label} is not saved here (post-edits use the post-edits endpoint).`);
  }
  if (!enabledFieldNames({ ...config, required: undefined }).includes(field)) {
    throw bad("field", `${FIELDS[field].label} is switched off in this project's scheme configuration.`);
  }
  const scope = FIELDS[field].scope;
  if (!input.translationId) throw bad("translationId", `${FIELDS[field].label} needs a translationId.`);
  if (scope === "translation" && input.mrwId) throw bad("mrwId", `${FIELDS[field].label} is per translation; mrwId must be empty.`);
  if (scope === "mrw" && !input.mrwId) throw bad("mrwId", `${FIELDS[field].label} is per MRW; mrwId is required.`);
}

export async function saveAnnotation(pool: Pool, opts: TSaveAnnotationOptions): Promise<TSaveResult> {
  const { input } = opts;
  checkInput(input, opts.config);
  maintainReportStore(pool); // every save appends to the report cache's change log: saves keep it short
  const ctx = await getSaveContext(pool, {
    projectId: opts.projectId,
    annotatorId: opts.annotatorId,
    segmentId: input.segmentId,
    translationId: input.translationId,
    mrwId: input.mrwId,
  });
  if (input.value !== null) {
    if (input.field === "METAHOPE_ERRORS") {
      if (!ZReviewMark.safeParse(input.value).success) throw bad("value", `MetaHOPE errors: expected { "reviewed": true|false }, got ${JSON.stringify(input.value)}`);
    } else {
      const r = validateFieldValue(input.field, input.value, {
        sourceMetaphorical: ctx.mrwMetaphorical ?? undefined,
        translationText: ctx.translationText ?? undefined,
        mrwIds: ctx.mrwIds,
      });
      if (!r.ok) throw bad("value", r.error.message);
    }
  }
  const itemKey = annotationItemKey(input.translationId, input.mrwId);
  const valueJson = JSON.stringify(input.value);
  const params = [opts.projectId, opts.annotatorId, input.segmentId, itemKey, input.field, valueJson];
  let rows: { id: string; version: number }[];
  if (input.baseVersion === 0) {
    ({ rows } = await pool.query(
      `WITH ins AS (
         INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value, version, "updatedAt")
         VALUES ($7, $1, $2, $3, $8, $9, $4, $5, $6::jsonb, 1, now())
         ON CONFLICT ("annotatorId", "segmentId", "itemKey", field) DO NOTHING
         RETURNING id, version, value),
       hist AS (
         INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
         SELECT $10, $1, $2, 'ANNOTATION', ins.id, ins.version, NULL, ins.value FROM ins)
       SELECT id, version FROM ins`,
      [...params, randomUUID(), input.translationId ?? null, input.mrwId ?? null, randomUUID()],
    ));
  } else {
    ({ rows } = await pool.query(
      `WITH old AS (
         SELECT id, value FROM "Annotation"
         WHERE "annotatorId" = $2 AND "segmentId" = $3 AND "itemKey" = $4 AND field = $5 AND "projectId" = $1 AND version = $7
         FOR UPDATE),
       upd AS (
         UPDATE "Annotation" a SET value = $6::jsonb, version = a.version + 1, "updatedAt" = now()
         FROM old WHERE a.id = old.id
         RETURNING a.id, a.version, a.value, old.value AS old_value),
       hist AS (
         INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
         SELECT $8, $1, $2, 'ANNOTATION', upd.id, upd.version, upd.old_value, upd.value FROM upd)
       SELECT id, version FROM upd`,
      [...params, input.baseVersion, randomUUID()],
    ));
  }
  if (rows.length === 1) return rows[0];
  // Nothing written: someone (another tab) saved a newer version, or the base version is unknown.
  const cur = await pool.query<{ value: unknown; version: number; updatedAt: Date }>(
    `SELECT value, version, "updatedAt" FROM "Annotation"
     WHERE "annotatorId" = $2 AND "segmentId" = $3 AND "itemKey" = $4 AND field = $5 AND "projectId" = $1`,
    params.slice(0, 5),
  );
  const c = cur.rows[0];
  throw new AppError(
    "CONFLICT",
    c
      ? `${FIELDS[input.field].label} was saved elsewhere (version ${c.version}) after the version you edited (${input.baseVersion}).`
      : `${FIELDS[input.field].label} has no saved version ${input.baseVersion}.`,
    { current: c ? { value: c.value, version: c.version, updatedAt: c.updatedAt.toISOString() } : { value: null, version: 0, updatedAt: null } },
  );
}
