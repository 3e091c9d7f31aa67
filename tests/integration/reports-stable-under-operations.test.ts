/**
 * An operation that changes nothing about annotations changes no figure (issue 13.1): creating
 * assignments for both schemes (for annotators with imported work and for a newcomer), changing
 * members' roles and making a pilot/test split leave every agreement figure and score table of the
 * project exactly as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { reportOutputs } from "./report-outputs";
import { syntheticAnnotations } from "./synthetic-annotations";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { setMemberRoles } from "@/lib/db/projects/members";
import { createSplit, ZSplitInput } from "@/lib/db/projects/splits";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("figures do not move when nothing is annotated", () => {
  for (const reviewedMarkers of [true, false]) {
    it(`assign, roles and split leave every report output unchanged (${reviewedMarkers ? "with" : "without"} reviewed markers)`, async () => {
      const manager = await makeUser(db, { tag: "mgr" });
      const project = await makeProject(db, [{ userId: manager.id, roles: ["MANAGER"] }]);
      const corpus = demoCorpusToImport(readDemoCorpus(), "zh");
      await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: corpus });
      await loadImport(pool, { projectId: project.id, fileName: "synthetic.jsonl", result: syntheticAnnotations(corpus, 7, { reviewedMarkers }) });
      const before = await reportOutputs(db, project.id);
      // the import's raters: the project's placeholder annotators (its answer names no user ids)
      const annotators = (await db.projectMember.findMany({ where: { projectId: project.id, role: "ANNOTATOR" }, select: { user: { select: { id: true, email: true } } }, orderBy: { user: { email: "asc" } } })).map((m) => m.user);

      const newcomer = await makeUser(db, { tag: "new" });
      const ids = [...annotators.map((a) => a.id), newcomer.id];
      await createAssignments(db, { projectId: project.id, annotatorIds: ids, perItem: 4, shuffle: true });
      expect(await reportOutputs(db, project.id)).toBe(before);

      await setMemberRoles(db, { projectId: project.id, actorId: manager.id, email: newcomer.email, roles: ["ANNOTATOR", "ADJUDICATOR"] });
      await setMemberRoles(db, { projectId: project.id, actorId: manager.id, email: annotators[0].email, roles: [] });
      expect(await reportOutputs(db, project.id)).toBe(before);

      await createSplit(pool, project.id, ZSplitInput.parse({ pilot: 1, test: 2, by: "document" }));
      expect(await reportOutputs(db, project.id)).toBe(before);
    }, 120_000);
  }
});
