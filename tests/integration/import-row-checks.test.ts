// The streamed import's writes without row-level foreign-key checks (lib/db/import/row-checks.ts):
// what they rely on is pinned here, so that a change to the tables cannot make them unsafe
// unnoticed; a role that may not switch the checks off gets them; a delete of the project during
// such a write waits for the import and then removes what it stored (nothing dangles).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg, { type Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import { UNCHECKED_TABLES, writeWithoutRowChecks } from "@/lib/db/import/row-checks";
import { loadImportStream } from "@/lib/db/import/load-import-stream";

let db: Db;
let pool: Pool;
let url: string;
beforeAll(async () => ({ db, pool, url } = await openTestDatabase()));
afterAll(closeTestDatabase);

const J = (o: unknown) => `${JSON.stringify(o)}\n`;
const corpus = (n: number) =>
  J({ type: "document", externalId: "d1", language: "en" }) +
  Array.from({ length: n }, (_, i) =>
    [
      J({ type: "segment", documentId: "d1", externalId: `s${i}`, index: i, text: "Prices skyrocketed.", language: "en", metaphorical: true }),
      J({ type: "mrw", segmentId: `s${i}`, externalId: "t1", spans: [{ start: 7, end: 18 }], token: "skyrocketed", pos: "VERB", active: true, metaphorical: true }),
      J({ type: "translation", segmentId: `s${i}`, system: "GoogleMT", language: "zh", text: "物价飞涨。" }),
    ].join(""),
  ).join("");

/** Whether the test database's role may set session_replication_role. */
async function mayReplicate(): Promise<boolean> {
  const r = await pool.query<{ superuser: boolean; version: number }>(`SELECT rolsuper AS superuser, current_setting('server_version_num')::int AS version FROM pg_roles WHERE rolname = current_user`);
  if (r.rows[0].superuser) return true;
  if (r.rows[0].version < 150000) return false; // no GRANT SET ON PARAMETER before PostgreSQL 15
  return (await pool.query<{ may: boolean }>(`SELECT has_parameter_privilege('session_replication_role', 'SET') AS may`)).rows[0].may;
}

async function* bytes(text: string) {
  yield Buffer.from(text);
}

