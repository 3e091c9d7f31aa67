// New assignments of a project that runs its own scheme are SCHEME assignments, one per annotator ×
// item (lib/schemes/assignment-scheme.ts): through `tropos assign` (a spawned process, as a lead
// runs it) and Settings → Assignments (lib/db/project-assignments.ts, the server action's body).
// Asking such a project for MMTE is refused with why; a built-in project is unchanged.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { setProjectScheme } from "@/lib/db/project-schemes";
import { createProjectAssignments } from "@/lib/db/project-assignments";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import { troposOn } from "../support/run-tropos";

const IDIOM = ZSchemeDefinition.parse(JSON.parse(readFileSync("lib/schemes/language/fixtures/idiom-judgement.json", "utf8")));

let url: string;
let db: Db;
beforeAll(async () => ({ url, db } = await openTestDatabase()));
afterAll(closeTestDatabase);

const tropos = troposOn(() => url);

/** A project with 3 segments and 2 annotators; `own`: it runs the idiom-judgement scheme. */
async function setup(own: boolean) {
  const a = await makeUser(db, { tag: "asg-a" });
  const b = await makeUser(db, { tag: "asg-b" });
  const project = await makeProject(db, [{ userId: a.id, roles: ["ANNOTATOR"] }, { userId: b.id, roles: ["ANNOTATOR"] }]);
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en" } });
  for (const i of [0, 1, 2]) await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Segment ${i}.`, language: "en" } });
  if (own) await setProjectScheme(db, project.id, IDIOM, { actorId: null });
  return { project, annotators: [a.id, b.id] };
}

const schemesOf = async (projectId: string) => (await db.assignment.findMany({ where: { projectId }, select: { scheme: true } })).map((r) => r.scheme);

describe("tropos assign", () => {
  it("gives a project that runs its own scheme SCHEME assignments, and refuses --scheme mmte saying why", async () => {
    const { project } = await setup(true);
    const refused = await tropos("assign", "--project", project.slug, "--per-item", "2", "--scheme", "mmte");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`runs its own scheme "Idiom judgement" (version 1)`);
    expect(await schemesOf(project.id)).toEqual([]);
    const ok = await tropos("assign", "--project", project.slug, "--per-item", "2");
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("Created 6 assignments");
    expect(ok.stdout).toContain("SCHEME");
    const rows = await schemesOf(project.id);
    expect(rows).toHaveLength(6);
    expect(new Set(rows)).toEqual(new Set(["SCHEME"]));
  });

  it("keeps MMTE as the default of a built-in project", async () => {
    const { project } = await setup(false);
    const ok = await tropos("assign", "--project", project.slug, "--per-item", "1");
    expect(ok.code).toBe(0);
    expect(new Set(await schemesOf(project.id))).toEqual(new Set(["MMTE"]));
  });
});

describe("Settings → Assignments", () => {
  it("creates SCHEME assignments without a scheme choice, refuses MMTE naming the scheme, and counts existing ones", async () => {
    const { project, annotators } = await setup(true);
    const e = await createProjectAssignments(db, project, { perItem: 1, scheme: "MMTE", annotatorIds: annotators, shuffle: false }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("BAD_REQUEST");
    expect((e as AppError).message).toContain("Idiom judgement");
    const r = await createProjectAssignments(db, project, { perItem: 1, annotatorIds: annotators, shuffle: false });
    expect(r).toEqual({ created: 3, scheme: "SCHEME" });
    const again = await createProjectAssignments(db, project, { perItem: 2, scheme: "SCHEME", annotatorIds: annotators, shuffle: false });
    expect(again.created).toBe(3);
    expect(await schemesOf(project.id)).toEqual(Array(6).fill("SCHEME"));
  });

  it("a built-in project keeps its choice and refuses SCHEME", async () => {
    const { project, annotators } = await setup(false);
    await expect(createProjectAssignments(db, project, { perItem: 1, scheme: "SCHEME", annotatorIds: annotators, shuffle: false })).rejects.toThrow(/built-in/);
    expect(await createProjectAssignments(db, project, { perItem: 1, scheme: "MMTE", annotatorIds: annotators, shuffle: false })).toEqual({ created: 3, scheme: "MMTE" });
    // MetaHOPE is switched off by default: still refused as before
    await expect(createProjectAssignments(db, project, { perItem: 1, scheme: "METAHOPE", annotatorIds: annotators, shuffle: false })).rejects.toThrow(/does not use MetaHOPE/);
  });
});
