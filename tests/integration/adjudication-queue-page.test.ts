// Issue 29 point 5: the adjudication queue is read a page at a time (offset and limit over the
// queue's own order, strongest disagreement first) and searched by the sentence's words or id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { getAdjudicationQueue } from "@/lib/db/adjudication/adjudication";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

const IDIOM = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("the adjudication queue, a page at a time", () => {
  it("pages over the queue's order and searches sentences", async () => {
    const [a, b] = await Promise.all([makeUser(db, { tag: "adjq-a" }), makeUser(db, { tag: "adjq-b" })]);
    const project = await makeProject(db, [{ userId: a.id, roles: ["ANNOTATOR"] }, { userId: b.id, roles: ["ANNOTATOR"] }]);
    await setProjectScheme(db, project.id, IDIOM, { actorId: null });
    const field = IDIOM.fields.find((f) => f.kind === "scale" && f.scope === "segment")!;
    await pool.query(
      `WITH d AS (INSERT INTO "Document" (id, "projectId", "externalId", language, position) VALUES ($1 || '-d', $1, 'd', 'en', 0) RETURNING id)
       INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language)
       SELECT $1 || '-s' || i, $1, (SELECT id FROM d), 'q-' || lpad(i::text, 3, '0'), i, CASE WHEN i = 42 THEN 'A needle in the haystack.' ELSE 'Sentence ' || i || '.' END, 'en'
       FROM generate_series(1, 120) i`,
      [project.id],
    );
    // every segment: a says 1, b says 2 (a disagreement per segment, all of the same strength)
    for (const [who, value] of [[a.id, 1], [b.id, 2]] as const) {
      await pool.query(
        `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "itemKey", field, value, version, "schemeVersion", "updatedAt")
         SELECT $2 || '-v' || i, $1, $2, $1 || '-s' || i, '-', $3, to_jsonb($4::int), 1, 1, now() FROM generate_series(1, 120) i`,
        [project.id, who, field.id, value],
      );
    }
    const all = await getAdjudicationQueue(db, project.id, { limit: 1000 });
    expect(all.total).toBe(120);
    const page2 = await getAdjudicationQueue(db, project.id, { offset: 50, limit: 50 });
    expect(page2.total).toBe(120);
    expect(page2.rows.map((r) => r.segmentId)).toEqual(all.rows.slice(50, 100).map((r) => r.segmentId));
    const found = await getAdjudicationQueue(db, project.id, { search: "NEEDLE", limit: 50 });
    expect(found.total).toBe(1);
    expect(found.rows[0].segmentText).toBe("A needle in the haystack.");
    expect((await getAdjudicationQueue(db, project.id, { search: "q-01", limit: 50 })).total).toBe(10);
  });
});