describe("writes without row-level foreign-key checks", () => {
  it("are done only on tables whose foreign keys and triggers are the ones the shortcut accounts for", async () => {
    const tables = Object.keys(UNCHECKED_TABLES);
    const fks = await pool.query<{ t: string; parent: string }>(
      `SELECT c.conrelid::regclass::text AS t, c.confrelid::regclass::text AS parent FROM pg_constraint c
       WHERE c.contype = 'f' AND c.conrelid::regclass::text = ANY($1::text[]) ORDER BY 1, 2`,
      [tables.map((t) => `"${t}"`)],
    );
    const byTable: Record<string, string[]> = {};
    for (const r of fks.rows) (byTable[r.t.replaceAll('"', "")] ??= []).push(r.parent.replaceAll('"', ""));
    // a new foreign key from these tables needs its parent created or locked by the import first
    expect(byTable).toEqual(Object.fromEntries(Object.entries(UNCHECKED_TABLES).map(([t, p]) => [t, [...p]])));
    const triggers = await pool.query<{ t: string; name: string }>(
      `SELECT tgrelid::regclass::text AS t, tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgrelid::regclass::text = ANY($1::text[]) ORDER BY 1, 2`,
      [tables.map((t) => `"${t}"`)],
    );
    // replica mode silences ordinary triggers too: only the report-change ones may be here (the
    // shortcut writes their row itself); a new trigger must be handled there before it is added
    for (const r of triggers.rows) expect(r.name).toMatch(/^(Segment|Mrw|Translation)_report_(insert|update|delete|truncate)$/);
    expect(triggers.rows).toHaveLength(12);
  });

  it("make a project delete wait for the import's commit, which then removes what it stored", async () => {
    const project = await makeProject(db);
    const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en" } });
    const client = await pool.connect();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await client.query("BEGIN");
      const w = await writeWithoutRowChecks(client, project.id, "Segment", async () => {
        const r = await client.query(`INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language) VALUES (gen_random_uuid()::text, $1, $2, 's1', 0, 'x', 'en')`, [project.id, doc.id]);
        return { rows: r.rowCount ?? 0 };
      });
      // skipped where this role may switch them off (a superuser, as in CI; or GRANT SET ON PARAMETER)
      expect(w.rowChecks).toBe(!(await mayReplicate()));
      // the delete waits on the import's lock of the project row
      await other.query("SET lock_timeout = '300ms'");
      await expect(other.query(`DELETE FROM "Project" WHERE id = $1`, [project.id])).rejects.toMatchObject({ code: "55P03" });
      await client.query("COMMIT");
      await other.query(`DELETE FROM "Project" WHERE id = $1`, [project.id]);
      const left = await pool.query(`SELECT count(*)::int AS n FROM "Segment" WHERE "projectId" = $1`, [project.id]);
      expect(left.rows[0].n).toBe(0);
      // the report-change row the trigger would have written
      const changes = await pool.query(`SELECT "tableName" FROM "ReportChange" WHERE "projectId" = $1 AND "tableName" = 'Segment'`, [project.id]);
      expect(changes.rowCount).toBeGreaterThan(0);
    } finally {
      await client.query("ROLLBACK").catch(() => undefined);
      client.release();
      await other.end();
    }
  });

  it("keep the row-level checks for a role that may not switch them off, and the import works the same", async (ctx) => {
    const may = await pool.query<{ create: boolean; superuser: boolean }>(`SELECT rolcreaterole OR rolsuper AS create, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`);
    // a test server whose admin role may not create roles (a user's machine) cannot run this one
    if (!may.rows[0].create) ctx.skip();
    const role = `tropos_limited_${Date.now().toString(36)}`;
    const dbName = new URL(url).pathname.slice(1);
    await pool.query(`CREATE ROLE ${role} LOGIN`);
    await pool.query(`GRANT ALL ON ALL TABLES IN SCHEMA public TO ${role}; GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO ${role}; GRANT TEMPORARY ON DATABASE "${dbName}" TO ${role}`);
    const limitedUrl = new URL(url);
    limitedUrl.username = role;
    const limited = new pg.Pool({ connectionString: limitedUrl.toString(), max: 2 });
    try {
      const project = await makeProject(db);
      const client = await limited.connect();
      try {
        await client.query("BEGIN");
        const w = await writeWithoutRowChecks(client, project.id, "Mrw", async () => ({ rows: 0 }));
        expect(w.rowChecks).toBe(true);
        // the refused SET left the transaction usable
        expect((await client.query("SELECT current_setting('session_replication_role') AS r")).rows[0].r).toBe("origin");
        await client.query("ROLLBACK");
      } finally {
        client.release();
      }
      const summary = await loadImportStream(limited, { projectId: project.id, fileName: "c.jsonl", input: bytes(corpus(5)), batchRows: 2 });
      expect({ segments: summary.segments, mrws: summary.mrws, translations: summary.translations }).toEqual({ segments: 5, mrws: 5, translations: 5 });
      // and as the test database's role (checks skipped where it may), into another project: the same rows
      const fast = await makeProject(db);
      await loadImportStream(pool, { projectId: fast.id, fileName: "c.jsonl", input: bytes(corpus(5)), batchRows: 2 });
      const rows = (id: string) =>
        pool.query(
          `SELECT s."externalId", m.token, t.text, y.name FROM "Segment" s JOIN "Mrw" m ON m."segmentId" = s.id JOIN "Translation" t ON t."segmentId" = s.id JOIN "MtSystem" y ON y.id = t."systemId"
           WHERE s."projectId" = $1 AND m."projectId" = $1 AND y."projectId" = $1 ORDER BY 1`,
          [id],
        );
      expect((await rows(fast.id)).rows).toEqual((await rows(project.id)).rows);
      expect((await rows(fast.id)).rows).toHaveLength(5);
    } finally {
      await limited.end();
      await pool.query(`REASSIGN OWNED BY ${role} TO postgres; DROP OWNED BY ${role}; DROP ROLE ${role}`);
    }
  });
});
