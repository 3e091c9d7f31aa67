// Adaptive redundancy (issue 31 point 3): the project's rules (one per field), and the extra
// assignment a submit creates where the item's raters disagree (lib/assignments/adaptive-redundancy.ts
// decides). Called inside the submit's transaction (lib/db/workspace/assignment.ts), so the
// extra assignment and its AuditLog row commit with the submit or not at all.
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import {
  ZAdaptiveRedundancyRule,
  disagreementTestOf,
  needsAnotherRater,
  type TAdaptiveRedundancyRule,
  type TDisagreementTest,
} from "@/lib/assignments/adaptive-redundancy";
import { assignableOf } from "@/lib/db/assignments/create-assignments";

/** The field of a definition a rule names (the first, when a preset lists alternatives under one id). */
function fieldOf(definition: TSchemeDefinition, id: string): TSchemeField | undefined {
  return definition.fields.find((f) => f.id === id);
}

/** A rule checked against the project's scheme: the field exists and has a disagreement test the threshold fits. */
export function checkRuleOnScheme(definition: TSchemeDefinition, input: unknown): { rule: TAdaptiveRedundancyRule; test: TDisagreementTest } {
  const parsed = ZAdaptiveRedundancyRule.safeParse(input);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new AppError("BAD_REQUEST", `${i.path.join(".") || "rule"}: ${i.message}`, { field: String(i.path[0] ?? "rule") });
  }
  const rule = parsed.data;
  const field = fieldOf(definition, rule.field);
  if (!field) throw new AppError("BAD_REQUEST", `field: the scheme has no field "${rule.field}" (${definition.fields.map((f) => f.id).join(", ")})`, { field: "field" });
  const test = disagreementTestOf(field, rule.threshold);
  if ("error" in test) throw new AppError("BAD_REQUEST", test.error, { field: "error" in test && /threshold/.test(test.error) ? "threshold" : "field" });
  return { rule, test };
}

export async function listAdaptiveRules(db: Db, projectId: string): Promise<TAdaptiveRedundancyRule[]> {
  const rows = await db.adaptiveRedundancyRule.findMany({ where: { projectId }, orderBy: { field: "asc" }, select: { field: true, k: true, max: true, threshold: true } });
  return rows;
}

/** Stores (or replaces) the rule of one field, checked against the scheme, and logs it. */
export async function setAdaptiveRule(db: Db, opts: { projectId: string; definition: TSchemeDefinition; input: unknown; actorId: string | null }): Promise<TAdaptiveRedundancyRule> {
  const { rule } = checkRuleOnScheme(opts.definition, opts.input);
  return db.$transaction(async (tx) => {
    const data = { k: rule.k, max: rule.max, threshold: rule.threshold };
    await tx.adaptiveRedundancyRule.upsert({ where: { projectId_field: { projectId: opts.projectId, field: rule.field } }, create: { projectId: opts.projectId, field: rule.field, ...data }, update: data });
    await tx.auditLog.create({ data: { projectId: opts.projectId, userId: opts.actorId, action: "adaptive.rule.set", detail: rule } });
    return rule;
  });
}

/** Removes the rule of one field (assignments it created stay); false when there was none. */
export async function deleteAdaptiveRule(db: Db, opts: { projectId: string; field: string; actorId: string | null }): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.adaptiveRedundancyRule.deleteMany({ where: { projectId: opts.projectId, field: opts.field } });
    if (count > 0) await tx.auditLog.create({ data: { projectId: opts.projectId, userId: opts.actorId, action: "adaptive.rule.delete", detail: { field: opts.field } } });
    return count > 0;
  });
}

/** How far the pick of an extra rater counts a candidate's open assignments (see addRaterWhereDisagreeing). */
export const OPEN_COUNTED_UP_TO = 500;

type TRuleRow = { field: string; k: number; max: number; threshold: number };

/**
 * After a submit of `segmentId`, in the submit's transaction: when every rater on the item has
 * submitted and some rule's field disagrees among them (below the rule's max), one more
 * assignment for the eligible annotator with the fewest open assignments (counted up to
 * OPEN_COUNTED_UP_TO; ties by id, or spread by a hash among queues that long), logged as
 * "assignment.adaptive". Returns the new assignment's annotator, or null.
 *
 * Race-safety: two raters submitting the item's last values at the same instant each lock only
 * their own assignment row, and under READ COMMITTED neither sees the other's DONE; both would
 * count one rater short and add no one. A transaction-scoped advisory lock on the item serialises
 * this step: the second waits until the first commits, then (a new statement, a new snapshot)
 * sees both DONE, and the first's extra assignment if it made one, so exactly one is created.
 */
