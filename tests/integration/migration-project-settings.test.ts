/**
 * Migration 20261201000000_project_settings_without_parts (issue 28 point 5) on a database made by
 * the previous release: every migration before it runs on a fresh database, projects are written
 * as that release wrote them (the part switches stored beside the settings, the preset of the
 * parts stored as version 1), then the migration runs. A project with a version keeps its settings
 * and loses its parts; one without a version (not moved yet) keeps everything, for the upgrade.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, dropDatabase, runMigrations } from "./migration-database";

const MIGRATION = "20261201000000_project_settings_without_parts";
const NAME = `tropos_mig_settings_${process.pid}`;

let client: pg.Client;
beforeAll(async () => void (client = await databaseBefore(NAME, MIGRATION)));
afterAll(async () => {
  await client?.end();
  await dropDatabase(NAME);
});

describe(`migration ${MIGRATION}`, () => {
  it("removes the part switches of projects that store a scheme version, and nothing else", async () => {
    const q = (sql: string, v: unknown[] = []) => client.query(sql, v);
    // as the previous release stored a MetaHOPE project's configuration (ZSchemeConfig, parsed)
    const parts = { mmteQuality: false, mmteMrw: { equivalence: false, emotion: false, authenticity: false, targetWords: false }, alignment: true, metahopeErrors: true, metahopePostEdit: false, postEdit: { figurative: false, literal: false } };
    const settings = { blindSystemNames: false, shuffleItems: true, showSuggestions: true, emosWeights: { vss: 0.5, lmr: 0.3, edr: 0.2 } };
    const projects: [string, object, boolean][] = [
      ["with-version", { ...parts, ...settings, required: ["ALIGNMENT"] }, true],
      ["no-version", { ...parts, ...settings }, false],
      ["unset", {}, true],
      ["settings-only", { shuffleItems: false }, true],
    ];
    for (const [id, config, versioned] of projects) {
      await q(`INSERT INTO "Project" (id, slug, name, "schemeConfig") VALUES ($1, $1, $1, $2)`, [id, JSON.stringify(config)]);
      if (versioned) await q(`INSERT INTO "ProjectScheme" (id, "projectId", version, definition) VALUES ($1, $2, 1, '{"id": "x", "fields": []}')`, [`${id}-v1`, id]);
    }

    await runMigrations(client, [MIGRATION]);

    expect(Object.fromEntries((await q(`SELECT id, "schemeConfig" FROM "Project" ORDER BY id`)).rows.map((r) => [r.id, r.schemeConfig]))).toEqual({
      "with-version": settings,
      "no-version": { ...parts, ...settings },
      unset: {},
      "settings-only": { shuffleItems: false },
    });
  });
});
