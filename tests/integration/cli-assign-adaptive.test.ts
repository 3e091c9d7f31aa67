// `tropos assign adaptive` (issue 31 point 3): sets, lists and removes a field's rule, refuses a
// rule that does not fit the field with its reason, and `tropos assign` without --per-item then
// gives every item the rule's k raters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { troposOn } from "../support/run-tropos";

let url: string;
let db: Db;
let project: { id: string; slug: string };
const tropos = troposOn(() => url);

beforeAll(async () => {
  ({ url, db } = await openTestDatabase());
  const anns = [];
  for (let i = 0; i < 3; i++) anns.push((await makeUser(db, { tag: `cad${i}` })).id);
  project = await makeProject(db, anns.map((userId) => ({ userId, roles: ["ANNOTATOR" as const] })));
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en", title: "D" } });
  for (let i = 0; i < 3; i++) await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Item ${i}.`, language: "en" } });
  await setProjectScheme(
    db,
    project.id,
    ZSchemeDefinition.parse({
      id: "cli-adaptive",
      version: 1,
      name: "CLI adaptive",
      fields: [
        { id: "score", scope: "segment", kind: "scale", label: "Score", min: 1, max: 5 },
        { id: "note", scope: "segment", kind: "text", label: "Note" },
      ],
    }),
    { actorId: null },
  );
});
afterAll(closeTestDatabase);

describe("tropos assign adaptive", () => {
  it("sets, lists, refuses and removes rules; assign without --per-item uses k", { timeout: 300_000 }, async () => {
    const noRule = await tropos("assign", "--project", project.slug);
    expect(noRule.code).toBe(2);
    expect(noRule.stderr).toMatch(/no adaptive redundancy rule/);

    const set = await tropos("assign", "adaptive", "--project", project.slug, "--field", "score", "--k", "2", "--max", "3", "--threshold", "1");
    expect(set.stderr).toBe("");
    expect(set.stdout).toBe("score: 2 raters per item, up to 3 where they disagree (threshold 1).\n");
    expect((await tropos("assign", "adaptive", "--project", project.slug)).stdout).toBe("score: k 2, max 3, threshold 1\n");

    const text = await tropos("assign", "adaptive", "--project", project.slug, "--field", "note", "--k", "2", "--max", "3");
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(/note is a text field: it has no measurement level/);
    const bad = await tropos("assign", "adaptive", "--project", project.slug, "--field", "score", "--k", "3", "--max", "2");
    expect(bad.stderr).toMatch(/max: max must be at least k/);

    const assign = await tropos("assign", "--project", project.slug, "--no-shuffle");
    expect(assign.stdout).toMatch(/Created 6 assignments \(2 per item, the adaptive rule's k/);
    expect(await db.assignment.count({ where: { projectId: project.id } })).toBe(6);

    expect((await tropos("assign", "adaptive", "--project", project.slug, "--field", "score", "--off")).stdout).toBe("Removed the rule of score.\n");
    expect(await db.auditLog.findMany({ where: { projectId: project.id, action: { startsWith: "adaptive.rule" } }, select: { action: true }, orderBy: { createdAt: "asc" } })).toEqual([
      { action: "adaptive.rule.set" },
      { action: "adaptive.rule.delete" },
    ]);
  });
});