export async function addRaterWhereDisagreeing(
  tx: Db,
  /** actorId: who submitted (null: an import without an account behind it) */
  opts: { projectId: string; segmentId: string; definition: TSchemeDefinition; actorId: string | null },
): Promise<{ annotatorId: string; fields: string[] } | null> {
  // Three round trips at most (two when the raters agree): this runs in every submit of a project
  // with a rule (bench/adaptive-redundancy.ts). The lock is its own statement: under READ COMMITTED
  // a statement's snapshot is taken when it starts, so a read in the statement that waited for the
  // lock would not see the submit that held it.
  const rules = await tx.$queryRawUnsafe<(TRuleRow & { locked: unknown })[]>(
    `SELECT field, k, max, threshold, pg_advisory_xact_lock(hashtext($2))::text AS locked FROM "AdaptiveRedundancyRule" WHERE "projectId" = $1
       AND NOT EXISTS (SELECT 1 FROM "GoldItem" g WHERE g."segmentId" = $3)`,
    opts.projectId,
    `adaptive:${opts.segmentId}`,
    // a gold item (qualification, hidden check) is not the study's: its raters are no budget's
    opts.segmentId,
  );
  if (rules.length === 0) return null;
  // the project's annotators come with the item (the candidates when the raters disagree): one
  // round trip fewer on that path, a few rows more on the other
  const [item] = await tx.$queryRawUnsafe<{
    onItem: { annotatorId: string; status: string }[] | null;
    values: { annotatorId: string; itemKey: string; field: string; value: unknown }[] | null;
    annotators: { id: string; email: string }[] | null;
  }[]>(
    `SELECT
       (SELECT json_agg(json_build_object('annotatorId', "annotatorId", 'status', status)) FROM "Assignment" WHERE "projectId" = $1 AND "segmentId" = $2) AS "onItem",
       (SELECT json_agg(json_build_object('id', u.id, 'email', u.email)) FROM "ProjectMember" m JOIN "User" u ON u.id = m."userId" WHERE m."projectId" = $1 AND m.role = 'ANNOTATOR') AS annotators,
       (SELECT json_agg(json_build_object('annotatorId', an."annotatorId", 'itemKey', an."itemKey", 'field', an.field, 'value', an.value))
        FROM "Annotation" an JOIN "Assignment" a ON a."annotatorId" = an."annotatorId" AND a."segmentId" = an."segmentId" AND a.status = 'DONE'
        WHERE an."segmentId" = $2 AND an."projectId" = $1 AND an.field = ANY($3::text[])) AS values`,
    opts.projectId,
    opts.segmentId,
    rules.map((r) => r.field),
  );
  const onItem = item?.onItem ?? [];
  const values = item?.values ?? [];
  // a skipped assignment is not a rater: the item's raters are the others
  const raters = onItem.filter((a) => a.status !== "SKIPPED");
  const done = raters.filter((a) => a.status === "DONE").map((a) => a.annotatorId);
  if (done.length < raters.length) return null;
  const disagreeing = rules.filter((rule) => {
    const field = fieldOf(opts.definition, rule.field);
    const test = field ? disagreementTestOf(field, rule.threshold) : null;
    // a rule whose field left the scheme (or no longer fits it) decides nothing
    if (!test || "error" in test) return false;
    const units = new Map<string, Map<string, unknown>>();
    for (const v of values) {
      if (v.field !== rule.field) continue;
      const u = units.get(v.itemKey) ?? new Map<string, unknown>();
      u.set(v.annotatorId, v.value);
      units.set(v.itemKey, u);
    }
    const perUnit = [...units.values()].map((u) => done.map((id) => u.get(id)));
    return needsAnotherRater(test, rule, { raters: raters.length, done: done.length, units: perUnit });
  });
  if (disagreeing.length === 0) return null;
  const fields = disagreeing.map((d) => d.field);
  const taken = new Set(onItem.map((a) => a.annotatorId));
  const candidates = assignableOf(item?.annotators ?? []).filter((id) => !taken.has(id));
  if (candidates.length === 0) {
    await tx.auditLog.create({ data: { projectId: opts.projectId, userId: opts.actorId, action: "assignment.adaptive.none-eligible", detail: { segmentId: opts.segmentId, fields, raters: raters.length } } });
    return null;
  }
  // the candidate with the fewest open assignments, its new assignment at the end of its queue,
  // and the AuditLog row: one statement. Its cost must not grow with the study (< 5 ms at 100,000
  // items, bench/adaptive-redundancy.ts): each candidate's open assignments are counted up to
  // OPEN_COUNTED_UP_TO (an index-only scan of at most that many entries), and the end of the
  // queue is one step down the (projectId, annotatorId, position) index. Queues at least that
  // long count as equally long, as they are for an item that waits at the end of one: those ties
  // are spread by a hash of item and annotator, so no one annotator takes every extra item of a
  // big study; the other ties go to the smallest id (byte order).
  const [created] = await tx.$queryRawUnsafe<{ id: string; annotatorId: string }[]>(
    `WITH counted AS MATERIALIZED (
       SELECT c.id, (SELECT count(*) FROM (SELECT 1 FROM "Assignment" o
                     WHERE o."projectId" = $1 AND o."annotatorId" = c.id AND o.status IN ('TODO', 'IN_PROGRESS') LIMIT $7::int) x) AS open
       FROM unnest($3::text[]) AS c(id)),
     pick AS (
       SELECT id FROM counted
       ORDER BY open, CASE WHEN open >= $7::int THEN hashtext($2 || id) ELSE 0 END, id COLLATE "C"
       LIMIT 1),
     ins AS (
       INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", status, position, "updatedAt", origin)
       SELECT gen_random_uuid()::text, $1, pick.id, $2, 'TODO',
              COALESCE((SELECT p.position + 1 FROM "Assignment" p WHERE p."projectId" = $1 AND p."annotatorId" = pick.id ORDER BY p.position DESC LIMIT 1), 0), now(), 'adaptive'
       FROM pick
       RETURNING id, "annotatorId"),
     log AS (
       INSERT INTO "AuditLog" (id, "projectId", "userId", action, detail, "createdAt")
       SELECT gen_random_uuid()::text, $1, $4, 'assignment.adaptive',
              jsonb_build_object('assignmentId', ins.id, 'segmentId', $2::text, 'annotatorId', ins."annotatorId", 'fields', $5::jsonb, 'raters', $6::int), now()
       FROM ins)
     SELECT id, "annotatorId" FROM ins`,
    opts.projectId,
    opts.segmentId,
    candidates,
    opts.actorId,
    JSON.stringify(fields),
    raters.length + 1,
    OPEN_COUNTED_UP_TO,
  );
  return { annotatorId: created.annotatorId, fields };
}

