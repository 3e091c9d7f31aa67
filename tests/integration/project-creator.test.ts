// Issue 29 point 3: who may create projects is a site admin's setting (the project creator
// right), the refusal says so, and the wizard's scheme choices (every preset, a file, a copy of a
// project the caller manages) resolve to what `tropos project create` stores. Real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { closeTestDatabase, openTestDatabase } from "../db";

let db: Db;
const tag = Date.now().toString(36);
const user = (id: string, email: string, isAdmin = false) => ({ id, email, name: null, isAdmin });

beforeAll(async () => {
  ({ db } = await openTestDatabase());
});
afterAll(closeTestDatabase);

describe("the project creator right", () => {
  it("refuses an account without it, naming the right and who gives it; a site admin gives it (audited) and takes it back", async () => {
    const { authorizeProjectCreator, setProjectCreator } = await import("@/lib/db/projects/creators");
    const lead = await db.user.create({ data: { email: `lead-${tag}@example.org` } });
    const admin = await db.user.create({ data: { email: `admin-${tag}@example.org`, isAdmin: true } });
    await expect(authorizeProjectCreator(db, user(lead.id, lead.email))).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("project creator right") });
    await expect(authorizeProjectCreator(db, user(admin.id, admin.email, true))).resolves.toMatchObject({ id: admin.id });
    await expect(authorizeProjectCreator(db, null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });

    await setProjectCreator(db, { email: lead.email.toUpperCase() }, true, admin.id, "web");
    await expect(authorizeProjectCreator(db, user(lead.id, lead.email))).resolves.toMatchObject({ id: lead.id });
    await setProjectCreator(db, { id: lead.id }, false, admin.id, "web");
    await expect(authorizeProjectCreator(db, user(lead.id, lead.email))).rejects.toMatchObject({ code: "FORBIDDEN" });
    const audit = await db.auditLog.findMany({ where: { userId: admin.id }, orderBy: { createdAt: "asc" }, select: { action: true, detail: true } });
    expect(audit).toEqual([
      { action: "user.project-creator.grant", detail: { via: "web", email: lead.email } },
      { action: "user.project-creator.revoke", detail: { via: "web", email: lead.email } },
    ]);
    await expect(setProjectCreator(db, { email: `nobody-${tag}@example.org` }, true, admin.id, "cli")).rejects.toMatchObject({ code: "NOT_FOUND" });
    // a placeholder rater an import made is no login: it cannot be made a project creator
    const rater = await db.user.create({ data: { email: `rater-${tag}@p1.annotators.tropos.local` } });
    await expect(setProjectCreator(db, { id: rater.id }, true, admin.id, "web")).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("the wizard's scheme choices", () => {
  it("resolves every preset, a file (errors with file, line and column) and a copy of a managed project only", async () => {
    const { resolveNewProjectScheme } = await import("@/lib/db/projects/new-project-scheme");
    const { createProject } = await import("@/lib/db/projects/create-project");
    const { getProjectScheme } = await import("@/lib/db/projects/project-schemes");
    const { DATA_PRESET_IDS } = await import("@/lib/projects/new-project-scheme");
    const { findShippedPreset } = await import("@/lib/schemes/presets/shipped-presets");
    const owner = await db.user.create({ data: { email: `owner-${tag}@example.org`, projectCreator: true } });
    const other = await db.user.create({ data: { email: `other-${tag}@example.org`, projectCreator: true } });
    const me = user(owner.id, owner.email);

    expect(await resolveNewProjectScheme(db, me, { kind: "preset", preset: "metahope" })).toEqual({ preset: "metahope" });
    for (const id of DATA_PRESET_IDS) {
      const r = await resolveNewProjectScheme(db, me, { kind: "data-preset", id });
      expect(r.definition?.scheme).toEqual(findShippedPreset(id));
    }
    const bad = '{\n  "id": "x",\n  "version": 1,\n  "name": "X",\n  "fields": 3\n}';
    await expect(resolveNewProjectScheme(db, me, { kind: "file", fileName: "ours.json", text: bad })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/ours\.json:\d+:\d+/) });

    // a project of EMOS, then a new project copying its scheme
    const emos = await resolveNewProjectScheme(db, me, { kind: "data-preset", id: "emos" });
    await createProject(db, { slug: `emos-${tag}`, name: "EMOS", sourceLang: "en", targetLang: "zh", scheme: emos.preset, members: [{ email: owner.email, role: "MANAGER" }] }, { actorId: owner.id, via: "web", inviteMissing: false, definition: emos.definition });
    const copied = await resolveNewProjectScheme(db, me, { kind: "copy", slug: `emos-${tag}` });
    expect(copied.definition?.scheme).toEqual(findShippedPreset("emos"));
    expect(copied.definition?.note).toBe(`copied from emos-${tag} (version 1)`);
    const created = await createProject(db, { slug: `emos-copy-${tag}`, name: "EMOS copy", sourceLang: "en", targetLang: "zh", scheme: "mmte", members: [] }, { actorId: owner.id, via: "web", inviteMissing: false, definition: copied.definition });
    expect((await getProjectScheme(db, created.project.id))?.definition).toEqual(findShippedPreset("emos"));

    // a project the caller does not manage is "not found", as one that does not exist
    await expect(resolveNewProjectScheme(db, user(other.id, other.email), { kind: "copy", slug: `emos-${tag}` })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resolveNewProjectScheme(db, me, { kind: "copy", slug: `no-such-${tag}` })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
