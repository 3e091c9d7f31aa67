// Backup and restore of one whole project as JSONL: a header line with the project, the users it
// references (email and name only: never password hashes or admin flags), then every row of every
// project table in dependency order, streamed through one snapshot cursor. Restore reads the lines
// in order, gives every row a fresh id (so a backup can be restored next to its original, under
// another slug; a row keyed by its project or segment takes the restored one's), maps users by
// email, and writes everything in one transaction.
import { randomBytes, randomUUID } from "node:crypto";
import { inTransaction } from "@/lib/db/in-transaction";
import type { Pool, PoolClient } from "pg";
import { z } from "zod";
import { withExportSession } from "@/lib/db/export/cursor";
import { AppError } from "@/lib/errors";
import { importedRaterEmail, isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";
import { builtInCodeIssue } from "@/lib/schemes/presets/built-in-codes";
import { remapDriftDetail, remapIdsDeep, remapItemKey, remapQualificationAnswers, remapValueIds } from "@/lib/db/export/restore-value-ids";

export const BACKUP_FORMAT = "tropos-backup";
export const BACKUP_VERSION = 1;

/** "drop": a reference to a row backups do not carry (a suggestion's Job): restored as NULL */
type Ref = "id" | "user" | "project" | "drop";
interface TableSpec {
  table: string;
  /** rows of the project; $1 = project id */
  where: string;
  /** columns holding ids of other rows, and what kind of id they hold */
  refs: Record<string, Ref>;
  /** itemKey = "<translationId|->:<mrwId|->" must be rebuilt from the remapped ids */
  itemKey?: boolean;
  /** the primary key when it is not `id` but one of `refs` (the row of a project or a segment): rows are ordered by it, and restored under its mapped value, not a fresh id */
  key?: string;
}

const P = `"projectId" = $1`;
/** Dependency order: a row's references always come earlier in the file. */
export const DUMP_TABLES: readonly TableSpec[] = [
  { table: "ProjectMember", where: P, refs: { projectId: "project", userId: "user" } },
  { table: "ProjectScheme", where: P, refs: { projectId: "project", createdById: "user" } },
  // annotator groups (issue 19): their slice names documents by external id, so no remapping
  { table: "AnnotatorGroup", where: P, refs: { projectId: "project" } },
  { table: "AnnotatorGroupMember", where: P, refs: { groupId: "id", projectId: "project", userId: "user" } },
  { table: "Document", where: P, refs: { projectId: "project" } },
  { table: "Segment", where: P, refs: { projectId: "project", documentId: "id" } },
  { table: "Mrw", where: P, refs: { projectId: "project", segmentId: "id" } },
  { table: "MtSystem", where: P, refs: { projectId: "project" } },
  { table: "Translation", where: `"segmentId" IN (SELECT id FROM "Segment" WHERE ${P})`, refs: { segmentId: "id", systemId: "id" } },
  // imported automatic metric scores of translations (issue 19)
  { table: "MetricScore", where: P, refs: { projectId: "project", translationId: "id" } },
  { table: "Alignment", where: `"mrwId" IN (SELECT id FROM "Mrw" WHERE ${P})`, refs: { mrwId: "id", translationId: "id" } },
  { table: "Assignment", where: P, refs: { projectId: "project", annotatorId: "user", segmentId: "id" } },
  { table: "Annotation", where: P, refs: { projectId: "project", annotatorId: "user", segmentId: "id", translationId: "id", mrwId: "id" }, itemKey: true },
  { table: "ErrorSpan", where: P, refs: { projectId: "project", annotatorId: "user", translationId: "id", mrwId: "id" } },
  { table: "PostEdit", where: P, refs: { projectId: "project", segmentId: "id", annotatorId: "user", baseTranslationId: "id" } },
  { table: "Adjudication", where: P, refs: { projectId: "project", segmentId: "id", translationId: "id", mrwId: "id", adjudicatorId: "user" }, itemKey: true },
  { table: "GoldReference", where: P, refs: { projectId: "project", segmentId: "id", sourcePostEditId: "id", sourceTranslationId: "id", approvedById: "user" } },
  // model endpoints hold the NAME of their key's variable, never a key, so they travel safely
  { table: "ModelEndpoint", where: P, refs: { projectId: "project" } },
  { table: "Suggestion", where: P, refs: { projectId: "project", endpointId: "id", jobId: "drop", segmentId: "id", translationId: "id", mrwId: "id" }, itemKey: true },
  // annotators' decisions on suggestions shown in the workspace (issue 15 point 4)
  { table: "SuggestionDecision", where: P, refs: { projectId: "project", suggestionId: "id", annotatorId: "user" } },
  // quality control (issue 31): gold-check settings, gold items (qualification and hidden checks),
  // qualification attempts (their answers name items by id: ID_JSON_COLUMNS), checks' answers
  { table: "GoldCheckConfig", key: "projectId", where: P, refs: { projectId: "project" } },
  { table: "GoldItem", key: "segmentId", where: P, refs: { projectId: "project", segmentId: "id" } },
  { table: "QualificationAttempt", where: P, refs: { projectId: "project", annotatorId: "user" } },
  { table: "GoldCheckAnswer", where: P, refs: { projectId: "project", annotatorId: "user", segmentId: "id" }, itemKey: true },
  { table: "AdaptiveRedundancyRule", where: P, refs: { projectId: "project" } },
  // drift alerts: a flag names its annotator by email; a notification links to a page of the project
  { table: "DriftSetting", key: "projectId", where: P, refs: { projectId: "project" } },
  { table: "DriftFlag", where: P, refs: { projectId: "project" } },
  { table: "Notification", where: P, refs: { projectId: "project", userId: "user" } },
  { table: "History", where: P, refs: { projectId: "project", userId: "user", entityId: "id" } },
  { table: "AuditLog", where: P, refs: { projectId: "project", userId: "user" } },
];
/** JSON columns holding a field's value, in which a span names its MRW by id (lib/db/export/restore-value-ids.ts). */
const VALUE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  Annotation: ["value"],
  Adjudication: ["value"],
  Suggestion: ["value"],
  History: ["oldValue", "newValue"],
};
/** JSON columns naming rows by id in a shape of their own (lib/db/export/restore-value-ids.ts). */
const ID_JSON_COLUMNS: Readonly<Record<string, Readonly<Record<string, (value: unknown, newIdOf: (oldId: string) => string | undefined) => unknown>>>> = {
  QualificationAttempt: { answers: remapQualificationAnswers },
  DriftFlag: { detail: remapDriftDetail },
};
const TABLE_BY_NAME = new Map(DUMP_TABLES.map((t) => [t.table, t]));