/** The dashboard's reads of one rule: items by number of raters (and extra ones), and the field's submitted values. */
export async function getAdaptiveRuleData(
  db: Db,
  projectId: string,
  field: string,
): Promise<{ byRaters: { raters: number; items: number; extra: number }[]; values: { unit: string; annotator: string; value: unknown; adaptive: boolean }[] }> {
  const byRaters = await db.$queryRawUnsafe<{ raters: number; items: number; extra: number }[]>(
    `SELECT raters, count(*)::int AS items, sum(extra)::int AS extra FROM (
       SELECT count(*) FILTER (WHERE status <> 'SKIPPED')::int AS raters, count(*) FILTER (WHERE origin = 'adaptive' AND status <> 'SKIPPED')::int AS extra
       FROM "Assignment" WHERE "projectId" = $1 GROUP BY "segmentId") per_item
     GROUP BY raters ORDER BY raters`,
    projectId,
  );
  const values = await db.$queryRawUnsafe<{ unit: string; annotator: string; value: unknown; adaptive: boolean }[]>(
    `SELECT an."segmentId" || '/' || an."itemKey" AS unit, an."annotatorId" AS annotator, an.value, a.origin = 'adaptive' AS adaptive
     FROM "Annotation" an JOIN "Assignment" a ON a."annotatorId" = an."annotatorId" AND a."segmentId" = an."segmentId"
     WHERE an."projectId" = $1 AND an.field = $2 AND a.status = 'DONE'`,
    projectId,
    field,
  );
  return { byRaters, values };
}
