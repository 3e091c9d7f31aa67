// Saving one annotation value: the hot path of the workspace. Validation first (field registry,
// scope, scheme config), then ONE SQL statement that compares the version, writes the value and
// appends the History row atomically (a data-modifying CTE runs as a single statement, so no
// explicit transaction and no extra round trips). A stale baseVersion writes nothing and answers
// CONFLICT with the current value, so nothing is ever silently overwritten. The same statement
// checks (and FOR SHARE-locks) the caller's open assignment of the item and that no
// adjudication decided the value (the `guard` CTE; rules in lib/db/workspace/item-write-guard.ts): a save to
// a submitted item or a decided value writes nothing and is answered with why. With an
// idempotency key the same statement stores the answer (the `rcpt` CTE, lib/db/workspace/save-receipts.ts);
// a retry of a committed save fails the version check, finds that receipt in the diagnosis read
// and gets the original answer, so the first send pays no extra round trip.
import { randomUUID } from "node:crypto";
import type { Pool } from "pg";
import { AppError } from "@/lib/errors";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { anchorItemKey } from "@/lib/schemes/language/value-anchor";
import { validateSchemeValue } from "@/lib/schemes/language/validate-value";
import { alternativesForMrw, spanPastTranslation } from "@/lib/schemes/language/item-value-checks";
import type { TSaveAnnotationInput, TSaveResult } from "@/lib/workspace/api-types";
import type { TProjectSettings } from "@/lib/schemes/scheme-config";
import { getSaveContext, type TPrefetchedItemContext } from "@/lib/db/workspace/context";
import { maintainReportStore } from "@/lib/db/reports/report-data-cache";
import { decidedError, itemClosedError, OPEN_STATUSES, type TDecision } from "@/lib/db/workspace/item-write-guard";
import { preparedStatement, withValues } from "@/lib/db/prepared-statement";
import { findSaveReceipt, isReceiptKeyClash, pruneSaveReceipts, receiptAnswer, type TSaveReceiptKey } from "@/lib/db/workspace/save-receipts";

export interface TSaveAnnotationOptions {
  projectId: string;
  annotatorId: string;
  config: TProjectSettings;
  input: TSaveAnnotationInput;
  /** the request's idempotency key and hash (lib/http/idempotency-key.ts); null = none sent */
  receipt?: TSaveReceiptKey | null;
  /** the project's scheme version in force (lib/db/projects/project-schemes.ts getProjectRuntimeAt) */
  runtime: TSchemeRuntime;
  /** the item context the request guard read (lib/db/workspace/save-guard.ts); used only if read for this very target */
  itemContext?: TPrefetchedItemContext | null;
}

function bad(field: string, message: string): AppError {
  return new AppError("BAD_REQUEST", message, { field });
}

/** What the save statement needs, resolved by the scheme's checks. */
interface TSavePlan {
  /** where the value is stored (a document-scope value: the document's first segment) */
  storageSegmentId: string;
  itemKey: string;
  label: string;
  schemeVersion: number | null;
}

/** The field, its anchor and its value checked against the stored definition. */
async function planSchemeSave(pool: Pool, opts: TSaveAnnotationOptions, runtime: TSchemeRuntime): Promise<TSavePlan> {
  const { input } = opts;
  // a repeated id is one stored field shown in alternatives (same scope and kind): any of them may hold the value
  const alternatives = runtime.definition.fields.filter((f) => f.id === input.field);
  if (alternatives.length === 0) {
    throw bad("field", `Unknown field "${input.field}": the scheme "${runtime.definition.id}" (version ${runtime.version}) has ${runtime.definition.fields.map((f) => f.id).filter((id, i, a) => a.indexOf(id) === i).join(", ")}.`);
  }
  const anchor = anchorItemKey(input.field, alternatives[0].scope, input);
  if (!anchor.ok) throw bad(anchor.field, anchor.message);
  const ctx = await getSaveContext(pool, { projectId: opts.projectId, annotatorId: opts.annotatorId, segmentId: input.segmentId, translationId: input.translationId, mrwId: input.mrwId }, opts.itemContext);
  if (input.role && !ctx.roles.includes(input.role)) throw new AppError("NOT_FOUND", `This item has no ${input.role} text.`, { field: "role" });
  if (input.value !== null) {
    const item = { lists: ctx.lists };
    // the alternatives that apply to the MRW (EQUIVALENCE's label set by its metaphoricity)
    const applying = alternativesForMrw(alternatives, ctx.mrwMetaphorical);
    const results = applying.map((f) => validateSchemeValue(f, input.value, item));
    if (!results.some((r) => r.ok)) throw bad("value", results.map((r) => (r.ok ? "" : r.message)).join("; "));
    const past = ctx.translationText === null ? null : spanPastTranslation(alternatives[0].kind, input.value, ctx.translationText.length);
    if (past) throw bad("value", `${alternatives[0].label}: ${past}`);
  }
  return {
    storageSegmentId: anchor.onDocument ? ctx.documentFirstSegmentId : input.segmentId,
    itemKey: anchor.itemKey,
    label: alternatives[0].label,
    schemeVersion: runtime.version,
  };
}

