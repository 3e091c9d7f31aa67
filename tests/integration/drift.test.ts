// Drift alerts on real PostgreSQL (issue 31 point 4): the scripted study of
// lib/reports/fixtures/drift-script.ts imported into a project on DRIFT_SCHEME, its submissions dated
// item by item; d, whose labels move after item 30, is flagged with exactly the six items that moved
// the figure (latest first), the steady a, b and c are not; the lead is notified once (a second check
// with the flag still open adds nothing), with an AuditLog row; every tenth submit triggers a check
// in the background (driftAfterSubmit, what the submit route calls).
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { setProjectScheme } from "@/lib/db/projects/project-schemes";
import { parseJsonl } from "@/lib/import/parse-jsonl";
import { checkDrift, DRIFT_CHECK_EVERY, driftAfterSubmit, noteSubmission } from "@/lib/db/drift/drift-check";
import { getDriftWindow, setDriftWindow } from "@/lib/db/drift/drift-data";
import { listNotifications } from "@/lib/db/notifications/notifications";
import { DEFAULT_DRIFT_WINDOW } from "@/lib/reports/drift";
import { DRIFT_SCHEME } from "@/lib/reports/fixtures/drift-scheme";
import { DRIFT_SCRIPT_WINDOW, DRIFT_SUBMISSION_TIMES_SQL, DRIFTED_ITEMS, driftItemId, driftScriptJsonl } from "@/lib/reports/fixtures/drift-script";
import { closeTestDatabase, openTestDatabase } from "../db";
import { addMembersByEmail, makeProject, makeUser } from "./fixtures";

const email = (r: string) => `drift-${r}@annotators.test`;

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

/** A project on DRIFT_SCHEME holding the scripted study, its submissions dated, the window 10; a manager "lead". */
async function scriptedProject() {
  const lead = await makeUser(db, { tag: "lead" });
  const project = await makeProject(db, [{ userId: lead.id, roles: ["MANAGER"] }], { targetLang: "fr" });
  await setProjectScheme(db, project.id, DRIFT_SCHEME, { actorId: null });
  await addMembersByEmail(db, project.id, ["a", "b", "c", "d"].map(email));
  const { corpus, values } = driftScriptJsonl(email);
  for (const [name, lines] of [["corpus.jsonl", corpus], ["values.jsonl", values]] as const) {
    const result = parseJsonl(name, lines.join("\n"));
    expect(result.errors, name).toEqual([]);
    await loadImport(pool, { projectId: project.id, fileName: name, result });
  }
  await pool.query(DRIFT_SUBMISSION_TIMES_SQL, [project.id]);
  expect(await getDriftWindow(db, project.id)).toBe(DEFAULT_DRIFT_WINDOW);
  await setDriftWindow(db, project.id, DRIFT_SCRIPT_WINDOW, lead.id);
  return { lead, project };
}

