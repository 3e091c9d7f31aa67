// A project's annotation scheme, versioned (issue 14 point 3). Every save of a scheme is a new
// ProjectScheme row (1, 2, 3…); the latest one is in force, and a project without any runs its
// built-in preset (lib/schemes/presets/preset-of-parts.ts). Versions are never edited (but for
// one upgrade step that lists a named analysis in them, lib/db/upgrade/list-papers-agreement-export.ts),
// so an annotation's schemeVersion always names the definition it was saved under.
//
// A new version that would orphan stored annotation or adjudication values (a removed field in use, an option
// removed while annotations hold it, a narrowed scale, a changed kind) is refused with every
// orphan named (lib/schemes/language/scheme-change.ts), unless the lead maps the old values to new
// ones: then the version is stored and the values rewritten in one transaction, each rewrite
// bumping the annotation's version and writing its History row as a save does.
//
// Known gap: an annotator's save that lands between the count and the commit is not seen by the
// check (saves do not lock the project); the save path refuses values the new version does not
// accept once it validates against the stored scheme.
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { ZSchemeDefinition, type TSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { changedFieldIds, describeSchemeChange, mappedValue, orphanedValues, type TValueMapping } from "@/lib/schemes/language/scheme-change";
import { formatIssuePath } from "@/lib/schemes/language/format-issue-path";
import { hasPartsToSwitch, MMTE_METAHOPE_PRESET, nextDefinitionOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { PRESET_PART_FIELD_IDS } from "@/lib/schemes/presets/preset-parts";
import type { TSchemeField } from "@/lib/schemes/language/scheme-field";
import { schemeRuntimeOf, type TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import type { Prisma } from "@/lib/generated/prisma/client";
import { sortedJson } from "@/lib/schemes/canonical-value";
import type { TSchemeConfig } from "@/lib/schemes/scheme-config";
import { deepFreeze } from "@/lib/deep-freeze";
import { moveOntoSchemeRuntime, moveOntoSchemeRuntimeTx, presetForStoredConfig } from "@/lib/db/upgrade/move-onto-scheme-runtime";

type TTx = Prisma.TransactionClient;

/**
 * Parsed definitions by project and version. Versions are never edited (but for one upgrade step,
 * which forgets them: forgetParsedSchemeVersions), so a parsed one stays
 * right for as long as the row exists; the save path asks for the scheme on every save, and a
 * preset's definition takes about a millisecond to parse. Bounded: the oldest entries go first.
 */
const parsedCache = new Map<string, TSchemeDefinition>();
const PARSED_CACHE_SIZE = 200;

/**
 * Forgets every parsed version: for the one upgrade that edits stored versions in place
 * (lib/db/upgrade/list-papers-agreement-export.ts lists a named analysis in versions of the
 * previous release), so a process that read them before reads them again.
 */
export function forgetParsedSchemeVersions(): void {
  parsedCache.clear();
  runtimeCache.clear();
}

/** A stored definition, parsed again at the boundary: a row the language no longer accepts is a setup error, not a guess. */
function parseStored(projectId: string, version: number, definition: unknown): TSchemeDefinition {
  const key = `${projectId}\u0000${version}`;
  const cached = parsedCache.get(key);
  if (cached) return cached;
  const r = ZSchemeDefinition.safeParse(definition);
  if (r.success) {
    if (parsedCache.size >= PARSED_CACHE_SIZE) parsedCache.delete(parsedCache.keys().next().value!);
    // shared by every caller: frozen, so a caller that edits it fails loudly instead of changing the others' copy
    parsedCache.set(key, deepFreeze(r.data));
    return r.data;
  }
  const i = r.error.issues[0];
  throw new AppError("UNPROCESSABLE", `The project's scheme version ${version} is not valid any more at ${formatIssuePath(i.path)}: ${i.message}.`, { projectId, version });
}

/**
 * The latest version of the project's scheme and the runtime it runs under (lib/schemes/scheme-runtime.ts).
 * On the save path: one index read of the version number, and the definition only when this process
 * has not parsed that version yet (versions are never edited).
 */
export async function getProjectRuntime(db: Db, projectId: string): Promise<TSchemeRuntime> {
  const row = await db.projectScheme.findFirst({ where: { projectId }, orderBy: { version: "desc" }, select: { version: true } });
  return getProjectRuntimeAt(db, projectId, row?.version ?? null);
}

/** Runtimes by project and version: a version is never edited (but for forgetParsedSchemeVersions). */
const runtimeCache = new Map<string, TSchemeRuntime>();

/**
 * The runtime of the project's scheme version `version`, when the caller knows the version
 * already: the request guard reads it with the project (lib/authz/authorize-project.ts), so a
 * save asks the database nothing more for it, and this process parses each version once.
 *
 * `version` null: the project stores no version, i.e. a project of an earlier release that the
 * server's start (or `npm run db:migrate`) has not moved yet, e.g. restored from a dump while the
 * server runs. It is moved here, once (lib/db/upgrade/move-onto-scheme-runtime.ts), so no reader ever
 * needs a second path.
 */
export async function getProjectRuntimeAt(db: Db, projectId: string, version: number | null): Promise<TSchemeRuntime> {
  if (version === null) {
    await moveOntoSchemeRuntime(db, projectId);
    const latest = await db.projectScheme.findFirst({ where: { projectId }, orderBy: { version: "desc" }, select: { version: true } });
    if (!latest) throw new AppError("NOT_FOUND", "No such project.");
    version = latest.version;
  }
  const key = `${projectId}\u0000${version}`;
  const hit = runtimeCache.get(key);
  if (hit) return hit;
  const cached = parsedCache.get(key);
  const stored = cached ? { version, definition: cached } : await getProjectSchemeVersion(db, projectId, version);
  // a version that is not there (the project was deleted meanwhile)
  if (!stored) throw new AppError("NOT_FOUND", "No such project.");
  const runtime = schemeRuntimeOf(stored);
  if (runtimeCache.size >= PARSED_CACHE_SIZE) runtimeCache.delete(runtimeCache.keys().next().value!);
  runtimeCache.set(key, runtime);
  return runtime;
}

/**
 * The workflow settings of one stored version (readDocumentFirst, …), for the save path: from
 * this process's parsed copy when there is one, so a save asks the database nothing more for
 * them. A project without a stored version runs its built-in preset's defaults.
 */
export async function getWorkflowAt(db: Db, projectId: string, version: number | null): Promise<TSchemeDefinition["workflow"]> {
  if (version === null) return { readDocumentFirst: false };
  const cached = parsedCache.get(`${projectId}\u0000${version}`);
  const definition = cached ?? (await getProjectSchemeVersion(db, projectId, version))?.definition;
  return definition?.workflow ?? { readDocumentFirst: false };
}

/** The latest version of the project's scheme; null while it has none stored (it runs its built-in preset). */
export async function getProjectScheme(db: Db, projectId: string): Promise<{ version: number; definition: TSchemeDefinition; createdAt: Date } | null> {
  const row = await db.projectScheme.findFirst({ where: { projectId }, orderBy: { version: "desc" }, select: { version: true, definition: true, createdAt: true } });
  return row ? { version: row.version, definition: parseStored(projectId, row.version, row.definition), createdAt: row.createdAt } : null;
}

/** One version of the project's scheme (`tropos scheme show --version N`); null when there is no such version. */
export async function getProjectSchemeVersion(db: Db, projectId: string, version: number): Promise<{ version: number; definition: TSchemeDefinition; createdAt: Date } | null> {
  const row = await db.projectScheme.findUnique({ where: { projectId_version: { projectId, version } }, select: { version: true, definition: true, createdAt: true } });
  return row ? { version: row.version, definition: parseStored(projectId, row.version, row.definition), createdAt: row.createdAt } : null;
}

/** Every stored version, newest first; createdBy is the email of who stored it (null from the CLI or a deleted account). */
export async function listProjectSchemeVersions(db: Db, projectId: string): Promise<{ version: number; createdAt: Date; createdBy: string | null; note: string | null }[]> {
  const rows = await db.projectScheme.findMany({
    where: { projectId },
    orderBy: { version: "desc" },
    select: { version: true, createdAt: true, note: true, createdBy: { select: { email: true } } },
  });
  return rows.map((r) => ({ version: r.version, createdAt: r.createdAt, createdBy: r.createdBy?.email ?? null, note: r.note }));
}

export interface TSetProjectSchemeOptions {
  /** who stores it (History rows of rewritten values); null from the CLI */
  actorId: string | null;
  note?: string;
  /** `mapping[field][JSON.stringify(oldValue)] = newValue`: stored values to rewrite */
  mapping?: TValueMapping;
}

/**
 * Stores `definition` as the project's next version (the first is 1). Refused with
 * `AppError("CONFLICT", message, { orphans })` when stored annotation or adjudication values would
 * be orphaned after the mapping; then nothing is stored. Otherwise the version is inserted and
 * every mapped value rewritten in the same transaction. `changes` says what changed since the
 * previous version (or the built-in preset); `remapped` how many annotations were rewritten,
 * `remappedAdjudications` how many adjudications.
 */
export async function setProjectScheme(
  db: Db,
  projectId: string,
  definition: TSchemeDefinition,
  opts: TSetProjectSchemeOptions,
): Promise<{ version: number; changes: string[]; remapped: number; remappedAdjudications: number }> {
  const parsed = ZSchemeDefinition.safeParse(definition);
  if (!parsed.success) {
    throw new AppError("BAD_REQUEST", `The scheme is not valid: ${parsed.error.issues.map((i) => `${formatIssuePath(i.path) || "(document)"}: ${i.message}`).join("; ")}`);
  }
  const next = parsed.data;
  return db.$transaction(
    async (tx) => {
      // one scheme change per project at a time: the version number and the orphan check see the same state
      const project = await tx.$queryRawUnsafe<{ schemeConfig: unknown }[]>(`SELECT "schemeConfig" FROM "Project" WHERE id = $1 FOR UPDATE`, projectId);
      if (project.length === 0) throw new AppError("NOT_FOUND", "No such project.");
      // a project of an earlier release gets its preset stored and its work moved into values
      // first, so the orphan check below sees every value the new version must accept
      await moveOntoSchemeRuntimeTx(tx, projectId, opts.actorId, { storePresetWhenBare: false });
      const latest = await tx.projectScheme.findFirst({ where: { projectId }, orderBy: { version: "desc" }, select: { version: true, definition: true } });
      const previous = latest ? parseStored(projectId, latest.version, latest.definition) : null;
      // What annotators ran before: the stored version, or the preset an earlier release's configuration switched on.
      const before = previous ?? presetForStoredConfig(project[0].schemeConfig);
      // Stored values are checked against every built-in field before the first version: a part
      // switched off later keeps its values under the same names.
      const baseline = previous ?? MMTE_METAHOPE_PRESET;

      const fields = [...new Set([...changedFieldIds(baseline, next), ...Object.keys(opts.mapping ?? {})])];
      // annotators' values and adjudicated ones: a decided value the new scheme refuses is as orphaned
      const countValues = (table: "Annotation" | "Adjudication") =>
        fields.length === 0
          ? Promise.resolve([])
          : tx.$queryRawUnsafe<{ field: string; value: unknown; count: number }[]>(
              `SELECT field, value, count(*)::int AS count FROM "${table}" WHERE "projectId" = $1 AND field = ANY($2::text[]) GROUP BY field, value ORDER BY field`,
              projectId,
              fields,
            );
      const stored = await countValues("Annotation");
      const decided = await countValues("Adjudication");
      const orphans = [...orphanedValues(baseline, next, stored, opts.mapping), ...orphanedValues(baseline, next, decided, opts.mapping, { noun: "adjudication" })];
      if (orphans.length > 0) {
        const n = orphans.reduce((k, o) => k + o.count, 0);
        throw new AppError("CONFLICT", `The new scheme would orphan ${n} stored value${n === 1 ? "" : "s"}:\n${orphans.map((o) => o.message).join("\n")}`, { orphans });
      }

      const version = (latest?.version ?? 0) + 1;
      await tx.projectScheme.create({ data: { projectId, version, definition: next, createdById: opts.actorId, note: opts.note ?? null } });

      let remapped = 0;
      for (const s of stored) {
        const m = mappedValue(opts.mapping, s.field, s.value);
        if (!m.found) continue;
        // One statement per value: rewrite, bump the version, and log the change as a save does
        // (History in the same statement; the report change log follows by trigger).
        const n = await tx.$executeRawUnsafe(
          `WITH upd AS (
             UPDATE "Annotation" a SET value = $4::jsonb, version = a.version + 1, "schemeVersion" = $5, "updatedAt" = now()
             WHERE a."projectId" = $1 AND a.field = $2 AND a.value = $3::jsonb
             RETURNING a.id, a.version, a.value)
           INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
           SELECT gen_random_uuid()::text, $1, $6, 'ANNOTATION', upd.id, upd.version, $3::jsonb, upd.value FROM upd`,
          projectId,
          s.field,
          JSON.stringify(s.value),
          JSON.stringify(m.value),
          version,
          opts.actorId,
        );
        remapped += n;
      }
      let remappedAdjudications = 0;
      for (const s of decided) {
        const m = mappedValue(opts.mapping, s.field, s.value);
        if (!m.found) continue;
        // as an adjudicator's edit does (lib/db/adjudication/adjudication.ts): the value, a version bump and an
        // ADJUDICATION History row holding the decision before and after (value, rationale, automatic, adjudicator)
        remappedAdjudications += await tx.$executeRawUnsafe(
          `WITH upd AS (
             UPDATE "Adjudication" d SET value = $4::jsonb, version = d.version + 1, "updatedAt" = now()
             WHERE d."projectId" = $1 AND d.field = $2 AND d.value = $3::jsonb
             RETURNING d.id, d.version, d.value, d.rationale, d.automatic, d."adjudicatorId")
           INSERT INTO "History" (id, "projectId", "userId", entity, "entityId", version, "oldValue", "newValue")
           SELECT gen_random_uuid()::text, $1, $5, 'ADJUDICATION', upd.id, upd.version,
                  jsonb_build_object('value', $3::jsonb, 'rationale', upd.rationale, 'automatic', upd.automatic, 'adjudicatorId', upd."adjudicatorId"),
                  jsonb_build_object('value', upd.value, 'rationale', upd.rationale, 'automatic', upd.automatic, 'adjudicatorId', upd."adjudicatorId")
           FROM upd`,
          projectId,
          s.field,
          JSON.stringify(s.value),
          JSON.stringify(m.value),
          opts.actorId,
        );
      }
      await tx.auditLog.create({
        data: { projectId, userId: opts.actorId, action: "scheme.set", detail: { version, schemeId: next.id, note: opts.note ?? null, remapped, remappedAdjudications, mapping: (opts.mapping ?? {}) as object } },
      });
      return { version, changes: describeSchemeChange(before, next), remapped, remappedAdjudications };
    },
    // a large project's group-by and rewrites can outlast Prisma's 5 s default
    { timeout: 120_000, maxWait: 10_000 },
  );
}

/**
 * Stores the parts of `config` as the project's next version when they change the latest one
 * (lib/schemes/presets/preset-of-parts.ts nextDefinitionOfParts): with no version yet, the preset
 * of the parts; else the version in force with the fields of the parts switched off removed and
 * those of the parts switched on added, read from the fields it has, whatever scheme it is (its
 * guidelines, its own fields and labels kept). Called in the caller's transaction: project creation
 * (version 1) and the Settings form that switches parts on and off. Returns the version stored, or
 * null when the latest version already says the same (or has none of the presets' fields, so no
 * parts to switch).
 *
 * No orphan check, unlike setProjectScheme: switching a part off removes its fields from the
 * definition, but their values stay stored under the same names and show again when the part is
 * switched back on; a part switched back on gets its fields as the project last had them (its
 * latest version that had them), so the values they accepted are accepted again, and a preset's
 * fields accept every value the built-in runtime stored (lib/schemes/presets/*.test.ts).
 */
export async function storePresetOfPartsVersion(
  tx: TTx,
  projectId: string,
  config: TSchemeConfig,
  opts: { actorId: string | null; note: string },
): Promise<number | null> {
  const latest = await tx.projectScheme.findFirst({ where: { projectId }, orderBy: { version: "desc" }, select: { version: true, definition: true } });
  const previous = latest ? parseStored(projectId, latest.version, latest.definition) : null;
  if (previous && !hasPartsToSwitch(previous)) return null;
  const next = nextDefinitionOfParts(previous, config, previous ? await earlierPartFields(tx, projectId, previous) : undefined);
  if (!next) return null;
  // a scheme of no field cannot be run: the form that switched every part off is told so
  if (next.fields.length === 0) throw new AppError("BAD_REQUEST", "Invalid scheme configuration: (root): At least one part of a scheme must be switched on");
  if (previous && sortedJson(previous) === sortedJson(next)) return null;
  const version = (latest?.version ?? 0) + 1;
  await tx.projectScheme.create({ data: { projectId, version, definition: next, createdById: opts.actorId, note: opts.note } });
  return version;
}

/**
 * The presets' fields (by id) that the version in force lacks, as the project's latest earlier
 * version that had them defined them: what a part switched back on gets again.
 */
async function earlierPartFields(tx: TTx, projectId: string, previous: TSchemeDefinition): Promise<Map<string, TSchemeField[]>> {
  const out = new Map<string, TSchemeField[]>();
  const lacking = new Set(PRESET_PART_FIELD_IDS.filter((id) => !previous.fields.some((f) => f.id === id)));
  if (lacking.size === 0) return out;
  const rows = await tx.projectScheme.findMany({ where: { projectId }, orderBy: { version: "desc" }, select: { version: true, definition: true } });
  for (const r of rows) {
    const parsed = ZSchemeDefinition.safeParse(r.definition);
    if (!parsed.success) continue;
    for (const id of lacking) {
      if (out.has(id)) continue;
      const fields = parsed.data.fields.filter((f) => f.id === id);
      if (fields.length) out.set(id, fields);
    }
    if (out.size === lacking.size) break;
  }
  return out;
}

/**
 * The definition a project runs: its latest stored version, or (a project of an earlier release
 * the upgrade has not stored one for yet) the preset its stored configuration switched on, as the
 * upgrade will store it (presetForStoredConfig).
 */
export async function getSchemeInForce(db: Db, projectId: string): Promise<TSchemeDefinition> {
  const stored = await getProjectScheme(db, projectId);
  if (stored) return stored.definition;
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { schemeConfig: true } });
  return presetForStoredConfig(project.schemeConfig);
}
