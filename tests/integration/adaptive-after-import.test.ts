// Adaptive redundancy for imported finished work (issue 31 point 3): a file that brings two raters'
// finished values gives each item where they disagree the extra rater a submit would have given it
// (the eligible annotator with the fewest open assignments), logged as at a submit; agreeing items
// get none, a dry run none, and importing the same file again adds no one (the extra rater's
// assignment is open, so the item is not finished). Before addRatersAfterImport, imported work
// never met the rule: the first test found no extra assignment.
import type { Pool } from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { setAdaptiveRule } from "@/lib/db/assignments/adaptive-redundancy";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { DRIFT_SCHEME } from "@/lib/reports/fixtures/drift-scheme";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail, makeProject, makeUser } from "./fixtures";

const email = (r: string) => `adaptive-import-${r}@annotators.test`;
const J = (o: unknown) => JSON.stringify(o);

let db: Db;
let pool: Pool;
let project: { id: string; slug: string };
beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  const lead = await makeUser(db, { tag: "lead" });
  project = await makeProject(db, [{ userId: lead.id, roles: ["MANAGER"] }], { targetLang: "fr" });
  await setProjectScheme(db, project.id, DRIFT_SCHEME, { actorId: null });
  await addMembersByEmail(db, project.id, ["a", "b", "c"].map(email));
  const corpus = [J({ type: "document", externalId: "doc", language: "en" })];
  for (const i of [1, 2]) {
    corpus.push(J({ type: "segment", documentId: "doc", externalId: `item-${i}`, index: i - 1, text: `Sentence ${i}.`, language: "en", metaphorical: false }));
    corpus.push(J({ type: "translation", segmentId: `item-${i}`, system: "sys", language: "fr", text: `Phrase ${i}.` }));
  }
  await importLines("corpus.jsonl", corpus);
  await setAdaptiveRule(db, { projectId: project.id, definition: DRIFT_SCHEME, input: { field: "label", k: 2, max: 3 }, actorId: lead.id });
});
afterAll(closeTestDatabase);

async function importLines(name: string, lines: string[], dryRun = false) {
  const result = parseJsonl(name, lines.join("\n"));
  expect(result.errors, name).toEqual([]);
  return loadImport(pool, { projectId: project.id, fileName: name, result, dryRun });
}

// a and b label item-1 differently, item-2 alike
const values = [
  ["a", "item-1", "kept"],
  ["b", "item-1", "lost"],
  ["a", "item-2", "kept"],
  ["b", "item-2", "kept"],
].map(([who, segmentId, value]) => J({ type: "annotation", annotator: email(who), segmentId, system: "sys", field: "label", value }));

async function ratersOf(externalId: string) {
  const rows = await db.assignment.findMany({ where: { projectId: project.id, segment: { externalId } }, select: { status: true, origin: true, annotator: { select: { email: true } } } });
  return rows.map((r) => [r.annotator.email, r.status, r.origin]).sort();
}

it("a dry run assigns no one", async () => {
  const summary = await importLines("values.jsonl", values, true);
  expect(summary.adaptiveRaters).toBeUndefined();
  expect(await db.assignment.count({ where: { projectId: project.id } })).toBe(0);
});

it("the item whose imported values disagree gets the extra rater; the agreeing one does not", async () => {
  const summary = await importLines("values.jsonl", values);
  expect(summary.adaptiveRaters).toBe(1);
  expect(await ratersOf("item-1")).toEqual([
    [email("a"), "DONE", "import"],
    [email("b"), "DONE", "import"],
    [email("c"), "TODO", "adaptive"],
  ]);
  expect(await ratersOf("item-2")).toEqual([
    [email("a"), "DONE", "import"],
    [email("b"), "DONE", "import"],
  ]);
  const log = await db.auditLog.findMany({ where: { projectId: project.id, action: "assignment.adaptive" }, select: { detail: true } });
  expect(log).toHaveLength(1);
  expect(log[0].detail).toMatchObject({ fields: ["label"], raters: 3 });
});

it("importing the same file again adds no one", async () => {
  const summary = await importLines("values.jsonl", values);
  expect(summary.adaptiveRaters).toBeUndefined();
  expect(await db.assignment.count({ where: { projectId: project.id, origin: "adaptive" } })).toBe(1);
});
