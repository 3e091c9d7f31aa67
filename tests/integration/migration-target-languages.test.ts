/**
 * Migration 20261127100000_target_languages_and_groups (issue 19 point 1) on a database made by
 * the previous release: every migration before it runs on a fresh database, two projects (EN→ZH
 * and EN→IT) with post-edits are written the way that release wrote them, then the migration
 * runs. Each project lists its one target language, each post-edit is in its project's language,
 * and no row is lost or changed otherwise.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, dropDatabase, runMigrations } from "./migration-database";

const MIGRATION = "20261127100000_target_languages_and_groups";
const NAME = `tropos_mig_langs_${process.pid}`;

let client: pg.Client;
beforeAll(async () => void (client = await databaseBefore(NAME, MIGRATION)));
afterAll(async () => {
  await client?.end();
  await dropDatabase(NAME);
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

    await runMigrations(client, [MIGRATION]);

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