describe("drift alerts", () => {
  it("flags the annotator whose labels move, with the items that moved it, and notifies the lead once", async () => {
    const { lead, project } = await scriptedProject();
    const first = await checkDrift(db, pool, project.id, project.slug);
    const label = first.rows.filter((r) => r.field === "label");
    expect(label.map((r) => [r.annotator, r.items, r.units, r.value, r.flagged])).toEqual([
      [email("a"), 10, 10, 1, false],
      [email("b"), 10, 10, 1, false],
      [email("c"), 10, 10, 1, false],
      [email("d"), 10, 10, 0.4, true],
    ]);
    const d = label.find((r) => r.annotator === email("d"))!;
    expect(d.lower).toBeGreaterThan(0.4);
    const segments = new Map((await db.segment.findMany({ where: { projectId: project.id }, select: { id: true, externalId: true } })).map((s) => [s.id, s.externalId]));
    expect(d.moved.map((m) => segments.get(m.segmentId))).toEqual([...DRIFTED_ITEMS].reverse().map(driftItemId));
    expect(d.moved.every((m) => m.disagreement === 1 && m.others === 3)).toBe(true);
    expect(first.opened.map((r) => [r.field, r.annotator])).toEqual([["label", email("d")]]);

    const notes = await listNotifications(db, project.id, lead.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: "drift", title: `Drift: ${email("d")} on label`, href: `/projects/${project.slug}/dashboard#drift` });
    expect(notes[0].body).toContain("40 %");
    // annotators get none
    const annotator = await db.user.findUniqueOrThrow({ where: { email: email("d") } });
    expect(await listNotifications(db, project.id, annotator.id)).toEqual([]);

    // the flag is still open: a second check notifies nobody
    const second = await checkDrift(db, pool, project.id, project.slug);
    expect(second.opened).toEqual([]);
    expect(await listNotifications(db, project.id, lead.id)).toHaveLength(1);
    expect(await db.auditLog.count({ where: { projectId: project.id, action: "drift.flag" } })).toBe(1);
    expect(await db.driftFlag.findMany({ where: { projectId: project.id }, select: { field: true, annotator: true, open: true } })).toEqual([{ field: "label", annotator: email("d"), open: true }]);

    // d comes back: relabel the drifted items as the key says, resubmitted last → the flag closes
    await pool.query(
      `UPDATE "Annotation" a SET value = to_jsonb(CASE WHEN a.value #>> '{}' = 'kept' THEN 'lost' ELSE 'kept' END), version = version + 1
       FROM "Segment" s WHERE s.id = a."segmentId" AND a."projectId" = $1 AND a."annotatorId" = $2 AND s."externalId" = ANY($3::text[])`,
      [project.id, annotator.id, DRIFTED_ITEMS.map(driftItemId)],
    );
    const third = await checkDrift(db, pool, project.id, project.slug);
    expect(third.rows.find((r) => r.annotator === email("d"))).toMatchObject({ value: 1, flagged: false });
    expect(third.closed).toBe(1);
    expect(await db.driftFlag.count({ where: { projectId: project.id, open: true } })).toBe(0);
  });

  it("flags accuracy on gold checks apart from the panel's flag: d turns wrong on 6 of its last 10 answers", async () => {
    const { lead, project } = await scriptedProject();
    const segs = (await db.segment.findMany({ where: { projectId: project.id }, select: { id: true }, orderBy: { externalId: "asc" } })).map((x) => x.id);
    for (const r of ["a", "b", "c", "d"]) {
      const user = await db.user.findUniqueOrThrow({ where: { email: email(r) } });
      // a–c: the 5th of every ten wrong; d: the same until 20, then wrong on 6 of its last 10
      const answers = Array.from({ length: 30 }, (_, i) => ({
        projectId: project.id,
        annotatorId: user.id,
        segmentId: segs[i % segs.length],
        field: "label",
        itemKey: `k${i}`,
        correct: r === "d" && i >= 20 ? ![21, 22, 24, 25, 27, 29].includes(i) : i % 10 !== 4,
        answeredAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      }));
      await db.goldCheckAnswer.createMany({ data: answers });
    }
    const check = await checkDrift(db, pool, project.id, project.slug);
    const gold = check.rows.filter((r) => r.source === "gold");
    expect(gold.map((r) => [r.field, r.annotator, r.units, r.value, r.flagged])).toEqual([
      ["label", email("a"), 10, 0.9, false],
      ["label", email("b"), 10, 0.9, false],
      ["label", email("c"), 10, 0.9, false],
      ["label", email("d"), 10, 0.4, true],
    ]);
    expect(gold.find((r) => r.flagged)!.moved.map((m) => m.unit)).toEqual(["k29", "k27", "k25", "k24", "k22", "k21"]);
    // two flags on the same field, each notified once: the panel's and the gold checks'
    expect(check.opened.map((r) => [r.source, r.field, r.annotator])).toEqual([
      ["panel", "label", email("d")],
      ["gold", "label", email("d")],
    ]);
    expect((await db.driftFlag.findMany({ where: { projectId: project.id }, select: { field: true }, orderBy: { field: "asc" } })).map((f) => f.field)).toEqual(["gold:label", "label"]);
    const titles = (await listNotifications(db, project.id, lead.id)).map((n) => n.title).sort();
    expect(titles).toEqual([`Drift: ${email("d")} on label`, `Drift: ${email("d")} on label (gold checks)`]);
    const body = (await listNotifications(db, project.id, lead.id)).find((n) => n.title.endsWith("(gold checks)"))!.body;
    expect(body).toContain("accuracy on hidden gold checks over their last 10 answers is 40 %");
    expect(body).toContain("6 wrong answers");
    expect((await checkDrift(db, pool, project.id, project.slug)).opened).toEqual([]);
  });

  it("counts submits and says a check is due every DRIFT_CHECK_EVERY of them", async () => {
    const project = await makeProject(db);
    const due: boolean[] = [];
    for (let i = 0; i < 2 * DRIFT_CHECK_EVERY; i++) due.push(await noteSubmission(pool, project.id));
    expect(due.flatMap((x, i) => (x ? [i + 1] : []))).toEqual([DRIFT_CHECK_EVERY, 2 * DRIFT_CHECK_EVERY]);
  });

  it("after submits, checks in the background on the tenth and notifies the lead once", async () => {
    const { lead, project } = await scriptedProject();
    for (let i = 1; i < DRIFT_CHECK_EVERY; i++) driftAfterSubmit(db, pool, project.id, project.slug);
    await new Promise((r) => setTimeout(r, 500));
    expect(await listNotifications(db, project.id, lead.id)).toEqual([]);
    driftAfterSubmit(db, pool, project.id, project.slug);
    let notes: Awaited<ReturnType<typeof listNotifications>> = [];
    for (let t = 0; t < 100 && notes.length === 0; t++) {
      await new Promise((r) => setTimeout(r, 100));
      notes = await listNotifications(db, project.id, lead.id);
    }
    expect(notes.map((n) => n.title)).toEqual([`Drift: ${email("d")} on label`]);
    // the check's last statements (closing flags, checkedAt) finish before the pool closes
    for (let t = 0; t < 50 && !(await db.driftSetting.findUnique({ where: { projectId: project.id } }))?.checkedAt; t++) await new Promise((r) => setTimeout(r, 100));
  });
});
