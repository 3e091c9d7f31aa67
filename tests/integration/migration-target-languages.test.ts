/**
 * Migration 20261127100000_target_languages_and_groups (issue 19 point 1) on a database made by
 * the previous release: every migration before it runs on a fresh database, two projects (EN→ZH
 * and EN→IT) with post-edits are written the way that release wrote them, then the migration
 * runs. Each project lists its one target language, each post-edit is in its project's language,
 * and no row is lost or changed otherwise.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_URL, databaseUrl } from "../test-database";

const MIGRATION = "20261127100000_target_languages_and_groups";
const NAME = `tropos_mig_langs_${process.pid}`;
const DIR = path.resolve("prisma/migrations");
const migrations = readdirSync(DIR).filter((d) => /^\d{14}_/.test(d)).sort();
const sqlOf = (d: string) => readFileSync(path.join(DIR, d, "migration.sql"), "utf8");
/** As the migration runner does (the adapter's executeScript): one statement per semicolon. */
const run = async (c: pg.Client, dirs: string[]) => {
  for (const d of dirs) for (const stmt of sqlOf(d).split(";").map((s) => s.trim()).filter((s) => s.length > 0)) await c.query(stmt);
};

let client: pg.Client;
beforeAll(async () => {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${NAME}`);
  await admin.end();
  client = new pg.Client({ connectionString: databaseUrl(NAME) });
  await client.connect();
  await run(client, migrations.filter((d) => d < MIGRATION));
});
afterAll(async () => {
  await client?.end();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin.end();
});

describe(`migration ${MIGRATION}`, () => {
  it("gives every project its one target language as the list and every post-edit its project's language, losing nothing", async () => {
    const q = (sql: string, v: unknown[] = []) => client.query(sql, v);
    await q(`INSERT INTO "User" (id, email) VALUES ('u1', 'a@x.org')`);
    for (const [p, lang] of [["pzh", "zh"], ["pit", "it"]]) {
      await q(`INSERT INTO "Project" (id, slug, name, "sourceLang", "targetLang") VALUES ($1, $1, $1, 'en', $2)`, [p, lang]);
      await q(`INSERT INTO "Document" (id, "projectId", "externalId", language) VALUES ($1, $2, 'd1', 'en')`, [`${p}-d`, p]);
      await q(`INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language) VALUES ($1, $2, $3, 's1', 0, 'The economy ran out of steam.', 'en')`, [`${p}-s`, p, `${p}-d`]);
      await q(`INSERT INTO "PostEdit" (id, "projectId", "segmentId", "annotatorId", kind, text) VALUES ($1, $2, $3, 'u1', 'FIGURATIVE', $4), ($5, $2, $3, 'u1', 'LITERAL', $6)`, [
        `${p}-pf`, p, `${p}-s`, `figurative ${lang}`, `${p}-pl`, `literal ${lang}`,
      ]);
    }
    const before = (await q(`SELECT id, "projectId", "segmentId", "annotatorId", kind, text, version FROM "PostEdit" ORDER BY id`)).rows;

    await run(client, [MIGRATION]);

    expect((await q(`SELECT id, "targetLang", "targetLangs" FROM "Project" ORDER BY id`)).rows).toEqual([
      { id: "pit", targetLang: "it", targetLangs: ["it"] },
      { id: "pzh", targetLang: "zh", targetLangs: ["zh"] },
    ]);
    const after = (await q(`SELECT id, "projectId", "segmentId", "annotatorId", kind, text, version, language FROM "PostEdit" ORDER BY id`)).rows;
    expect(after.map(({ language: _l, ...r }) => r)).toEqual(before);
    expect(after.map((r) => [r.id, r.language])).toEqual([
      ["pit-pf", "it"],
      ["pit-pl", "it"],
      ["pzh-pf", "zh"],
      ["pzh-pl", "zh"],
    ]);
    // the new column is required from now on
    await expect(q(`INSERT INTO "PostEdit" (id, "projectId", "segmentId", "annotatorId", kind, text) VALUES ('x', 'pzh', 'pzh-s', 'u1', 'OTHER', 't')`)).rejects.toThrow(/language/);
    expect((await q(`SELECT count(*)::int AS n FROM "AnnotatorGroup"`)).rows[0].n).toBe(0);
  });
});
