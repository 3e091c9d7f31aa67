// Issue 30.3 in the workspace: submitting an item of a project's own scheme with a spans field in
// which nothing is marked stores the empty list for it ("no errors marked", a value that counts in
// agreement), not nothing; the spans marked stay as saved, and skipping stores nothing. Before the
// fix the submit stored no value for the unmarked fields.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { applyAssignmentAction } from "@/lib/db/workspace/assignment";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

const definition = ZSchemeDefinition.parse({
  id: "empty-spans",
  version: 1,
  name: "Spans submitted empty",
  fields: [
    { id: "metaphor", scope: "segment", kind: "spans", label: "Metaphors", labels: [{ value: "MRW", key: "m" }] },
    { id: "errors", scope: "translation", kind: "spans", label: "Errors", labels: [{ value: "MIS", key: "x" }] },
    { id: "note", scope: "segment", kind: "text", label: "Note" },
  ],
});

let db: Db;
let pool: Pool;
let project: { id: string; slug: string; sourceLang: string; targetLang: string };
let ann: string;
let skipper: string;
let runtime: Extract<TSchemeRuntime, { kind: "scheme" }>;
let segmentId: string;
let translations: string[];
const config = { ...DEFAULT_SCHEME_CONFIG, blindSystemNames: true, shuffleItems: false };

beforeAll(async () => {
  ({ db, pool } = await openTestDatabase());
  ann = (await makeUser(db, { tag: "ann" })).id;
  skipper = (await makeUser(db, { tag: "skip" })).id;
  project = await makeProject(db, [
    { userId: ann, roles: ["ANNOTATOR"] },
    { userId: skipper, roles: ["ANNOTATOR"] },
  ]);
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en", title: "D" } });
  const s = await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: "s1", index: 0, text: "Time is a thief.", language: "en" } });
  segmentId = s.id;
  translations = [];
  for (const name of ["sys-a", "sys-b"]) {
    const sys = await db.mtSystem.create({ data: { projectId: project.id, name } });
    translations.push((await db.translation.create({ data: { segmentId: s.id, systemId: sys.id, text: `时间是小偷 ${name}`, language: "zh" } })).id);
  }
  await setProjectScheme(db, project.id, definition, { actorId: null });
  const r = await getProjectRuntime(db, project.id);
  if (r.kind !== "scheme") throw new Error("expected the scheme runtime");
  runtime = r;
  await createAssignments(db, { projectId: project.id, annotatorIds: [ann, skipper], perItem: 2, shuffle: false });
});
afterAll(closeTestDatabase);

const act = (annotatorId: string, action: "submit" | "skip") =>
  applyAssignmentAction(db, { project, config, annotatorId, segmentId, action: action === "submit" ? { action, activeMs: 0 } : { action }, runtime });

async function stored(annotatorId: string) {
  const r = await pool.query<{ field: string; tr: string | null; value: unknown; version: number; history: number }>(
    `SELECT a.field, a."translationId" AS tr, a.value, a.version,
            (SELECT count(*)::int FROM "History" h WHERE h."entityId" = a.id) AS history
     FROM "Annotation" a WHERE a."projectId" = $1 AND a."annotatorId" = $2 ORDER BY a.field, a."itemKey"`,
    [project.id, annotatorId],
  );
  return r.rows;
}

describe("submitting spans fields with nothing marked", () => {
  it("stores the empty list for each shown spans field without a value; skipping stores nothing", async () => {
    const span = [{ start: 0, end: 2, label: "MIS" }];
    await saveAnnotation(pool, { projectId: project.id, annotatorId: ann, config, runtime, input: { segmentId, translationId: translations[0], mrwId: null, field: "errors", value: span, baseVersion: 0 } as never });
    expect(await act(ann, "submit")).toMatchObject({ status: "DONE" });
    const rows = await stored(ann);
    const byTranslation = (tr: string | null) => rows.find((r) => r.field === "errors" && r.tr === tr);
    expect(byTranslation(translations[0])).toMatchObject({ value: span, version: 1 });
    expect(byTranslation(translations[1])).toMatchObject({ value: [], version: 1, history: 1 });
    expect(rows.find((r) => r.field === "metaphor")).toMatchObject({ tr: null, value: [], version: 1, history: 1 });
    // a text field left empty is not a spans field: still no value
    expect(rows.find((r) => r.field === "note")).toBeUndefined();
    expect(rows).toHaveLength(3);

    expect(await act(skipper, "skip")).toMatchObject({ status: "SKIPPED" });
    expect(await stored(skipper)).toEqual([]);
  });
});
