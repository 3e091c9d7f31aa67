// Backup → restore under a new slug → backup again gives the same rows (ids, slug and the
// restore's own audit entry aside): users by email, memberships, assignments with status and
// time, annotations with versions, history, error spans (soft-deleted too), post-edits,
// adjudications, gold references, model endpoints and suggestions, and the quality-control tables
// (gold checks, qualification attempts, adaptive rules, drift settings and flags, notifications).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { collect, makeRichProject } from "./export-rich-project";
import type { Db } from "@/lib/db/client";
import { DUMP_TABLES, dumpProject, restoreProject } from "@/lib/db/export/project-dump";
import { AppError } from "@/lib/errors";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

type Line = { kind: string; row?: Record<string, unknown>; project?: Record<string, unknown> };

/** Replaces every row id (and references to it) by `<table>#<ordinal>`, users by their email. */
function normalise(text: string) {
  const lines: Line[] = text.trim().split("\n").map((l) => JSON.parse(l));
  const names = new Map<string, string>();
  const ordinal = new Map<string, number>();
  for (const l of lines.slice(1)) {
    // rows keyed by their project or segment (GoldCheckConfig, DriftSetting, GoldItem) have no id
    if (!l.row || l.row.id === undefined) continue;
    const id = String(l.row.id);
    if (l.kind === "user") names.set(id, `user:${l.row.email}`);
    else {
      const n = (ordinal.get(l.kind) ?? 0) + 1;
      ordinal.set(l.kind, n);
      names.set(id, `${l.kind}#${n}`);
    }
  }
  names.set(String(lines[0].project!.id), "project");
  const projectLink = `/projects/${String(lines[0].project!.slug)}/`;
  // ids inside JSON too (a qualification attempt's answers, a drift flag's moved items), and the
  // project's slug in a notification's link
  const map = (v: unknown, k = ""): unknown => {
    if (typeof v === "string") return k === "itemKey" ? v.split(":").map((p) => map(p)).join(":") : k === "href" ? v.replace(projectLink, "/projects/<slug>/") : (names.get(v) ?? v);
    if (Array.isArray(v)) return v.map((x) => map(x));
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k2, x]) => [k2, map(x, k2)]));
    return v;
  };
  const rows = lines.slice(1).filter((l) => !(l.kind === "AuditLog" && l.row?.action === "restore")).map((l) => ({ kind: l.kind, row: map(l.row ?? {}) }));
  const { id: _id, slug: _slug, ...project } = lines[0].project!;
  void _id;
  void _slug;
  return { project, rows };
}

/** Tables holding a project's rows that backups leave out, and why. */
const NOT_BACKED_UP = new Set([
  "Invitation", // pending invitations: one-time tokens of the original server
  "Job", // background work of the original server (a suggestion's job is dropped)
  "SaveReceipt", // idempotency receipts of saves, short-lived
  "ReportChange", // report caches, rebuilt from the data
  "ReportChangeHorizon",
  "ReportSnapshot",
  "ReportSnapshotChunk",
  "ReportKeptPart",
  "SchemeSeen", // which scheme version a user has seen
]);