export async function saveAnnotation(pool: Pool, opts: TSaveAnnotationOptions): Promise<TSaveResult> {
  const { input } = opts;
  const plan = await planSchemeSave(pool, opts, opts.runtime);
  maintainReportStore(pool); // every save appends to the report cache's change log: saves keep it short
  pruneSaveReceipts(pool);
  const receipt = opts.receipt ?? null;
  const { schemeVersion, itemKey } = plan;
  const valueJson = JSON.stringify(input.value);
  // $1..$7 are shared by both statements and the diagnosis below
  // $3 is where the value is stored, $8 the item the caller is assigned (they differ for a document-scope value)
  const params = [opts.projectId, opts.annotatorId, plan.storageSegmentId, itemKey, input.field, valueJson, input.translationId ?? null, input.segmentId];
  const keyParams = [receipt?.key ?? null, receipt?.requestHash ?? null];
  const write = async (): Promise<{ id: string; version: number }[]> => {
    if (input.baseVersion === 0) {
      const r = await pool.query(withValues(INSERT_VALUE, [...params, randomUUID(), input.mrwId ?? null, randomUUID(), ...keyParams, schemeVersion]));
      return r.rows;
    }
    const r = await pool.query(withValues(UPDATE_VALUE, [...params, input.baseVersion, randomUUID(), ...keyParams, schemeVersion]));
    return r.rows;
  };
  let rows: { id: string; version: number }[];
  try {
    rows = await write();
  } catch (e) {
    // the same key already stored with another save that passed its version check: a client bug
    if (!receipt || !isReceiptKeyClash(e)) throw e;
    const earlier = await findSaveReceipt<TSaveResult>(pool, opts.annotatorId, receipt);
    if (earlier) return earlier;
    throw e;
  }
  if (rows.length === 1) return rows[0];
  // Nothing written: the item was submitted meanwhile, the value was decided, or someone (another
  // tab) saved a newer version / the base version is unknown, or this very save committed before
  // (a retry under the same key: its receipt). One read says which.
  const why = await pool.query<{
    status: string | null;
    decision: TDecision | null;
    current: { value: unknown; version: number; updatedAt: string } | null;
    receipt: { requestHash: string; response: TSaveResult } | null;
  }>(
    `SELECT (SELECT status::text FROM "Assignment" WHERE "projectId" = $1 AND "annotatorId" = $2 AND "segmentId" = $8) AS status,
            (SELECT row_to_json(x) FROM (
               SELECT d.field, d.value, d.automatic, d."updatedAt", u.email FROM "Adjudication" d LEFT JOIN "User" u ON u.id = d."adjudicatorId"
               WHERE d."segmentId" = $3 AND ${DECIDED}
               ORDER BY d."updatedAt" DESC LIMIT 1) x) AS decision,
            (SELECT row_to_json(c) FROM (
               SELECT value, version, "updatedAt" FROM "Annotation"
               WHERE "annotatorId" = $2 AND "segmentId" = $3 AND "itemKey" = $4 AND field = $5 AND "projectId" = $1) c) AS current,
            (SELECT row_to_json(r) FROM (
               SELECT "requestHash", response FROM "SaveReceipt" WHERE "userId" = $2 AND key = $9::text) r) AS receipt,
            $6::text AS sent`,
    [...params, receipt?.key ?? null],
  );
  const w = why.rows[0];
  // committed earlier (its answer was lost): the same answer again, whatever happened since
  const earlier = receipt ? receiptAnswer<TSaveResult>(w.receipt, receipt) : null;
  if (earlier) return earlier;
  if (w.status === null) throw new AppError("NOT_FOUND", "This item is not assigned to you in this project.");
  if (!(OPEN_STATUSES as readonly string[]).includes(w.status)) throw itemClosedError(w.status);
  if (w.decision) throw decidedError(w.decision, plan.label);
  const c = w.current;
  throw new AppError(
    "CONFLICT",
    c
      ? `${plan.label} was saved elsewhere (version ${c.version}) after the version you edited (${input.baseVersion}).`
      : `${plan.label} has no saved version ${input.baseVersion}.`,
    { current: c ? { value: c.value, version: c.version, updatedAt: new Date(c.updatedAt).toISOString() } : { value: null, version: 0, updatedAt: null } },
  );
}

