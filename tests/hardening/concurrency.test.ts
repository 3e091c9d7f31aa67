// Concurrency on real PostgreSQL: 200 annotators saving at once, many tabs racing on one value,
// and an import running while annotators work. No deadlock, no duplicate rows, no lost update.
// Saves run on the one runtime: the project's stored scheme (the MMTE preset) and one SCHEME
// assignment per annotator and item.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { useTestDatabase } from "../db";
import { makeProject, makeUser } from "../integration/fixtures";
import type { Db } from "@/lib/db/client";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
import { loadImport } from "@/lib/db/import/load-import";
import { demoCorpusToImport } from "@/lib/import/parse-demo-corpus";
import { readDemoCorpus } from "@/lib/db/demo/seed-demo";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import { AppError } from "@/lib/errors";
import { saveAdjudication } from "@/lib/db/adjudication/adjudication";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import type { TSchemeRuntime } from "@/lib/schemes/scheme-runtime";

let db: Db;
let pool: Pool;
beforeAll(async () => {
  useTestDatabase();
  process.env.DATABASE_POOL_MAX = "20";
  db = (await import("@/lib/db/client")).getDb();
  pool = (await import("@/lib/db/pg-pool")).getPgPool();
});
afterAll(async () => {
  await (await import("@/lib/db/client")).disconnectDb();
  await (await import("@/lib/db/pg-pool")).closePgPool();
});

async function projectWithAnnotators(n: number) {
  const users = await Promise.all(Array.from({ length: n }, (_, i) => makeUser(db, { tag: `c${i}` })));
  const project = await makeProject(db, users.map((u) => ({ userId: u.id, roles: ["ANNOTATOR" as const] })));
  // the first read stores the preset of the project's parts (MMTE) as its scheme version 1
  const runtime: TSchemeRuntime = await getProjectRuntime(db, project.id);
  await loadImport(pool, { projectId: project.id, fileName: "demo.json", result: demoCorpusToImport(readDemoCorpus(), "zh") });
  const segment = await db.segment.findFirstOrThrow({ where: { projectId: project.id }, include: { translations: true } });
  await db.assignment.createMany({ data: users.map((u) => ({ projectId: project.id, annotatorId: u.id, segmentId: segment.id })) });
  return { project, users, segment, translation: segment.translations[0], runtime };
}

describe("concurrent saves", () => {
  it("200 annotators saving at once: every save stored once, with its history", async () => {
    const { project, users, segment, translation, runtime } = await projectWithAnnotators(200);
    const results = await Promise.allSettled(
      users.map((u, i) =>
        saveAnnotation(pool, {
          projectId: project.id,
          annotatorId: u.id,
          config: DEFAULT_SCHEME_CONFIG,
          runtime,
          input: { segmentId: segment.id, translationId: translation.id, field: "FLUENCY", value: (i % 5) + 1, baseVersion: 0 },
        }),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await db.annotation.count({ where: { projectId: project.id } })).toBe(200);
    expect(await db.history.count({ where: { projectId: project.id, entity: "ANNOTATION" } })).toBe(200);
  });

  it("50 tabs of one annotator racing on the same version: exactly one wins, the rest get CONFLICT", async () => {
    const { project, users, segment, translation, runtime } = await projectWithAnnotators(1);
    const input = { segmentId: segment.id, translationId: translation.id, field: "OVERALL" as const, baseVersion: 0 };
    const first = await saveAnnotation(pool, { projectId: project.id, annotatorId: users[0].id, config: DEFAULT_SCHEME_CONFIG, runtime, input: { ...input, value: 3 } });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        saveAnnotation(pool, {
          projectId: project.id,
          annotatorId: users[0].id,
          config: DEFAULT_SCHEME_CONFIG,
          runtime,
          input: { ...input, value: (i % 5) + 1, baseVersion: first.version },
        }),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won.length).toBe(1);
    expect(lost.every((r) => r.reason instanceof AppError && r.reason.code === "CONFLICT")).toBe(true);
    const rows = await db.annotation.findMany({ where: { projectId: project.id } });
    expect(rows.length).toBe(1);
    expect(rows[0].version).toBe(2);
    // the stored value is the winner's, and the history has exactly two versions
    expect(await db.history.count({ where: { entityId: rows[0].id } })).toBe(2);
  });

  it("an import running while annotators save: both complete, nothing duplicated", async () => {
    const { project, users, segment, translation, runtime } = await projectWithAnnotators(30);
    const ir = demoCorpusToImport(readDemoCorpus(), "zh");
    const saves = users.map((u) =>
      saveAnnotation(pool, {
        projectId: project.id,
        annotatorId: u.id,
        config: DEFAULT_SCHEME_CONFIG,
          runtime,
        input: { segmentId: segment.id, translationId: translation.id, field: "FIDELITY", value: 4, baseVersion: 0 },
      }),
    );
    const imports = [1, 2, 3].map(() => loadImport(pool, { projectId: project.id, fileName: "demo.json", result: ir }));
    const all = await Promise.allSettled([...saves, ...imports]);
    expect(all.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await db.segment.count({ where: { projectId: project.id } })).toBe(25);
    expect(await db.translation.count({ where: { segment: { projectId: project.id } } })).toBe(75);
    expect(await db.annotation.count({ where: { projectId: project.id, field: "FIDELITY" } })).toBe(30);
  });

  it("two adjudicators resolving the same item at once: one decision, the other sees CONFLICT", async () => {
    const { project, segment, translation } = await projectWithAnnotators(1);
    const [adjA, adjB] = await Promise.all([makeUser(db, { tag: "adjA" }), makeUser(db, { tag: "adjB" })]);
    for (let round = 0; round < 5; round++) {
      const field = (["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL", "FLUENCY"] as const)[round];
      const base = round === 4 ? 1 : 0; // the last round races on an existing decision (row lock path)
      const results = await Promise.allSettled(
        [adjA, adjB].map((a, i) =>
          saveAdjudication(db, { projectId: project.id, adjudicatorId: a.id, segmentId: segment.id, translationId: translation.id, field, value: 3 + i, rationale: `by ${i}`, baseVersion: base }),
        ),
      );
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(won.length, `round ${round}`).toBe(1);
      expect(lost.map((r) => (r.reason as AppError).code), `round ${round}`).toEqual(["CONFLICT"]);
    }
    expect(await db.adjudication.count({ where: { projectId: project.id } })).toBe(4);
  });
});