const ZProjectHeader = z.object({
  kind: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  project: z.object({
    id: z.string().min(1),
    slug: z.string().min(1),
    name: z.string(),
    sourceLang: z.string(),
    targetLang: z.string(),
    /** absent in backups made before a project could hold several target languages */
    targetLangs: z.array(z.string()).optional(),
    schemeConfig: z.unknown(),
    createdAt: z.string(),
  }),
});
const ZUserLine = z.object({ kind: z.literal("user"), row: z.object({ id: z.string().min(1), email: z.string().min(3), name: z.string().nullable() }) });
const ZRowLine = z.object({ kind: z.string().refine((k) => TABLE_BY_NAME.has(k), "unknown table"), row: z.record(z.string(), z.unknown()) });

/** `/projects/<from>…` as `/projects/<to>…`; any other link as it is. */
function rehomeProjectLink(href: string, from: string, to: string): string {
  const prefix = `/projects/${from}`;
  return href.startsWith(prefix) && /^(?:$|[/?#])/.test(href.slice(prefix.length)) ? `/projects/${to}${href.slice(prefix.length)}` : href;
}

const out = (rec: unknown) => `${JSON.stringify(rec)}\n`;

/** Streams the backup of a project (by id) as JSONL lines. */
export function dumpProject(pool: Pool, projectId: string): AsyncGenerator<string> {
  return withExportSession(pool, async function* (s) {
    const [project] = await s.query<Record<string, unknown>>(
      `SELECT id, slug, name, "sourceLang", "targetLang", "targetLangs", "schemeConfig", to_json("createdAt") #>> '{}' AS "createdAt" FROM "Project" WHERE id = $1`,
      [projectId],
    );
    if (!project) throw new AppError("NOT_FOUND", "No such project.");
    yield out({ kind: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), project });
    for await (const u of s.rows<{ r: string }>(
      `SELECT json_build_object('kind', 'user', 'row', json_build_object('id', u.id, 'email', u.email, 'name', u.name))::text AS r
       FROM "User" u WHERE u.id IN (
         SELECT "userId" FROM "ProjectMember" WHERE ${P} UNION SELECT "annotatorId" FROM "Assignment" WHERE ${P}
         UNION SELECT "annotatorId" FROM "Annotation" WHERE ${P} UNION SELECT "annotatorId" FROM "ErrorSpan" WHERE ${P}
         UNION SELECT "annotatorId" FROM "PostEdit" WHERE ${P} UNION SELECT "adjudicatorId" FROM "Adjudication" WHERE ${P}
         UNION SELECT "approvedById" FROM "GoldReference" WHERE ${P} UNION SELECT "userId" FROM "History" WHERE ${P}
         UNION SELECT "userId" FROM "AuditLog" WHERE ${P} UNION SELECT "createdById" FROM "ProjectScheme" WHERE ${P}
         UNION SELECT "annotatorId" FROM "SuggestionDecision" WHERE ${P} UNION SELECT "annotatorId" FROM "QualificationAttempt" WHERE ${P}
         UNION SELECT "annotatorId" FROM "GoldCheckAnswer" WHERE ${P} UNION SELECT "userId" FROM "Notification" WHERE ${P})
       ORDER BY u.email`,
      [projectId],
    ))
      yield `${u.r}\n`;
    for (const t of DUMP_TABLES) {
      // references to rows a backup does not carry are written as null already, so a restored
      // project's backup equals the original's
      const dropped = Object.entries(t.refs).filter(([, r]) => r === "drop").map(([c]) => c);
      const row = dropped.length ? `(to_jsonb(x) || jsonb_build_object(${dropped.map((c) => `'${c}', NULL`).join(", ")}))` : "row_to_json(x)";
      for await (const r of s.rows<{ r: string }>(
        `SELECT json_build_object('kind', $2::text, 'row', ${row})::text AS r FROM (SELECT * FROM "${t.table}" WHERE ${t.where} ORDER BY "${t.key ?? "id"}") x`,
        [projectId, t.table],
      ))
        yield `${r.r}\n`;
    }
  });
}

export interface RestoreSummary {
  projectId: string;
  slug: string;
  rows: Record<string, number>;
  usersCreated: number;
}

const RESTORE_BATCH = 2000;

/**
 * Restores a backup (its lines, in file order) as a new project, under `slug` or the slug in the
 * backup. Fails with CONFLICT when the slug is taken, and with BAD_REQUEST naming the line when
 * a line is not part of a Tropos backup; nothing is written then (one transaction).
 */
export async function restoreProject(pool: Pool, lines: AsyncIterable<string> | Iterable<string>, opts: { slug?: string; actorId?: string | null; fileName?: string } = {}): Promise<RestoreSummary> {
  const file = opts.fileName ?? "backup";
  return inTransaction(pool, (client) => restoreInTransaction(client, lines, opts.slug, opts.actorId ?? null, file));
}

async function restoreInTransaction(client: PoolClient, lines: AsyncIterable<string> | Iterable<string>, slugOverride: string | undefined, actorId: string | null, file: string): Promise<RestoreSummary> {
  // Fresh ids increase in file order, so a backup of the restored project lists rows in the same
  // order as the original backup (both are sorted by id) and the two compare line by line.
  const prefix = `r${Date.now().toString(36)}${randomBytes(3).toString("hex")}_`;
  let counter = 0;
  const newId = () => `${prefix}${String(++counter).padStart(10, "0")}`;
  const ids = new Map<string, string>();
  const users = new Map<string, string>();
  let projectId: string | null = null;
  let slug = "";
  let backedUpSlug = "";
  let usersCreated = 0;
  const counts: Record<string, number> = {};
  let batch: Record<string, unknown>[] = [];
  let batchTable: TableSpec | null = null;

  const flush = async () => {
    if (!batchTable || !batch.length) return;
    await client.query(`INSERT INTO "${batchTable.table}" SELECT * FROM json_populate_recordset(NULL::"${batchTable.table}", $1::json)`, [JSON.stringify(batch)]);
    counts[batchTable.table] = (counts[batchTable.table] ?? 0) + batch.length;
    batch = [];
  };
  const bad = (line: number, message: string) => new AppError("BAD_REQUEST", `${file}:${line}: ${message}`);

  let lineNo = 0;
  for await (const raw of lines) {
    lineNo++;
    const text = raw.replace(/^\uFEFF/, "").trim();
    if (!text) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw bad(lineNo, "not valid JSON (truncated file?)");
    }
    if (projectId === null) {
      const h = ZProjectHeader.safeParse(json);
      if (!h.success) {
        const i = h.error.issues[0];
        throw bad(lineNo, `not a Tropos backup (expected a "${BACKUP_FORMAT}" version ${BACKUP_VERSION} header; ${i.path.join(".") || "line"}: ${i.message})`);
      }
      backedUpSlug = h.data.project.slug;
      slug = slugOverride ?? backedUpSlug;
      const taken = await client.query(`SELECT 1 FROM "Project" WHERE slug = $1`, [slug]);
      if (taken.rowCount) throw new AppError("CONFLICT", `A project with the slug "${slug}" exists already; restore with --project <new-slug>.`);
      projectId = newId();
      await client.query(
        `INSERT INTO "Project" (id, slug, name, "sourceLang", "targetLang", "targetLangs", "schemeConfig", "createdAt") VALUES ($1, $2, $3, $4, $5, $6::text[], $7::jsonb, $8::timestamp)`,
        [projectId, slug, h.data.project.name, h.data.project.sourceLang, h.data.project.targetLang, h.data.project.targetLangs ?? [h.data.project.targetLang], JSON.stringify(h.data.project.schemeConfig ?? {}), h.data.project.createdAt],
      );
      continue;
    }
    const kind = (json as { kind?: unknown })?.kind;
    if (kind === "user") {
      const u = ZUserLine.safeParse(json);
      if (!u.success) throw bad(lineNo, "malformed user line");
      // a placeholder rater of the backed-up project becomes the restored project's own (issue 27,
      // point 7: a placeholder belongs to one project); people are matched by email as before
      const given = u.data.row.email.toLowerCase();
      const email = isImportedAnnotatorEmail(given) && projectId ? importedRaterEmail(projectId, given) : given;
      const res = await client.query<{ id: string; created: boolean }>(
        `INSERT INTO "User" (id, email, name) VALUES ($1, $2, $3) ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id, (xmax = 0) AS created`,
        [randomUUID(), email, u.data.row.name],
      );
      users.set(u.data.row.id, res.rows[0].id);
      if (res.rows[0].created) usersCreated++;
      continue;
    }
    const parsed = ZRowLine.safeParse(json);
    if (!parsed.success) throw bad(lineNo, `unknown line kind ${JSON.stringify(kind)}`);
    const spec = TABLE_BY_NAME.get(parsed.data.kind)!;
    if (spec !== batchTable) {
      await flush();
      batchTable = spec;
    }
    const row = { ...parsed.data.row };
    const key = spec.key ?? "id";
    const oldId = String(row[key] ?? "");
    if (!oldId) throw bad(lineNo, `row without ${key}`);
    for (const [col, ref] of Object.entries(spec.refs)) {
      const v = row[col];
      if (v === null || v === undefined) continue;
      if (ref === "drop") row[col] = null;
      else if (ref === "project") row[col] = projectId;
      else if (ref === "user") {
        const mapped = users.get(String(v));
        if (!mapped) throw bad(lineNo, `${spec.table}.${col} refers to a user that is not listed in the backup`);
        row[col] = mapped;
      } else {
        let mapped = ids.get(String(v));
        if (!mapped && spec.table === "History") {
          // History outlives a deleted row (an undone automatic acceptance). Its id points nowhere,
          // but keeping it would repeat (entity, entityId, version) of the original project's rows,
          // which History's unique key refuses: a fresh id, the same for every version of that row.
          mapped = newId();
          ids.set(String(v), mapped);
        }
        if (!mapped) throw bad(lineNo, `${spec.table}.${col} refers to a row that is not earlier in the backup`);
        row[col] = mapped;
      }
    }
    // a row keyed by a reference has its key mapped above
    if (!spec.key) {
      const id = newId();
      ids.set(oldId, id);
      row.id = id;
    }
    // the item key as stored (a scheme's document and role values have keys of their own), its ids
    // remapped; a backup without one gets the pair key of its translation and MRW
    if (spec.itemKey) row.itemKey = typeof row.itemKey === "string" ? remapItemKey(row.itemKey, (old) => ids.get(old)) : `${row.translationId ?? "-"}:${row.mrwId ?? "-"}`;
    for (const col of VALUE_COLUMNS[spec.table] ?? []) if (row[col] !== undefined) row[col] = remapValueIds(row[col], (old) => ids.get(old));
    for (const [col, remap] of Object.entries(ID_JSON_COLUMNS[spec.table] ?? {})) if (row[col] !== undefined) row[col] = remap(row[col], (old) => ids.get(old));
    // an audit entry's detail names rows and users by id in its action's own shape: all of them remapped
    if (spec.table === "AuditLog" && row.detail !== undefined) row.detail = remapIdsDeep(row.detail, (old) => ids.get(old) ?? users.get(old));
    // a notification's link to a page of the project (lib/db/drift/drift-check.ts) follows it to its new slug
    if (spec.table === "Notification" && typeof row.href === "string") row.href = rehomeProjectLink(row.href, backedUpSlug, slug);
    // backups written before History.duplicate existed (json_populate_recordset would insert NULL)
    if (spec.table === "History" && row.duplicate === undefined) row.duplicate = 0;
    // codes the database stores as text (error span category and severity, alignment pattern,
    // post-edit and gold kinds) must be the presets' (lib/schemes/presets/built-in-codes.ts)
    const codeIssue = builtInCodeIssue(spec.table, row);
    if (codeIssue) throw bad(lineNo, codeIssue);
    batch.push(row);
    if (batch.length >= RESTORE_BATCH) await flush();
  }
  await flush();
  if (projectId === null) throw bad(1, "the file is empty");
  // an id from the same sequence sorts after every restored row, keeping the restored rows' order
  await client.query(`INSERT INTO "AuditLog" (id, "projectId", "userId", action, detail) VALUES ($1, $2, $3, 'restore', $4::jsonb)`, [
    newId(),
    projectId,
    actorId,
    JSON.stringify({ file, rows: counts, usersCreated }),
  ]);
  return { projectId, slug, rows: counts, usersCreated };
}
