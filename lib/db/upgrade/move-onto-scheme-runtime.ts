/**
 * Moves a project made by an earlier release onto the one runtime. Before, a project whose scheme
 * was the MMTE/MetaHOPE preset as shipped ran a second stack that kept its work in tables of its
 * own: error spans (ErrorSpan), post-edits (PostEdit), review marks (`{ reviewed: true }` values
 * of METAHOPE_ERRORS), and one assignment per annotator × item *per part*. Those assignments were
 * merged into one per annotator × item by migration 20261129000000_assignment_per_item, which
 * wrote a review mark for each translation a DONE MetaHOPE assignment had reviewed. Now every
 * project runs its stored scheme version, so this:
 * 1. stores the preset of the project's parts as its first version when it has none
 *    (lib/schemes/presets/preset-of-parts.ts; a configuration that no longer parses
 *    gets every MMTE and MetaHOPE field);
 * 2. converts its error spans, review marks and post-edits into values of that version
 *    (lib/db/upgrade/built-in-to-scheme-values.ts, which names the item and field of a value the version
 *    refuses; then nothing of the project is changed). Draft spans (no category or severity yet)
 *    do not refuse it: they have no value to become and no workspace left to finish them in, so
 *    they are set aside, each recorded in full in the conversion's audit log row and counted;
 *    they never entered a figure. A review mark becomes its list (empty when no span is there).
 *
 * One transaction per project, the project row locked: a project is moved whole or not at all.
 * Idempotent: a project with nothing of the earlier release left is not touched (post-edits of a
 * kind no field of the scheme holds stay in their table, as the conversion says, and do not make
 * the project count as unmoved).
 */
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { MMTE_METAHOPE_PRESET, presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { parseStoredSchemeConfig } from "@/lib/schemes/scheme-config";
import { editFieldOf, SPANS_FIELD, spansFieldOf } from "@/lib/schemes/built-in-to-scheme-values";
import { convertBuiltInValuesToScheme, NOTHING_CONVERTED, type TConvertedCounts } from "@/lib/db/upgrade/built-in-to-scheme-values";

type TTx = Prisma.TransactionClient;

export interface TMovedProject {
  projectId: string;
  slug: string;
  /** the version stored by the move (null: the project had one) */
  storedVersion: number | null;
  converted: TConvertedCounts;
}

/**
 * The preset a project of an earlier release ran: the MMTE/MetaHOPE fields its parts switch on.
 * A project whose configuration was never set (the column's default `{}`) ran every built-in
 * field, since the built-in runtime stored and reported whatever MMTE or MetaHOPE value it was
 * given: it gets every field, with the document gate off as its MMTE items had it.
 */
export function presetForStoredConfig(schemeConfig: unknown): TSchemeDefinition {
  const unset = schemeConfig === null || schemeConfig === undefined || (typeof schemeConfig === "object" && !Array.isArray(schemeConfig) && Object.keys(schemeConfig).length === 0);
  if (unset) return { ...MMTE_METAHOPE_PRESET, workflow: { readDocumentFirst: false } };
  const config = parseStoredSchemeConfig(schemeConfig);
  const preset = config.ok ? presetOfParts(config.config) : MMTE_METAHOPE_PRESET;
  return preset.fields.length > 0 ? preset : MMTE_METAHOPE_PRESET;
}

/**
 * Moves one project in the caller's transaction; null when there was nothing to move.
 * `storePresetWhenBare` (default true): a project with no stored version and no work of the earlier
 * release gets its preset stored; false where the caller is about to store a version of its own
 * (setProjectScheme: a project made without a scheme takes the lead's as version 1).
 */
export async function moveOntoSchemeRuntimeTx(tx: TTx, projectId: string, actorId: string | null, opts: { storePresetWhenBare?: boolean } = {}): Promise<TMovedProject | null> {
  opts = { storePresetWhenBare: true, ...opts };
  const project = await tx.$queryRawUnsafe<{ slug: string; schemeConfig: unknown }[]>(`SELECT slug, "schemeConfig" FROM "Project" WHERE id = $1 FOR UPDATE`, projectId);
  if (project.length === 0) throw new AppError("NOT_FOUND", "No such project.");
  const latest = await tx.projectScheme.findFirst({ where: { projectId }, orderBy: { version: "desc" }, select: { version: true, definition: true } });
  let definition: TSchemeDefinition;
  if (latest) {
    const parsed = ZSchemeDefinition.safeParse(latest.definition);
    if (!parsed.success) throw new AppError("UNPROCESSABLE", `The project's scheme version ${latest.version} is not valid any more; fix the scheme first.`, { projectId });
    definition = parsed.data;
  } else {
    definition = presetForStoredConfig(project[0].schemeConfig);
  }
  const [left] = await tx.$queryRawUnsafe<{ marks: number; spans: number }[]>(
    `SELECT (SELECT count(*) FROM "Annotation" WHERE "projectId" = $1 AND field = $2 AND "translationId" IS NOT NULL AND jsonb_typeof(value) = 'object')::int AS marks,
            (SELECT count(*) FROM "ErrorSpan" WHERE "projectId" = $1)::int AS spans`,
    projectId,
    SPANS_FIELD,
  );
  const editKinds = await tx.$queryRawUnsafe<{ kind: string }[]>(`SELECT DISTINCT kind FROM "PostEdit" WHERE "projectId" = $1`, projectId);
  const postEditsToMove = editKinds.some((k) => editFieldOf(definition, k.kind) !== null);
  // review marks of a translation become lists only where the scheme has the spans field (without
  // it a mark stays the row it is, lib/schemes/built-in-to-scheme-values.ts): then they are no work
  // left to move, nor is a mark on no translation, which the conversion does not read
  const marksToMove = left.marks > 0 && spansFieldOf(definition) !== null;
  const workToMove = marksToMove || left.spans > 0 || postEditsToMove;
  if (!workToMove && (latest || !opts.storePresetWhenBare)) return null;

  let storedVersion: number | null = null;
  const version = latest?.version ?? 1;
  if (!latest) {
    storedVersion = 1;
    await tx.projectScheme.create({ data: { projectId, version, definition, createdById: actorId, note: "preset stored when the project moved onto the scheme runtime" } });
  }
  if (!workToMove) {
    const moved: TMovedProject = { projectId, slug: project[0].slug, storedVersion, converted: { ...NOTHING_CONVERTED } };
    await tx.auditLog.create({ data: { projectId, userId: actorId, action: "scheme.moved-onto-runtime", detail: { version, storedVersion } } });
    return moved;
  }

  const converted = await convertBuiltInValuesToScheme(tx, projectId, definition, version, actorId, definition);
  const moved: TMovedProject = { projectId, slug: project[0].slug, storedVersion, converted };
  await tx.auditLog.create({ data: { projectId, userId: actorId, action: "scheme.moved-onto-runtime", detail: { version, storedVersion, ...converted } } });
  return moved;
}

/** Moves one project in a transaction of its own. */
export async function moveOntoSchemeRuntime(db: Db, projectId: string, actorId: string | null = null): Promise<TMovedProject | null> {
  // a large project's conversion can outlast Prisma's 5 s default
  return db.$transaction((tx) => moveOntoSchemeRuntimeTx(tx, projectId, actorId), { timeout: 600_000, maxWait: 30_000 });
}

export interface TMoveEveryProjectResult {
  moved: TMovedProject[];
  /** projects whose values their scheme refuses: named, left as they were */
  refused: { projectId: string; slug: string; message: string }[];
}

/**
 * Every project that still holds work of the earlier release (error spans, post-edits, review
 * marks), or has no stored version, one transaction each. A refusal of one project does not stop
 * the others. (A project whose marks stay marks, its scheme having no spans field, is looked at
 * and left alone each time: a cheap read.)
 */
export async function moveEveryProjectOntoSchemeRuntime(db: Db): Promise<TMoveEveryProjectResult> {
  const candidates = await db.$queryRawUnsafe<{ id: string; slug: string }[]>(
    `SELECT p.id, p.slug FROM "Project" p
     WHERE NOT EXISTS (SELECT 1 FROM "ProjectScheme" s WHERE s."projectId" = p.id)
        OR EXISTS (SELECT 1 FROM "Annotation" a WHERE a."projectId" = p.id AND a.field = $1 AND a."translationId" IS NOT NULL AND jsonb_typeof(a.value) = 'object')
        OR EXISTS (SELECT 1 FROM "ErrorSpan" e WHERE e."projectId" = p.id)
        OR EXISTS (SELECT 1 FROM "PostEdit" e WHERE e."projectId" = p.id)
     ORDER BY p."createdAt"`,
    SPANS_FIELD,
  );
  const out: TMoveEveryProjectResult = { moved: [], refused: [] };
  for (const p of candidates) {
    try {
      const m = await moveOntoSchemeRuntime(db, p.id);
      if (m) out.moved.push(m);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      out.refused.push({ projectId: p.id, slug: p.slug, message: e.message });
    }
  }
  return out;
}
