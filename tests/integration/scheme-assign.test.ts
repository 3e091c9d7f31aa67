// New assignments are SCHEME assignments, one per annotator × item, for every project: its own
// scheme and the MMTE/MetaHOPE presets alike (lib/schemes/assignment-scheme.ts), through
// `tropos assign` (a spawned process, as a lead runs it) and Settings → Assignments
// (lib/db/project-assignments.ts, the server action's body). MMTE or METAHOPE, as scripts of an
// earlier release ask for them, are read as the scheme when it has that preset's fields, and
// refused naming the scheme when it has none.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { ZSchemeDefinition } from "@/lib/schemes/language/scheme-definition";
import { setProjectScheme, storeBuiltInSchemeVersion } from "@/lib/db/project-schemes";
import { schemeConfigFor } from "@/lib/schemes/scheme-preset";
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

/** A project with 3 segments and 2 annotators; `own`: it runs the idiom-judgement scheme, else the MMTE preset (as `project create --scheme mmte` stores it). */
async function setup(own: boolean) {
  const a = await makeUser(db, { tag: "asg-a" });
  const b = await makeUser(db, { tag: "asg-b" });
  const project = await makeProject(db, [{ userId: a.id, roles: ["ANNOTATOR"] }, { userId: b.id, roles: ["ANNOTATOR"] }]);
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en" } });
  for (const i of [0, 1, 2]) await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Segment ${i}.`, language: "en" } });
  if (own) await setProjectScheme(db, project.id, IDIOM, { actorId: null });
  else await db.$transaction((tx) => storeBuiltInSchemeVersion(tx, project.id, schemeConfigFor("mmte"), { actorId: null, note: "preset mmte" }));
  return { project, annotators: [a.id, b.id] };
}

const schemesOf = async (projectId: string) => (await db.assignment.findMany({ where: { projectId }, select: { scheme: true } })).map((r) => r.scheme);

describe("tropos assign", () => {
  it("gives a project that runs its own scheme SCHEME assignments, and refuses --scheme mmte saying why", async () => {
    const { project } = await setup(true);
    const refused = await tropos("assign", "--project", project.slug, "--per-item", "2", "--scheme", "mmte");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`scheme "Idiom judgement" (version 1) has no MMTE fields`);
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

  it("gives an MMTE project SCHEME assignments too; --scheme mmte is read as that, --scheme metahope refused naming the scheme", async () => {
    const { project } = await setup(false);
    const ok = await tropos("assign", "--project", project.slug, "--per-item", "1");
    expect(ok.code).toBe(0);
    expect(new Set(await schemesOf(project.id))).toEqual(new Set(["SCHEME"]));
    const alias = await tropos("assign", "--project", project.slug, "--per-item", "2", "--scheme", "mmte");
    expect(alias.stderr).toBe("");
    expect(alias.code).toBe(0);
    expect(alias.stdout).toContain("SCHEME");
    const refused = await tropos("assign", "--project", project.slug, "--per-item", "2", "--scheme", "METAHOPE");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`scheme "MMTE (Wang et al. 2024)" (version 1) has no MetaHOPE fields`);
    const rows = await schemesOf(project.id);
    expect(rows).toHaveLength(6);
    expect(new Set(rows)).toEqual(new Set(["SCHEME"]));
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

  it("an MMTE project: SCHEME, MMTE read as it, METAHOPE refused naming the scheme (MetaHOPE is not among its fields)", async () => {
    const { project, annotators } = await setup(false);
    expect(await createProjectAssignments(db, project, { perItem: 1, scheme: "SCHEME", annotatorIds: annotators, shuffle: false })).toEqual({ created: 3, scheme: "SCHEME" });
    expect(await createProjectAssignments(db, project, { perItem: 2, scheme: "MMTE", annotatorIds: annotators, shuffle: false })).toEqual({ created: 3, scheme: "SCHEME" });
    const e = await createProjectAssignments(db, project, { perItem: 2, scheme: "METAHOPE", annotatorIds: annotators, shuffle: false }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("BAD_REQUEST");
    expect((e as AppError).message).toContain(`scheme "MMTE (Wang et al. 2024)" (version 1) has no MetaHOPE fields`);
    expect(await schemesOf(project.id)).toEqual(Array(6).fill("SCHEME"));
  });
});
