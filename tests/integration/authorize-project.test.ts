import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import type { Pool } from "pg";
import { PERMISSIONS, type Permission } from "@/lib/authz/permissions";
import { authorizeProject, authorizeSessionProject } from "@/lib/authz/authorize-project";
import { AppError } from "@/lib/errors";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
}

describe("authorizeProject", () => {
  it("grants exactly the permission table to each role, hides the project from outsiders", async () => {
    const [manager, annotator, adjudicator, outsider, admin] = await Promise.all([
      makeUser(db, { tag: "mgr" }),
      makeUser(db, { tag: "ann" }),
      makeUser(db, { tag: "adj" }),
      makeUser(db, { tag: "out" }),
      makeUser(db, { tag: "admin", isAdmin: true }),
    ]);
    const project = await makeProject(db, [
      { userId: manager.id, roles: ["MANAGER"] },
      { userId: annotator.id, roles: ["ANNOTATOR"] },
      { userId: adjudicator.id, roles: ["ADJUDICATOR"] },
    ]);
    // the outsider annotates elsewhere
    await makeProject(db, [{ userId: outsider.id, roles: ["ANNOTATOR"] }]);

    const expected: Record<string, Record<Permission, string>> = {
      anonymous: { "project.read": "UNAUTHENTICATED", "project.manage": "UNAUTHENTICATED", "project.export": "UNAUTHENTICATED", "adjudication.export": "UNAUTHENTICATED", "annotation.write": "UNAUTHENTICATED", "adjudication.write": "UNAUTHENTICATED", "report.read": "UNAUTHENTICATED" },
      outsider: { "project.read": "NOT_FOUND", "project.manage": "NOT_FOUND", "project.export": "NOT_FOUND", "adjudication.export": "NOT_FOUND", "annotation.write": "NOT_FOUND", "adjudication.write": "NOT_FOUND", "report.read": "NOT_FOUND" },
      annotator: { "project.read": "ok", "project.manage": "FORBIDDEN", "project.export": "FORBIDDEN", "adjudication.export": "FORBIDDEN", "annotation.write": "ok", "adjudication.write": "FORBIDDEN", "report.read": "FORBIDDEN" },
      adjudicator: { "project.read": "ok", "project.manage": "FORBIDDEN", "project.export": "FORBIDDEN", "adjudication.export": "ok", "annotation.write": "FORBIDDEN", "adjudication.write": "ok", "report.read": "ok" },
      manager: { "project.read": "ok", "project.manage": "ok", "project.export": "ok", "adjudication.export": "ok", "annotation.write": "FORBIDDEN", "adjudication.write": "ok", "report.read": "ok" },
      admin: { "project.read": "ok", "project.manage": "ok", "project.export": "ok", "adjudication.export": "ok", "annotation.write": "FORBIDDEN", "adjudication.write": "ok", "report.read": "ok" },
    };
    const callers = { anonymous: null, outsider, annotator, adjudicator, manager, admin };
    for (const [who, user] of Object.entries(callers)) {
      for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
        const got = await outcome(authorizeProject(pool, user, project.slug, permission));
        expect(`${who} ${permission} → ${got}`).toBe(`${who} ${permission} → ${expected[who][permission]}`);
        // the API guard's variant (session check folded into the query) decides exactly the same
        const session = user && { uid: user.id, sv: user.sessionVersion };
        const viaSession = await outcome(authorizeSessionProject(pool, session, project.slug, permission));
        expect(`${who} ${permission} → ${viaSession} (session)`).toBe(`${who} ${permission} → ${expected[who][permission]} (session)`);
      }
    }
  });

  it("an unknown project is NOT_FOUND, like a foreign one", async () => {
    const user = await makeUser(db);
    expect(await outcome(authorizeProject(pool, user, "no-such-project", "project.read"))).toBe("NOT_FOUND");
  });

  it("role changes take effect on the next call (roles are not cached in the session)", async () => {
    const user = await makeUser(db);
    const project = await makeProject(db, [{ userId: user.id, roles: ["ANNOTATOR"] }]);
    expect(await outcome(authorizeProject(pool, user, project.slug, "project.manage"))).toBe("FORBIDDEN");
    await db.projectMember.create({ data: { projectId: project.id, userId: user.id, role: "MANAGER" } });
    expect(await outcome(authorizeProject(pool, user, project.slug, "project.manage"))).toBe("ok");
    await db.projectMember.deleteMany({ where: { projectId: project.id, userId: user.id } });
    expect(await outcome(authorizeProject(pool, user, project.slug, "project.read"))).toBe("NOT_FOUND");
  });
});

describe("authorizeSessionProject (the API guard: session check and project in one query)", () => {
  it("answers what getCurrentUser + authorizeProject answer for a session that holds", async () => {
    const user = await makeUser(db, { tag: "same" });
    const project = await makeProject(db, [{ userId: user.id, roles: ["ANNOTATOR"] }]);
    const viaUser = await authorizeProject(pool, { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin }, project.slug, "annotation.write");
    expect(await authorizeSessionProject(pool, { uid: user.id, sv: user.sessionVersion }, project.slug, "annotation.write")).toEqual(viaUser);
  });

  it("a token of an ended session, of a deleted user, or no session at all is UNAUTHENTICATED, before anything about the project", async () => {
    const user = await makeUser(db, { tag: "ended" });
    const project = await makeProject(db, [{ userId: user.id, roles: ["ANNOTATOR"] }]);
    const session = { uid: user.id, sv: user.sessionVersion };
    expect(await outcome(authorizeSessionProject(pool, session, project.slug, "project.read"))).toBe("ok");
    await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    expect(await outcome(authorizeSessionProject(pool, session, project.slug, "project.read"))).toBe("UNAUTHENTICATED");
    expect(await outcome(authorizeSessionProject(pool, session, "no-such-project", "project.read"))).toBe("UNAUTHENTICATED");
    expect(await outcome(authorizeSessionProject(pool, { uid: "no-such-user", sv: 0 }, project.slug, "project.read"))).toBe("UNAUTHENTICATED");
    expect(await outcome(authorizeSessionProject(pool, null, project.slug, "project.read"))).toBe("UNAUTHENTICATED");
  });

  it("an unknown project is NOT_FOUND for a signed-in caller, a revoked admin flag counts at once", async () => {
    const admin = await makeUser(db, { tag: "adm", isAdmin: true });
    const project = await makeProject(db);
    const session = { uid: admin.id, sv: admin.sessionVersion };
    expect(await outcome(authorizeSessionProject(pool, session, "no-such-project", "project.read"))).toBe("NOT_FOUND");
    expect(await outcome(authorizeSessionProject(pool, session, project.slug, "project.read"))).toBe("ok");
    await db.user.update({ where: { id: admin.id }, data: { isAdmin: false } });
    expect(await outcome(authorizeSessionProject(pool, session, project.slug, "project.read"))).toBe("NOT_FOUND");
  });
});
