/**
 * `npm run db:migrate` (scripts/migrate.ts) on a database a previous release left: the schema
 * migrations (none new since, so `prisma migrate deploy` has nothing to apply), then every project
 * moved onto the one runtime (lib/db/upgrade/move-onto-scheme-runtime.ts). Spawned as an operator runs it,
 * `node --import tsx scripts/migrate.ts` with DATABASE_URL: exit 0 when every project moved (or
 * nothing was left to move), exit 1 when a project was refused, named with why, the others moved
 * all the same. A draft error span (no category or severity chosen yet) is no refusal: the project
 * moves, the draft set aside, which the log line says (and the audit log keeps it in full).
 *
 * The database is made by `prisma migrate deploy` (the previous release's own `npm run db:migrate`),
 * and its rows are written as that release wrote them, as the migrations leave them: the preset
 * stored as version 1, error spans and post-edits in their tables, and the per-part MMTE/METAHOPE
 * assignments merged into one by 20261129000000_assignment_per_item, the DONE MetaHOPE one a review
 * mark (tests/integration/migration-assignment-parts.test.ts).
 */
import { runProcess, type TCliRun } from "../support/run-tropos";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recreateDatabase } from "../test-database";
import { dropDatabase } from "./migration-database";
import { presetOfParts } from "@/lib/schemes/presets/preset-of-parts";
import { ZSchemeConfig } from "@/lib/schemes/scheme-config";

const NAME = `tropos_mig_script_${process.pid}`;
let url: string;
let client: pg.Client;

