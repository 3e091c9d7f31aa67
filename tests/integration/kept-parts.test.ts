// The report parts kept in the database (lib/db/reports/kept-parts.ts): written in the background
// under their fields' versions, read back only when every version they read is still the data's,
// and pruned once no stored copy holds their versions and they are older than a copy's interval.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject } from "./fixtures";
import type { Db } from "@/lib/db/client";
import { flushKeptParts, loadKeptParts, newKeptPartStore, pruneKeptParts } from "@/lib/db/reports/kept-parts";
import { FieldVersions } from "@/lib/reports/field-versions";

let db: Db;
let pool: pg.Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

const storedHashes = async (projectId: string) =>
  (await pool.query<{ hash: string }>(`SELECT hash FROM "ReportKeptPart" WHERE "projectId" = $1 ORDER BY hash`, [projectId])).rows.map((r) => r.hash);

describe("report parts kept in the database", () => {
  it("are read back only under versions the data still has, with Maps and typed arrays intact", async () => {
    const project = await makeProject(db);
    const store = newKeptPartStore(pool, project.id, "report");
    const part = { figures: new Map([["FLUENCY", { alpha: 0.5, n: 3 }]]), counts: new Int32Array([1, 2, 3]), missing: undefined };
    store.put("h-fluency", ["tok-fluency"], part, "fluency");
    store.put("h-both", ["tok-fluency", "tok-overall"], { both: true }, "both");
    await flushKeptParts(pool);
    expect(await storedHashes(project.id)).toEqual(["h-both", "h-fluency"]);

    // a restore whose data still has FLUENCY's version but a new OVERALL one (a save changed it)
    const restored = FieldVersions.fromTokens({ FLUENCY: "tok-fluency", OVERALL: "tok-overall" }, newKeptPartStore(pool, project.id, "report"));
    const afterSave = new FieldVersions(restored, new Set(["OVERALL"]));
    await loadKeptParts(afterSave);
    expect(afterSave.store!.get("h-fluency")).toEqual(part);
    expect(afterSave.store!.get("h-both")).toBeUndefined();
    // another kind of copy, another project: nothing
    const other = FieldVersions.fromTokens({ FLUENCY: "tok-fluency" }, newKeptPartStore(pool, project.id, "scheme:"));
    await loadKeptParts(other);
    expect(other.store!.get("h-fluency")).toBeUndefined();
  });

  it("are pruned when a copy is stored without their versions, once older than a copy's interval", async () => {
    const project = await makeProject(db);
    const store = newKeptPartStore(pool, project.id, "report");
    store.put("old-covered", ["a"], { x: 1 }, "p1");
    store.put("old-gone", ["a", "b-old"], { x: 2 }, "p2");
    store.put("new-gone", ["c-new"], { x: 3 }, "p3");
    await flushKeptParts(pool);
    await pool.query(`UPDATE "ReportKeptPart" SET "createdAt" = now() - interval '1 hour' WHERE "projectId" = $1 AND hash LIKE 'old-%'`, [project.id]);
    await pruneKeptParts(pool, project.id, "report", ["a", "b-new"]);
    // kept: a part the copy's versions cover, and a recent one the next copy may cover
    expect(await storedHashes(project.id)).toEqual(["new-gone", "old-covered"]);
    // another kind's copy prunes only its own kind
    await pruneKeptParts(pool, project.id, "scheme:", []);
    expect(await storedHashes(project.id)).toEqual(["new-gone", "old-covered"]);
  });

  it("are not stored when larger than 2 MB (nor encoded again under the same key)", async () => {
    const project = await makeProject(db);
    const store = newKeptPartStore(pool, project.id, "report");
    store.put("big-1", ["t1"], { records: new Float64Array(300_000) }, "records");
    await flushKeptParts(pool);
    store.put("big-2", ["t2"], { records: new Float64Array(10) }, "records");
    store.put("small", ["t1"], { records: new Float64Array(10) }, "other");
    await flushKeptParts(pool);
    expect(await storedHashes(project.id)).toEqual(["small"]);
  });
});
