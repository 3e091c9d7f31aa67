// Issue 29 point 2 on real PostgreSQL: assignments can be corrected after they were made (withdraw,
// move, rebalance: only items nobody has begun, each logged), removing an annotator returns their
// not-started items to the pool, "K per item" counts the project's annotators only (not the raters
// an import brought), and a refusal gives the numbers that matter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { annotatorWorkloads, moveAssignments, rebalanceAssignments, withdrawAssignments } from "@/lib/db/assignments/corrections";
import { setMemberRoles } from "@/lib/db/projects/members";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser, rejection } from "./fixtures";

let db: Db;
beforeAll(async () => ({ db } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function setup(segments = 4) {
  const [a, b, c, lead] = await Promise.all([makeUser(db, { tag: "fix-a" }), makeUser(db, { tag: "fix-b" }), makeUser(db, { tag: "fix-c" }), makeUser(db, { tag: "fix-lead" })]);
  const project = await makeProject(db, [{ userId: a.id, roles: ["ANNOTATOR"] }, { userId: b.id, roles: ["ANNOTATOR"] }, { userId: c.id, roles: ["ANNOTATOR"] }, { userId: lead.id, roles: ["MANAGER"] }]);
  const doc = await db.document.create({ data: { projectId: project.id, externalId: "d1", language: "en" } });
  const segs = [];
  for (let i = 0; i < segments; i++) segs.push(await db.segment.create({ data: { projectId: project.id, documentId: doc.id, externalId: `s${i}`, index: i, text: `Segment ${i}.`, language: "en" } }));
  return { project, a, b, c, lead, segs };
}
const held = async (projectId: string, userId: string) => (await db.assignment.findMany({ where: { projectId, annotatorId: userId }, select: { segment: { select: { externalId: true } } } })).map((r) => r.segment.externalId).sort();

describe("assignment corrections", () => {
  it("withdraws and moves only not-started items, never giving anyone an item twice, and logs each change", async () => {
    const { project, a, b, lead } = await setup();
    await createAssignments(db, { projectId: project.id, annotatorIds: [a.id], perItem: 1, shuffle: false });
    // a has begun s0 and finished s1; b already holds s2
    await db.assignment.updateMany({ where: { projectId: project.id, annotatorId: a.id, segment: { externalId: "s0" } }, data: { status: "IN_PROGRESS", timeSpentMs: 4000, startedAt: new Date() } });
    await db.assignment.updateMany({ where: { projectId: project.id, annotatorId: a.id, segment: { externalId: "s1" } }, data: { status: "DONE" } });
    await createAssignments(db, { projectId: project.id, annotatorIds: [b.id], perItem: 1, shuffle: false, split: undefined, perItemWithinListed: true, documents: undefined }).catch(() => 0);
    await db.assignment.deleteMany({ where: { projectId: project.id, annotatorId: b.id, segment: { externalId: { not: "s2" } } } });

    const moved = await moveAssignments(db, { projectId: project.id, actorId: lead.id, from: a.email, to: b.email, via: "cli" });
    expect(moved).toEqual({ moved: 1, kept: 1 });
    expect(await held(project.id, a.id)).toEqual(["s0", "s1", "s2"]);
    expect(await held(project.id, b.id)).toEqual(["s2", "s3"]);

    expect(await withdrawAssignments(db, { projectId: project.id, actorId: lead.id, email: a.email, via: "web" })).toEqual({ withdrawn: 1 });
    expect(await held(project.id, a.id)).toEqual(["s0", "s1"]);
    const audit = await db.auditLog.findMany({ where: { projectId: project.id, action: { startsWith: "assignment." } }, orderBy: { createdAt: "asc" }, select: { action: true } });
    expect(audit.map((r) => r.action)).toEqual(["assignment.move", "assignment.withdraw"]);

    expect((await rejection(moveAssignments(db, { projectId: project.id, actorId: lead.id, from: a.email, to: a.email, via: "web" }))).code).toBe("BAD_REQUEST");
    expect((await rejection(withdrawAssignments(db, { projectId: project.id, actorId: lead.id, email: "nobody@test.tropos", via: "web" }))).code).toBe("NOT_FOUND");
    expect((await rejection(moveAssignments(db, { projectId: project.id, actorId: lead.id, from: a.email, to: lead.email, via: "web" }))).message).toContain("is not an annotator");
  });

  it("rebalances not-started items until no one has two more than another", async () => {
    const { project, a, b, c, lead } = await setup(7);
    await createAssignments(db, { projectId: project.id, annotatorIds: [a.id], perItem: 1, shuffle: false });
    const r = await rebalanceAssignments(db, { projectId: project.id, actorId: lead.id, emails: [a.email, b.email, c.email], via: "web" });
    expect(r.moved).toBe(4);
    expect(r.loads.map((l) => [l.before, l.after])).toEqual(
      [a, b, c].sort((x, y) => x.email.localeCompare(y.email)).map((u) => (u.id === a.id ? [7, 3] : [0, 2])),
    );
    const all = await db.assignment.findMany({ where: { projectId: project.id }, select: { segmentId: true } });
    expect(new Set(all.map((x) => x.segmentId)).size).toBe(7);
    const w = await annotatorWorkloads(db, project.id);
    expect(w.reduce((n, x) => n + x.notStarted, 0)).toBe(7);
  });

  it("returns a removed annotator's not-started items to the pool, and keeps their started and finished ones", async () => {
    const { project, a, b, lead } = await setup(3);
    await createAssignments(db, { projectId: project.id, annotatorIds: [a.id], perItem: 1, shuffle: false });
    await db.assignment.updateMany({ where: { projectId: project.id, annotatorId: a.id, segment: { externalId: "s0" } }, data: { status: "DONE" } });
    const { withdrawn } = await setMemberRoles(db, { projectId: project.id, actorId: lead.id, email: a.email, roles: [] });
    expect(withdrawn).toBe(2);
    expect(await held(project.id, a.id)).toEqual(["s0"]);
    // "Create assignments" now fills the two free items (a's finished s0 is no longer counted: a is no annotator here)
    expect(await createAssignments(db, { projectId: project.id, annotatorIds: [b.id], perItem: 1, shuffle: false })).toBe(3);
  });
});

describe("K per item", () => {
  it("counts the project's annotators, not the raters an import brought, and refuses with the numbers", async () => {
    const { project, a, b, c } = await setup(2);
    const rater = await db.user.create({ data: { email: `rater-${Date.now()}@annotators.tropos.local` } });
    await db.projectMember.create({ data: { projectId: project.id, userId: rater.id, role: "ANNOTATOR" } });
    for (const s of await db.segment.findMany({ where: { projectId: project.id } })) {
      await db.assignment.create({ data: { projectId: project.id, annotatorId: rater.id, segmentId: s.id, status: "DONE", origin: "import" } });
    }
    // an imported rater's work does not stand in for a person (it made this create 0)
    expect(await createAssignments(db, { projectId: project.id, annotatorIds: [a.id], perItem: 1, shuffle: false })).toBe(2);
    // 3 per item with 2 chosen: a holds both items already, b and c give the rest
    expect(await createAssignments(db, { projectId: project.id, annotatorIds: [b.id, c.id], perItem: 3, shuffle: false })).toBe(4);
    // 4 per item with 2 chosen is impossible; the refusal says why (it said "the project has 2" when it had 3)
    const refused = await rejection(createAssignments(db, { projectId: project.id, annotatorIds: [b.id, c.id], perItem: 4, shuffle: false }));
    expect(refused.message).toBe("2 items cannot get 4 annotators: they have at most 3 already and you chose 2. Choose more annotators, or fewer per item.");
  });
});

describe("the members list", () => {
  it("is searched by email or name and filtered by role in SQL (issue 29 point 5)", async () => {
    const { findMembers } = await import("@/lib/db/projects/members");
    const { project, a, lead } = await setup(1);
    expect((await findMembers(db, project.id)).length).toBe(4);
    expect((await findMembers(db, project.id, { search: a.email.slice(0, 12).toUpperCase() })).map((m) => m.email)).toEqual([a.email]);
    expect((await findMembers(db, project.id, { role: "MANAGER" })).map((m) => m.email)).toEqual([lead.email]);
    expect(await findMembers(db, project.id, { search: "fix-a", role: "MANAGER" })).toEqual([]);
  });
});