describe("backup and restore", () => {
  it("carries every table with a project's rows, or says why not", async () => {
    const { rows } = await pool.query<{ table: string }>(
      `SELECT table_name AS table FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'projectId' ORDER BY 1`,
    );
    const dumped = new Set(DUMP_TABLES.map((t) => t.table));
    expect(rows.map((r) => r.table).filter((t) => !dumped.has(t) && !NOT_BACKED_UP.has(t))).toEqual([]);
  });

  it("round-trips a project exactly", async () => {
    const { project } = await makeRichProject(db, pool);
    // an audit entry naming rows and a user by id inside its detail (as a drift flag's moved segments do)
    const segments = await db.segment.findMany({ where: { projectId: project.id }, select: { id: true }, orderBy: { id: "asc" }, take: 2 });
    const member = await db.projectMember.findFirstOrThrow({ where: { projectId: project.id }, select: { userId: true } });
    await db.auditLog.create({ data: { projectId: project.id, userId: member.userId, action: "drift.flag", detail: { moved: segments.map((x) => x.id), annotator: { id: member.userId }, note: "kept as written" } } });
    const first = await collect(dumpProject(pool, project.id));
    expect(first).not.toMatch(/passwordHash|argon2/);
    const kinds = new Set(first.trim().split("\n").map((l) => JSON.parse(l).kind));
    for (const t of ["user", ...DUMP_TABLES.map((t) => t.table).filter((t) => t !== "AuditLog")]) expect(kinds, t).toContain(t);

    const restored = await restoreProject(pool, first.split("\n"), { slug: `${project.slug}-copy` });
    expect(restored.usersCreated).toBe(0);
    expect(restored.rows.ErrorSpan).toBe(2);
    // scheme versions travel with the project (a custom scheme's project is unusable without them)
    expect(restored.rows.ProjectScheme).toBe(2);
    const second = await collect(dumpProject(pool, restored.projectId));
    expect(normalise(second)).toEqual(normalise(first));

    // spot checks on the restored rows
    const done = await db.assignment.findFirstOrThrow({ where: { projectId: restored.projectId, status: "DONE" } });
    expect([done.timeSpentMs, done.completedAt?.toISOString()]).toEqual([61_000, "2026-01-02T10:01:01.000Z"]);
    const fluency = await db.annotation.findFirstOrThrow({ where: { projectId: restored.projectId, field: "FLUENCY", version: 2 } });
    expect(fluency.itemKey).toBe(`${fluency.translationId}:-`);
    expect(await db.errorSpan.count({ where: { projectId: restored.projectId, deletedAt: { not: null } } })).toBe(1);
    // suggestions come back with their endpoint and provenance, without the job (jobs are not backed up)
    const suggestions = await db.suggestion.findMany({ where: { projectId: restored.projectId }, include: { endpoint: true }, orderBy: { status: "desc" } });
    expect(suggestions.map((s) => [s.status, s.value, s.jobId, s.endpoint.name, s.endpoint.apiKeyEnv, s.itemKey === `${s.translationId}:${s.mrwId}`])).toEqual([
      ["ok", "FULL", null, "local", "LAB_MODEL_KEY", true],
      ["failed", null, null, "local", "LAB_MODEL_KEY", true],
    ]);
    // quality control: gold items on the restored segments, answers and flags naming them, and the
    // notification's link on the restored project's slug
    const restoredSegments = new Set((await db.segment.findMany({ where: { projectId: restored.projectId }, select: { id: true } })).map((s) => s.id));
    const gold = await db.goldItem.findMany({ where: { projectId: restored.projectId }, orderBy: { role: "asc" } });
    expect(gold.map((g) => [g.role, restoredSegments.has(g.segmentId)])).toEqual([
      ["QUALIFICATION", true],
      ["CHECK", true],
    ]);
    expect(await db.goldCheckConfig.findUniqueOrThrow({ where: { projectId: restored.projectId } })).toMatchObject({ passMark: 0.75, checkShare: 0.1 });
    expect(await db.driftSetting.findUniqueOrThrow({ where: { projectId: restored.projectId } })).toMatchObject({ window: 30, pendingSubmissions: 3 });
    const attempt = await db.qualificationAttempt.findFirstOrThrow({ where: { projectId: restored.projectId } });
    const answers = attempt.answers as { segmentId: string; itemKey: string; given: unknown }[];
    expect(answers.every((a) => a.segmentId === gold[0].segmentId)).toBe(true);
    const [translationId, mrwId] = answers[0].itemKey.split(":");
    expect(await db.translation.count({ where: { id: translationId, segmentId: gold[0].segmentId } })).toBe(1);
    expect(answers[1].given).toEqual([{ start: 0, end: 2, label: "IMP", mrwId }]);
    const flag = await db.driftFlag.findFirstOrThrow({ where: { projectId: restored.projectId } });
    expect((flag.detail as { moved: string[] }).moved.every((id) => restoredSegments.has(id))).toBe(true);
    const notification = await db.notification.findFirstOrThrow({ where: { projectId: restored.projectId } });
    expect(notification.href).toBe(`/projects/${restored.slug}/dashboard#drift`);
    const audit = await db.auditLog.findFirstOrThrow({ where: { projectId: restored.projectId, action: "drift.flag" } });
    const detail = audit.detail as { moved: string[]; annotator: { id: string }; note: string };
    expect(detail.moved.length).toBe(2);
    expect(detail.moved.every((id) => restoredSegments.has(id))).toBe(true);
    expect(detail.annotator.id).toBe(audit.userId);
    expect(detail.note).toBe("kept as written");
  });

  it("refuses a taken slug and a file that is not a backup, storing nothing", async () => {
    const { project } = await makeRichProject(db, pool);
    const dump = await collect(dumpProject(pool, project.id));
    const before = await db.project.count();
    const taken = await restoreProject(pool, dump.split("\n")).catch((e) => e);
    expect(taken).toBeInstanceOf(AppError);
    expect((taken as AppError).code).toBe("CONFLICT");
    const lines = dump.split("\n");
    lines[5] = '{"kind":"Nope","row":{"id":"x"}}';
    const bad = await restoreProject(pool, lines, { slug: `${project.slug}-bad`, fileName: "b.jsonl" }).catch((e) => e);
    expect((bad as AppError).message).toMatch(/^b\.jsonl:6: unknown line kind "Nope"/);
    expect(await db.project.count()).toBe(before);
  });

  // issue 14: the enums became text, so the database no longer refuses a code it does not know;
  // the restore checks every coded column against the presets and names the line
  it("refuses a row whose built-in code is not the preset's, storing nothing", async () => {
    const { project } = await makeRichProject(db, pool);
    const lines = (await collect(dumpProject(pool, project.id))).split("\n");
    const before = await db.project.count();
    for (const [table, column, value] of [
      ["ErrorSpan", "category", "XYZ"],
      ["ErrorSpan", "severity", "TERRIBLE"],
      ["Alignment", "pattern", "direct"],
      ["PostEdit", "kind", "BOTH"],
      ["GoldReference", "kind", null],
    ] as const) {
      const at = lines.findIndex((l) => l.trim() !== "" && JSON.parse(l).kind === table);
      expect(at, table).toBeGreaterThan(0);
      const tampered = [...lines];
      const line = JSON.parse(tampered[at]);
      line.row[column] = value;
      tampered[at] = JSON.stringify(line);
      const e = await restoreProject(pool, tampered, { slug: `${project.slug}-${table.toLowerCase()}`, fileName: "t.jsonl" }).catch((x) => x);
      expect(e, `${table}.${column}`).toBeInstanceOf(AppError);
      expect((e as AppError).message).toMatch(new RegExp(`^t\\.jsonl:${at + 1}: ${table}\\.${column}: ${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is not one of `));
    }
    expect(await db.project.count()).toBe(before);
  });
});
