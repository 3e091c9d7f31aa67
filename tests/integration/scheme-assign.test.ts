// New assignments are one per annotator × item, for the project's whole scheme, for every project:
// its own scheme and the MMTE/MetaHOPE presets alike, through `tropos assign` (a spawned process,
// as a lead runs it) and Settings → Assignments (lib/db/assignments/project-assignments.ts, the server action's
// body). There is no scheme to choose: `--scheme`, which scripts of an earlier release passed to
// choose a part, is an unknown option now, refused as any misspelt one (not silently ignored).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { setProjectScheme, storePresetOfPartsVersion } from "@/lib/db/projects/project-schemes";
import { schemeConfigFor } from "@/lib/schemes/presets/parts-choice";
import { createProjectAssignments } from "@/lib/db/assignments/project-assignments";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { troposOn } from "../support/run-tropos";

const IDIOM = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));

let url: string;
let db: Db;
beforeAll(async () => ({ url, db } = await openTestDatabase()));
afterAll(closeTestDatabase);

const tropos = troposOn(() => url);

/** A project with 3 segments and 2 annotators; `own`: it runs the idiom-judgement scheme, else the MMTE preset (as `project create --scheme mmte` stores it). */
async function setup(own: boolean) {
  const a = await makeUser(db, { tag: "asg-a" });
  const b = await makeUser(db, { tag: "asg-b" });
  const project = await makeProject(db, [{ userId: a.id, roles: ["ANNOTATOR"] }, { userId: b.id, roles: ["ANNOTATOR"] }]);
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en" } });
  for (const i of [0, 1, 2]) await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Segment ${i}.`, language: "en" } });
  if (own) await setProjectScheme(db, project.id, IDIOM, { actorId: null });
  else await db.$transaction((tx) => storePresetOfPartsVersion(tx, project.id, schemeConfigFor("mmte"), { actorId: null, note: "preset mmte" }));
  return { project, annotators: [a.id, b.id] };
}

/** The project's assignments as "annotator segment", sorted. */
const itemsOf = async (projectId: string) =>
  (await db.assignment.findMany({ where: { projectId }, select: { annotatorId: true, segment: { select: { externalId: true } } } })).map((r) => `${r.annotatorId} ${r.segment.externalId}`).sort();

describe("tropos assign", () => {
  it("gives a project that runs its own scheme one assignment per annotator × item, and refuses --scheme as an unknown option", async () => {
    const { project, annotators } = await setup(true);
    const refused = await tropos("assign", "--project", project.slug, "--per-item", "2", "--scheme", "mmte");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--scheme");
    expect(await itemsOf(project.id)).toEqual([]);
    const help = await tropos("assign", "--help");
    expect(help.stdout).not.toContain("--scheme");
    const ok = await tropos("assign", "--project", project.slug, "--per-item", "2");
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("Created 6 assignments (2 per item, 2 annotators).");
    expect(await itemsOf(project.id)).toEqual(annotators.flatMap((a) => ["s0", "s1", "s2"].map((s) => `${a} ${s}`)).sort());
  });

  it("gives an MMTE project the same: one assignment per annotator × item; running it again fills only what is missing", async () => {
    const { project } = await setup(false);
    const ok = await tropos("assign", "--project", project.slug, "--per-item", "1");
    expect(ok.code).toBe(0);
    expect(await itemsOf(project.id)).toHaveLength(3);
    const again = await tropos("assign", "--project", project.slug, "--per-item", "2");
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Created 3 assignments");
    expect(await itemsOf(project.id)).toHaveLength(6);
  });
});

describe("Settings → Assignments", () => {
  it("creates one assignment per annotator × item without a scheme choice, and counts existing ones", async () => {
    for (const own of [true, false]) {
      const { project, annotators } = await setup(own);
      expect(await createProjectAssignments(db, project, { perItem: 1, annotatorIds: annotators, shuffle: false })).toEqual({ created: 3 });
      const again = await createProjectAssignments(db, project, { perItem: 2, annotatorIds: annotators, shuffle: false });
      expect(again).toEqual({ created: 3 });
      expect(await itemsOf(project.id)).toEqual(annotators.flatMap((a) => ["s0", "s1", "s2"].map((s) => `${a} ${s}`)).sort());
    }
  });
});
