// Adaptive redundancy in a big study (issue 31 point 3): the pick of an extra rater counts each
// candidate's open assignments only up to OPEN_COUNTED_UP_TO, so that its cost does not grow with
// the study (bench/adaptive-redundancy.ts). Below that, the fewest open assignments win as before;
// among queues at least that long, the extra items are spread over the candidates by a hash of
// item and annotator, not all given to the smallest id (which a plain tie-break by id would do).
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { OPEN_COUNTED_UP_TO, addRaterWhereDisagreeing, setAdaptiveRule } from "@/lib/db/assignments/adaptive-redundancy";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

const definition = ZSchemeDefinition.parse({
  id: "adaptive-long",
  version: 1,
  name: "Adaptive redundancy, long queues",
  fields: [{ id: "label", scope: "segment", kind: "choice", label: "Label", options: [{ value: "a" }, { value: "b" }] }],
});

let db: Db;
let pool: Pool;
let projectId: string;
/** raters of the study items (both done, disagreeing) */
let raters: string[];
/** the candidates for an extra rater, in id order */
let cand: string[];
const STUDY_ITEMS = 24;

beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  const users: string[] = [];
  for (let i = 0; i < 6; i++) users.push((await makeUser(db, { tag: `long${i}` })).id);
  raters = users.slice(0, 2);
  cand = users.slice(2).sort();
  const project = await makeProject(db, users.map((userId) => ({ userId, roles: ["ANNOTATOR" as const] })));
  projectId = project.id;
  await setProjectScheme(db, projectId, definition, { actorId: null });
  await setAdaptiveRule(db, { projectId, definition, input: { field: "label", k: 2, max: 3 }, actorId: null });
  const p = projectId;
  const filler = OPEN_COUNTED_UP_TO + 300;
  await pool.query(`INSERT INTO "Document" (id, "projectId", "externalId", language) VALUES ($1 || '-d', $1, 'd', 'en')`, [p]);
  await pool.query(
    `INSERT INTO "Segment" (id, "projectId", "documentId", "externalId", index, text, language)
     SELECT $1 || '-s' || i, $1, $1 || '-d', 's' || i, i, 'Item ' || i, 'en' FROM generate_series(0, $2 - 1) i`,
    [p, STUDY_ITEMS + filler],
  );
  // the study items: both raters done, "a" against "b"
  await pool.query(
    `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", status, position, "updatedAt")
     SELECT $1 || '-a' || i || '-' || r, $1, ($2::text[])[r + 1], $1 || '-s' || i, 'DONE', i, now()
     FROM generate_series(0, $3 - 1) i, generate_series(0, 1) r`,
    [p, raters, STUDY_ITEMS],
  );
  await pool.query(
    `INSERT INTO "Annotation" (id, "projectId", "annotatorId", "segmentId", "itemKey", field, value, "schemeVersion", "updatedAt")
     SELECT $1 || '-v' || i || '-' || r, $1, ($2::text[])[r + 1], $1 || '-s' || i, 'segment', 'label', to_jsonb(CASE WHEN r = 0 THEN 'a' ELSE 'b' END), 1, now()
     FROM generate_series(0, $3 - 1) i, generate_series(0, 1) r`,
    [p, raters, STUDY_ITEMS],
  );
  // open work of the candidates on the filler items: the first OPEN_COUNTED_UP_TO - 1 (the only
  // one below the count's limit), the others at or above it, the last the most
  const open = [OPEN_COUNTED_UP_TO - 1, OPEN_COUNTED_UP_TO, OPEN_COUNTED_UP_TO + 150, OPEN_COUNTED_UP_TO + 300];
  for (const [c, n] of open.entries()) {
    await pool.query(
      `INSERT INTO "Assignment" (id, "projectId", "annotatorId", "segmentId", status, position, "updatedAt")
       SELECT $1 || '-f' || i || '-' || $3::text, $1, $2, $1 || '-s' || ($4 + i), 'TODO', i, now() FROM generate_series(0, $5 - 1) i`,
      [p, cand[c], c, STUDY_ITEMS, n],
    );
  }
});
afterAll(closeTestDatabase);

const decide = (i: number) =>
  db.$transaction((tx) => addRaterWhereDisagreeing(tx as unknown as Db, { projectId, segmentId: `${projectId}-s${i}`, definition, actorId: raters[1] }));

it("below the count's limit the fewest open assignments win; the extra assignment goes to the end of the queue", async () => {
  expect((await decide(0))?.annotatorId).toBe(cand[0]);
  const made = await db.assignment.findFirstOrThrow({ where: { segmentId: `${projectId}-s0`, origin: "adaptive" }, select: { annotatorId: true, position: true } });
  // the candidate's filler positions are 0 … OPEN_COUNTED_UP_TO - 2
  expect(made).toEqual({ annotatorId: cand[0], position: OPEN_COUNTED_UP_TO - 1 });
});

it("among queues at the limit, the extra items are spread over the candidates, deterministically", async () => {
  // every candidate now holds at least OPEN_COUNTED_UP_TO open assignments
  const picks: string[] = [];
  for (let i = 1; i < STUDY_ITEMS; i++) picks.push((await decide(i))!.annotatorId);
  const byCandidate = new Map<string, number>();
  for (const c of picks) byCandidate.set(c, (byCandidate.get(c) ?? 0) + 1);
  // 23 items over 4 candidates: a plain tie-break by id would give all of them to cand[0]
  expect(byCandidate.size).toBeGreaterThanOrEqual(3);
  expect(Math.max(...byCandidate.values())).toBeLessThan(picks.length);
  // the same item goes to the same candidate (a hash, not chance): decided again after removing it
  await db.assignment.deleteMany({ where: { projectId, origin: "adaptive", segmentId: `${projectId}-s5` } });
  expect((await decide(5))?.annotatorId).toBe(picks[4]);
});
