// Issue 19 point 3, MetaHOPE as run: PSUCMC idiom MRWs (i, l) and verb-nouns (vn) are normalised
// into the content classes (MetaHOPE §4.1.1) and so active by default, each MRW in its own
// sentence: a word tagged or used differently in two sentences keeps each sentence's class and
// activity through the import, the project's active-POS setting and the MetaHOPE workspace.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeUser } from "./fixtures";
import { createProject } from "@/lib/db/projects/create-project";
import { importFile } from "@/lib/db/import/import-file";
import { getActivePos, getPosCounts, setActivePos } from "@/lib/db/projects/mrw-active-pos";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { getSchemeWorkspaceItem } from "@/lib/db/workspace/item";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { projectSchemeConfig } from "@/lib/workspace/project-config";
import { TWO_TAG_CLASSES, TWO_TAG_ROWS } from "@/lib/import/test-support/psucmc-two-tags";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function studyProject() {
  const ann = await makeUser(db, { tag: "ann" });
  const slug = `pos-${Math.random().toString(36).slice(2, 8)}`;
  const { project } = await createProject(
    db,
    { slug, name: slug, sourceLang: "zh", targetLang: "en", scheme: "metahope", members: [{ email: ann.email, role: "ANNOTATOR" }] },
    { actorId: null, via: "cli", inviteMissing: false },
  );
  const p = { id: project.id, sourceLang: "zh", targetLang: "en" };
  const out = await importFile(pool, { project: p, fileName: "two-tags.csv", content: Buffer.from(TWO_TAG_ROWS), options: { format: "psucmc" }, dryRun: false });
  expect(out.errors).toEqual([]);
  return { project, ann, p };
}

async function stored(projectId: string) {
  const rows = await db.mrw.findMany({ where: { projectId }, include: { segment: { select: { externalId: true } } }, orderBy: { segment: { externalId: "asc" } } });
  return rows.map((m) => [m.segment.externalId.split(":").at(-1), m.token, m.rawPos, m.pos, m.active]);
}

const EXPECTED = TWO_TAG_CLASSES;

describe("POS normalised in context (MetaHOPE §4.1.1)", () => {
  it("each MRW keeps its own sentence's class and activity in the database", async () => {
    const { project } = await studyProject();
    expect(await stored(project.id)).toEqual(EXPECTED);
    // the settings page counts per class, and the active classes read back as the content words
    expect(await getPosCounts(pool, project.id)).toEqual([
      { pos: "NOUN", total: 1, active: 1 },
      { pos: "VERB", total: 3, active: 3 },
      { pos: "ADJ", total: 2, active: 2 },
      { pos: "ADV", total: 0, active: 0 },
      { pos: "OTHER", total: 1, active: 0 },
    ]);
    expect(await getActivePos(pool, project.id)).toEqual(["NOUN", "VERB", "ADJ", "ADV"]);
  });

  it("the active-POS setting acts per sentence's class, not per word, and comes back unchanged", async () => {
    const { project } = await studyProject();
    await setActivePos(pool, project.id, ["NOUN"]);
    expect((await stored(project.id)).map((r) => r[4])).toEqual([false, true, false, false, false, false, false]);
    await setActivePos(pool, project.id, ["NOUN", "VERB", "ADJ", "ADV"]);
    expect(await stored(project.id)).toEqual(EXPECTED);
  });

  it("importing the file again keeps every sentence's class (no per-word merge)", async () => {
    const { project, p } = await studyProject();
    const again = await importFile(pool, { project: p, fileName: "two-tags.csv", content: Buffer.from(TWO_TAG_ROWS), options: { format: "psucmc" }, dryRun: false });
    expect(again.errors).toEqual([]);
    expect(await stored(project.id)).toEqual(EXPECTED);
  });

  it("the idiom MRWs are annotated in the MetaHOPE workspace by default; the preposition is not", async () => {
    const { project, ann, p } = await studyProject();
    const mt = ["segment_id\tsystem\ttranslation", "psucmc:news_90_v.4:6\tsysA\tThe future is bright.", "psucmc:news_90_v.4:4\tsysA\tHe thinks in his heart."].join("\n");
    expect((await importFile(pool, { project: p, fileName: "mt.tsv", content: Buffer.from(mt), options: { format: "mt" }, dryRun: false })).errors).toEqual([]);
    await createAssignments(db, { projectId: project.id, annotatorIds: [ann.id], perItem: 1, shuffle: false });
    const full = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    const runtime = await getProjectRuntime(db, project.id);
    const itemOf = async (externalId: string) =>
      getSchemeWorkspaceItem(db, { project: { id: project.id, slug: full.slug, sourceLang: "zh", targetLang: "en" }, config: projectSchemeConfig(full.schemeConfig), annotatorId: ann.id, segmentKey: externalId, runtime });
    // the workspace shows the active MRWs: the preset's MRW field (ALIGNMENT) is asked of those only
    expect(runtime.definition.fields.filter((f) => f.scope === "mrw-translation").map((f) => f.id)).toEqual(["ALIGNMENT"]);
    expect((await itemOf("psucmc:news_90_v.4:6")).mrws.map((m) => m.token)).toEqual(["光辉灿烂"]);
    expect((await itemOf("psucmc:news_90_v.4:4")).mrws).toEqual([]);
  });
});
