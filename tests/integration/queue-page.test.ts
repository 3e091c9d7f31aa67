// Issue 29 point 5 on real PostgreSQL: the annotator's queue is read a page at a time, with the
// filtered count, a search over sentence and id (% and _ literal), a status filter, sorts, and the
// progress summary over the whole queue; only the caller's own assignments are read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { getQueuePage, getQueueScopes, getQueueSummary } from "@/lib/db/workspace/queue-page";
import { parseQueueQuery, queueHref } from "@/lib/workspace/queue-query";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const N = 1200;

async function seed() {
  const [me, other] = await Promise.all([makeUser(db, { tag: "queue-me" }), makeUser(db, { tag: "queue-other" })]);
  const project = await makeProject(db, [{ userId: me.id, roles: ["ANNOTATOR"] }, { userId: other.id, roles: ["ANNOTATOR"] }]);
  // one document in the pilot split, N segments; item 7 mentions "100%_off"; every 10th is done
  await pool.query(
    `WITH d AS (INSERT INTO "Document" (id, "projectId", "externalId", language, split, position) VALUES ('doc-' || $1, $1, 'd', 'en', 'PILOT', 0) RETURNING id)
     INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language)
     SELECT $1 || '-s' || i, $1, (SELECT id FROM d), 'seg-' || lpad(i::text, 5, '0'), i,
            CASE WHEN i = 7 THEN 'Prices fell 100%_off overnight.' ELSE 'Sentence ' || i || ' of the storm.' END, 'en'
     FROM generate_series(1, $2::int) i`,
    [project.id, N],
  );
  for (const [who, shift] of [[me.id, 0], [other.id, 1]] as const) {
    await pool.query(
      `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", status, position, "timeSpentMs")
       SELECT $2 || '-a' || i, $1, $2, $1 || '-s' || i,
              (CASE WHEN i % 10 = 0 THEN 'DONE' WHEN i = 3 THEN 'IN_PROGRESS' ELSE 'TODO' END)::"AssignmentStatus",
              (i + $3::int) % $4::int, i * 1000
       FROM generate_series(1, $4::int) i`,
      [project.id, who, shift, N],
    );
  }
  return { project, me };
}

describe("the queue, a page at a time", () => {
  it("pages, counts, searches, filters and sorts in SQL, over the caller's assignments only", async () => {
    const { project, me } = await seed();
    const ids = { projectId: project.id, annotatorId: me.id };
    expect(await getQueueScopes(pool, ids)).toEqual([{ split: "PILOT", count: N }]);

    const q = (raw: Record<string, string>) => parseQueueQuery(raw);
    const first = await getQueuePage(pool, ids, q({}));
    expect(first.filtered).toBe(N);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toMatchObject({ rank: 1, externalId: "seg-01200", split: "PILOT" }); // position 0
    const third = await getQueuePage(pool, ids, q({ page: "3", size: "100" }));
    expect(third.rows.map((r) => r.rank)).toEqual(Array.from({ length: 100 }, (_, i) => 201 + i));

    // search: words or an id; % and _ are literal
    expect((await getQueuePage(pool, ids, q({ q: "100%_off" }))).rows.map((r) => r.externalId)).toEqual(["seg-00007"]);
    expect((await getQueuePage(pool, ids, q({ q: "%" }))).filtered).toBe(1);
    expect((await getQueuePage(pool, ids, q({ q: "seg-0012" }))).filtered).toBe(10);

    // status filters and sorts
    expect((await getQueuePage(pool, ids, q({ status: "DONE" }))).filtered).toBe(N / 10);
    expect((await getQueuePage(pool, ids, q({ status: "OPEN" }))).filtered).toBe(N - N / 10);
    expect((await getQueuePage(pool, ids, q({ sort: "status" }))).rows[0].externalId).toBe("seg-00003");
    expect((await getQueuePage(pool, ids, q({ sort: "time", dir: "desc" }))).rows[0].externalId).toBe("seg-01200");
    expect((await getQueuePage(pool, ids, q({ sort: "segment", page: "24" }))).rows.at(-1)?.externalId).toBe("seg-01200");

    // the summary is over the whole queue, not the page or the filter
    const sum = await getQueueSummary(pool, ids, q({ status: "DONE", q: "nothing matches this" }));
    expect(sum).toMatchObject({ total: N, done: N / 10, skipped: 0, timeSpentMs: (N * (N + 1) * 1000) / 2, languages: [{ language: "en", done: N / 10, total: N }] });
    // "continue where I stopped": the first open item in the caller's order (position 0 is seg-01200, done)
    expect(sum.continueSegmentId).toBe(`${project.id}-s1`);

    // a bad address falls back instead of failing the page
    expect(parseQueueQuery({ page: "-3", size: "7", sort: "DROP TABLE", status: "nope" })).toMatchObject({ page: 1, size: 50, sort: "rank", status: "ALL" });
    // one queue: a bookmark's ?scheme= of the per-part queues is dropped, and the address has none
    expect(parseQueueQuery({ scheme: "METAHOPE", status: "DONE" })).not.toHaveProperty("scheme");
    expect(queueHref(project.slug, parseQueueQuery({ scheme: "MMTE", status: "DONE" }), {})).toBe(`/projects/${project.slug}/queue?status=DONE`);
  });
});