/**
 * A decision covering the value ($3 segment, $4 item key, $5 field, $7 translation): the same
 * field of the same item, or, for the MetaHOPE review mark, any MetaHOPE category of the translation.
 */
const DECIDED = `((d."itemKey" = $4 AND d.field = $5) OR ($5 = 'METAHOPE_ERRORS' AND d."translationId" = $7 AND d.field LIKE 'METAHOPE\\_%'))`;

/** The caller's open assignment of the item with no decision on the value, share-locked until the save commits. */
const GUARD = `guard AS (
         SELECT g.id FROM "Assignment" g
         WHERE g."projectId" = $1 AND g."annotatorId" = $2 AND g."segmentId" = $8
           AND g.status IN ('TODO', 'IN_PROGRESS')
           AND NOT EXISTS (SELECT 1 FROM "Adjudication" d WHERE d."segmentId" = $3 AND ${DECIDED})
         FOR SHARE OF g)`;

/** The receipt of a keyed save, written by the statement that writes the value ($K key, $H hash). */
const rcpt = (from: string, k: number) => `rcpt AS (
         INSERT INTO "SaveReceipt" ("userId", key, "projectId", "requestHash", response)
         SELECT $2, $${k}::text, $1, $${k + 1}::text, jsonb_build_object('id', ${from}.id, 'version', ${from}.version) FROM ${from}
         WHERE $${k}::text IS NOT NULL)`;

/** The first value of a target (baseVersion 0): $1..$8 as in saveAnnotation, $9 id, $10 mrwId, $11 history id, $12/$13 receipt, $14 scheme version. */
const INSERT_VALUE = preparedStatement(
  "save_annotation_insert",
  `WITH ${GUARD},
         ins AS (
           INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "mrwId", "itemKey", field, value, version, "schemeVersion", "updatedAt")
           SELECT $9, $1, $2, $3, $7, $10, $4, $5, $6::jsonb, 1, $14::int, now() FROM guard
           ON CONFLICT ("annotatorId", "segmentId", "itemKey", field) DO NOTHING
           RETURNING id, version, value),
         hist AS (
           INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
           SELECT $11, $1, $2, 'ANNOTATION', ins.id, ins.version, NULL, ins.value FROM ins),
         ${rcpt("ins", 12)}
         SELECT id, version FROM ins`,
);

/** A new version on top of $9 (the base version): $10 history id, $11/$12 receipt, $13 scheme version. */
const UPDATE_VALUE = preparedStatement(
  "save_annotation_update",
  `WITH ${GUARD},
       old AS (
         SELECT id, value FROM "Annotation"
         WHERE "annotatorId" = $2 AND "segmentId" = $3 AND "itemKey" = $4 AND field = $5 AND "projectId" = $1 AND version = $9
           AND EXISTS (SELECT 1 FROM guard)
         FOR UPDATE),
       upd AS (
         UPDATE "Annotation" a SET value = $6::jsonb, version = a.version + 1, "schemeVersion" = $13::int, "updatedAt" = now()
         FROM old WHERE a.id = old.id
         RETURNING a.id, a.version, a.value, old.value AS old_value),
       hist AS (
         INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
         SELECT $10, $1, $2, 'ANNOTATION', upd.id, upd.version, upd.old_value, upd.value FROM upd),
       ${rcpt("upd", 11)}
       SELECT id, version FROM upd`,
);
