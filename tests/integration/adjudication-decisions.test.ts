// Adjudication decisions on a real database: the queue, saving and revising with history and
// optimistic concurrency, automatic acceptance of unanimous units and its undo, gold references,
// and ids of another project being NOT_FOUND.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { loadImport } from "@/lib/db/import/load-import";
import { AppError } from "@/lib/errors";
import { adjudicationScenario } from "@/scripts/e2e-metahope-fixture";

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

async function seeded() {
  const project = await makeProject(db);
  await loadImport(pool, { projectId: project.id, fileName: "adj.jsonl", result: adjudicationScenario() });
  const seg = await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: "adj-s0" }, include: { translations: { include: { system: true } }, mrws: true } });
  const sysA = seg.translations.find((t) => t.system.name === "sysA")!;
  return { project, seg, sysA, mrw: seg.mrws[0] };
}

describe("adjudication", () => {
  it("queues exactly the disagreements, strongest first", async () => {
    const { project } = await seeded();
    const { getAdjudicationQueue } = await import("@/lib/db/adjudication/adjudication");
    const q = await getAdjudicationQueue(db, project.id);
    // Fluency 5 vs 2 (0.75), Equivalence FULL vs NON on the MRW (0.5), and the error span lists of
    // sysA (one annotator's MIS span on the MRW, the other's sentence-level PRF span): one unit of
    // the METAHOPE_ERRORS field, as the scheme workspace saves them (no per-category penalty units)
    expect(q.rows.map((r) => [r.field, r.system, r.strength, r.mrwId !== null && r.mrwId !== undefined])).toEqual([
      ["FLUENCY", "sysA", 0.75, false],
      ["EQUIVALENCE", "sysA", 0.5, true],
      ["METAHOPE_ERRORS", "sysA", 0.5, false],
    ]);
    // threshold 4: Fluency (spread 3) drops out; labels and span lists are unaffected
    expect((await getAdjudicationQueue(db, project.id, { threshold: 4 })).rows.map((r) => r.field)).toEqual(["EQUIVALENCE", "METAHOPE_ERRORS"]);
  });

  it("saves, refuses a stale version, revises with history", async () => {
    const { project, seg, sysA } = await seeded();
    const adj = await makeUser(db, { tag: "adj" });
    const { saveAdjudication } = await import("@/lib/db/adjudication/adjudication");
    const base = { projectId: project.id, adjudicatorId: adj.id, segmentId: seg.id, translationId: sysA.id, field: "FLUENCY", rationale: "r" };
    expect((await saveAdjudication(db, { ...base, value: 5, baseVersion: 0 })).version).toBe(1);
    const stale = await saveAdjudication(db, { ...base, value: 3, baseVersion: 0 }).catch((e) => e);
    expect(stale).toBeInstanceOf(AppError);
    expect((stale as AppError).code).toBe("CONFLICT");
    expect(((stale as AppError).detail as { current: { value: number } }).current.value).toBe(5);
    expect((await saveAdjudication(db, { ...base, value: 4, baseVersion: 1 })).version).toBe(2);
    const row = await db.adjudication.findFirstOrThrow({ where: { projectId: project.id, field: "FLUENCY" } });
    const hist = await db.history.findMany({ where: { entity: "ADJUDICATION", entityId: row.id }, orderBy: { version: "asc" } });
    expect(hist.map((h) => [h.version, (h.oldValue as { value?: number } | null)?.value ?? null, (h.newValue as { value: number }).value])).toEqual([
      [1, null, 5],
      [2, 5, 4],
    ]);
    await expect(saveAdjudication(db, { ...base, value: 6, baseVersion: 2 })).rejects.toThrow(/^FLUENCY: 6 is outside the scale 1–5/);
    await expect(saveAdjudication(db, { ...base, field: "EQUIVALENCE", value: "FULL", baseVersion: 0 })).rejects.toThrow(/mrwId/);
  });

  it("accepts unanimous units automatically; a manual decision overrides one; undo removes only automatic rows", async () => {
    const { project, seg, sysA } = await seeded();
    const adj = await makeUser(db, { tag: "adj" });
    const { acceptUnanimous, undoAutomaticAcceptance, saveAdjudication, getAdjudicationQueue } = await import("@/lib/db/adjudication/adjudication");
    const { accepted } = await acceptUnanimous(db, { projectId: project.id, actorId: adj.id, fields: ["FLUENCY", "EQUIVALENCE"] });
    // 4 translations × (Fluency + Equivalence) = 8 units, 2 disagree
    expect(accepted).toBe(6);
    expect((await acceptUnanimous(db, { projectId: project.id, actorId: adj.id, fields: ["FLUENCY"] })).accepted).toBe(0);
    const auto = await db.adjudication.findFirstOrThrow({ where: { projectId: project.id, automatic: true, field: "FLUENCY", translation: { system: { name: "sysB" } }, segmentId: seg.id } });
    expect([auto.value, auto.adjudicatorId]).toEqual([4, null]);
    await saveAdjudication(db, { projectId: project.id, adjudicatorId: adj.id, segmentId: seg.id, translationId: auto.translationId, field: "FLUENCY", value: 3, rationale: "no", baseVersion: 1 });
    expect((await undoAutomaticAcceptance(db, { projectId: project.id, actorId: adj.id })).undone).toBe(5);
    const left = await db.adjudication.findMany({ where: { projectId: project.id } });
    expect(left.map((a) => [a.automatic, a.value])).toEqual([[false, 3]]);
    expect((await getAdjudicationQueue(db, project.id)).unanimousOpen).toBeGreaterThan(0);
    expect(sysA.id).toBeTruthy();
  });

  it("gold references keep provenance and history; ids of another project are not found", async () => {
    const { project, seg, sysA } = await seeded();
    const other = await seeded();
    const adj = await makeUser(db, { tag: "adj" });
    const { saveGoldReference } = await import("@/lib/db/adjudication/gold-references");
    const { saveAdjudication } = await import("@/lib/db/adjudication/adjudication");
    const { getSchemeAdjudicationPageData } = await import("@/lib/db/adjudication/scheme-decisions");
    const { getProjectRuntime } = await import("@/lib/db/projects/project-schemes");
    // the post-edits are values of the edit fields; the adjudicator decides the figurative one as the
    // gold (validated like a save) and revises it, with history
    const edit = await db.annotation.findFirstOrThrow({ where: { projectId: project.id, segmentId: seg.id, field: "POSTEDIT_FIGURATIVE" } });
    const decide = { projectId: project.id, adjudicatorId: adj.id, segmentId: seg.id, field: "POSTEDIT_FIGURATIVE", rationale: "" };
    const decided = await saveAdjudication(db, { ...decide, value: `${edit.value}！`, baseVersion: 0 });
    expect(decided.version).toBe(1);
    await expect(saveAdjudication(db, { ...decide, value: 5, baseVersion: 1 })).rejects.toThrow(/^POSTEDIT_FIGURATIVE: 5 is not/);
    // a stored gold reference keeps its provenance (the translation it was approved from) and history
    const g = await saveGoldReference(db, { projectId: project.id, language: "zh", approvedById: adj.id, segmentId: seg.id, kind: "LITERAL", text: sysA.text, sourceTranslationId: sysA.id, baseVersion: 0 });
    expect(g.version).toBe(1);
    const stored = await db.goldReference.findUniqueOrThrow({ where: { id: g.id } });
    expect([stored.sourceTranslationId, stored.approvedById, stored.text]).toEqual([sysA.id, adj.id, sysA.text]);
    expect(await db.history.count({ where: { entity: "GOLD_REFERENCE", entityId: g.id } })).toBe(1);
    await expect(saveGoldReference(db, { projectId: project.id, language: "zh", approvedById: adj.id, segmentId: seg.id, kind: "LITERAL", text: "x", sourceTranslationId: other.sysA.id, baseVersion: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(saveAdjudication(db, { ...decide, segmentId: other.seg.id, value: "x", baseVersion: 0 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(saveAdjudication(db, { projectId: project.id, adjudicatorId: adj.id, segmentId: other.seg.id, translationId: other.sysA.id, field: "FLUENCY", value: 3, rationale: "", baseVersion: 0 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(saveAdjudication(db, { projectId: project.id, adjudicatorId: adj.id, segmentId: seg.id, translationId: other.sysA.id, field: "FLUENCY", value: 3, rationale: "", baseVersion: 0 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getSchemeAdjudicationPageData(db, project.id, other.seg.id, await getProjectRuntime(db, project.id))).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