function migrate(): Promise<TCliRun> {
  return runProcess(process.execPath, ["--import", "tsx", path.resolve("scripts/migrate.ts")], { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" });
}

const rows = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows;

/**
 * A project as the previous release wrote it: its preset as version 1, u1's assignment of s1 (its
 * done MMTE and MetaHOPE ones merged, the MetaHOPE one a review mark), a span (MIS, MAJOR unless
 * `span` says otherwise: null = not chosen, a draft) and a post-edit.
 */
async function previousReleaseProject(id: string, span: { category?: string | null; severity?: string | null } = {}) {
  const config = ZSchemeConfig.parse({ alignment: true, metahopeErrors: true });
  await client.query(`INSERT INTO "Project" (id, slug, name, "schemeConfig") VALUES ($1, $1, $1, $2)`, [id, JSON.stringify(config)]);
  await client.query(`INSERT INTO "ProjectScheme" (id, "projectId", version, definition, note) VALUES ($1, $2, 1, $3, 'preset both')`, [`${id}-v1`, id, JSON.stringify(presetOfParts(config))]);
  await client.query(`INSERT INTO "ProjectMember" (id, "projectId", "userId", role) VALUES ($1, $2, 'u1', 'ANNOTATOR')`, [`${id}-m1`, id]);
  await client.query(`INSERT INTO "Document" (id, "projectId", "externalId", language) VALUES ($1, $2, 'doc', 'en')`, [`${id}-d`, id]);
  await client.query(`INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language) VALUES ($1, $2, $3, 's1', 0, 'Time is a thief.', 'en')`, [`${id}-s`, id, `${id}-d`]);
  await client.query(`INSERT INTO "MtSystem" (id, "projectId", name) VALUES ($1, $2, 'GPT')`, [`${id}-sys`, id]);
  await client.query(`INSERT INTO "Translation" (id, "segmentId", "systemId", language, text) VALUES ($1, $2, $3, 'zh', '时间是小偷。')`, [`${id}-t`, `${id}-s`, `${id}-sys`]);
  await client.query(
    `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", status, "timeSpentMs", "updatedAt") VALUES ($1, $2, 'u1', $3, 'DONE', 1500, now())`,
    [`${id}-a`, id, `${id}-s`],
  );
  await client.query(
    `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "itemKey", field, value, version, "schemeVersion", "updatedAt")
     VALUES ($1, $2, 'u1', $3, $4, $4 || ':-', 'METAHOPE_ERRORS', '{"reviewed": true}', 1, 1, now())`,
    [`${id}-mark`, id, `${id}-s`, `${id}-t`],
  );
  await client.query(
    `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "translationId", "itemKey", field, value, version, "schemeVersion", "updatedAt")
     VALUES ($1, $2, 'u1', $3, $4, $4 || ':-', 'FLUENCY', '4', 1, 1, now())`,
    [`${id}-an`, id, `${id}-s`, `${id}-t`],
  );
  await client.query(
    `INSERT INTO "ErrorSpan" (id, "projectId", "annotatorId", "translationId", category, severity, start, "end", "updatedAt") VALUES ($1, $2, 'u1', $3, $4, $5, 0, 2, now())`,
    [`${id}-e`, id, `${id}-t`, span.category === undefined ? "MIS" : span.category, span.severity === undefined ? "MAJOR" : span.severity],
  );
  await client.query(`INSERT INTO "PostEdit" (id, "projectId", "segmentId", "annotatorId", kind, language, text, "updatedAt") VALUES ($1, $2, $3, 'u1', 'FIGURATIVE', 'zh', '光阴似贼。', now())`, [`${id}-pe`, id, `${id}-s`]);
}

const leftOf = async (id: string) => ({
  marks: (await rows(`SELECT count(*)::int AS n FROM "Annotation" WHERE "projectId" = $1 AND field = 'METAHOPE_ERRORS' AND jsonb_typeof(value) = 'object'`, [id]))[0].n,
  assignments: (await rows(`SELECT count(*)::int AS n FROM "Assignment" WHERE "projectId" = $1`, [id]))[0].n,
  spans: (await rows(`SELECT count(*)::int AS n FROM "ErrorSpan" WHERE "projectId" = $1`, [id]))[0].n,
  postEdits: (await rows(`SELECT count(*)::int AS n FROM "PostEdit" WHERE "projectId" = $1`, [id]))[0].n,
});

beforeAll(async () => {
  url = await recreateDatabase(NAME);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`INSERT INTO "User" (id, email) VALUES ('u1', 'a1@mig.test')`);
}, 120_000);

afterAll(async () => {
  await client?.end();
  await dropDatabase(NAME);
});

describe("npm run db:migrate (scripts/migrate.ts) on a previous release's database", () => {
  it("moves every project and exits 0; run again, it says nothing was left and exits 0", async () => {
    await previousReleaseProject("old");
    const r = await migrate();
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("[tropos] moved project old onto its scheme: 1 error spans in 1 span lists, 1 post-edits");
    // no draft, no word of drafts
    expect(r.stdout).not.toContain("draft");
    expect(await leftOf("old")).toEqual({ marks: 0, assignments: 1, spans: 0, postEdits: 0 });
    expect(await rows(`SELECT field, value, "schemeVersion" FROM "Annotation" WHERE "projectId" = 'old' ORDER BY field`)).toEqual([
      { field: "FLUENCY", value: 4, schemeVersion: 1 },
      { field: "METAHOPE_ERRORS", value: [{ start: 0, end: 2, label: "MIS", attributes: { severity: 6 } }], schemeVersion: 1 },
      { field: "POSTEDIT_FIGURATIVE", value: "光阴似贼。", schemeVersion: 1 },
    ]);

    const again = await migrate();
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("[tropos] Every project runs its stored scheme already.");
    expect(again.stdout).not.toContain("moved project");
  }, 240_000);

  it("exits 1 when a project is refused, naming it, the item and the field; the others are moved; once fixed, 0", async () => {
    // a category the scheme does not have (written by hand, or by a release with other categories)
    await previousReleaseProject("unknown", { category: "XYZ" });
    await previousReleaseProject("fine");
    const r = await migrate();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '[tropos] could NOT move project unknown (left as it was): The project\'s built-in values cannot move to this scheme version: segment s1, translation GPT (zh), annotator a1@mig.test: METAHOPE_ERRORS: span 1: label "XYZ" is not one of IMP, RAM, MIS, STL, PRF',
    );
    expect(r.stdout).toContain("[tropos] moved project fine onto its scheme");
    expect(await leftOf("unknown")).toEqual({ marks: 1, assignments: 1, spans: 1, postEdits: 1 });
    expect(await leftOf("fine")).toEqual({ marks: 0, assignments: 1, spans: 0, postEdits: 0 });

    // the operator corrects the category; the next run moves the project and exits 0
    await client.query(`UPDATE "ErrorSpan" SET category = 'MIS' WHERE id = 'unknown-e'`);
    const fixed = await migrate();
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain("[tropos] moved project unknown onto its scheme: 1 error spans in 1 span lists");
    expect(fixed.stdout).not.toContain("could NOT move");
    expect(await leftOf("unknown")).toEqual({ marks: 0, assignments: 1, spans: 0, postEdits: 0 });
  }, 240_000);

  it("a draft span refuses nothing: the project moves, the log line says the draft was set aside and that the audit log keeps it; exit 0", async () => {
    await previousReleaseProject("drafty", { category: null, severity: null });
    const r = await migrate();
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    // u1's MetaHOPE assignment was DONE (its review mark): they reviewed the translation, an empty list (the draft counted nowhere, before or after)
    expect(r.stdout).toContain(
      "[tropos] moved project drafty onto its scheme: 0 error spans in 1 span lists, 1 post-edits; " +
        "1 draft error span (no category or severity chosen) set aside, kept in full in the audit log (action scheme.convert-built-in-values, draftSpansSetAside)",
    );
    expect(r.stdout).not.toContain("could NOT move");
    expect(await leftOf("drafty")).toEqual({ marks: 0, assignments: 1, spans: 0, postEdits: 0 });
    expect(await rows(`SELECT field, value FROM "Annotation" WHERE "projectId" = 'drafty' AND field = 'METAHOPE_ERRORS'`)).toEqual([{ field: "METAHOPE_ERRORS", value: [] }]);
    const [audit] = await rows(`SELECT detail FROM "AuditLog" WHERE "projectId" = 'drafty' AND action = 'scheme.convert-built-in-values'`);
    expect(audit.detail).toMatchObject({ errorSpans: 0, draftSpans: 1 });
    expect(audit.detail.draftSpansSetAside).toEqual([
      expect.objectContaining({ id: "drafty-e", annotatorId: "u1", translationId: "drafty-t", segmentId: "drafty-s", mrwId: null, start: 0, end: 2, category: null, severity: null, comment: null }),
    ]);
  }, 240_000);
});
