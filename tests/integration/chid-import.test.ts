// CR-ST on the real database: a ChID file imported into a project made from the cr-st preset
// (lib/import/parse-chid.ts → lib/db/load-import.ts) gives one item per blank with its candidates
// and gold as item lists; an answer is checked against the blank's own candidates when saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { CR_ST_PRESET } from "@/lib/schemes/presets/cr-st";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/project-schemes";
import { importFile } from "@/lib/db/import-file";
import { createAssignments } from "@/lib/db/assignments";
import { saveAnnotation } from "@/lib/db/annotations";
import { DEFAULT_SCHEME_CONFIG } from "@/lib/schemes/scheme-config";
import type { TSaveAnnotationInput } from "@/lib/workspace/api-types";
import { closeTestDatabase, openTestDatabase } from "../db";
import { makeProject, makeUser } from "./fixtures";

const C7 = ["画蛇添足", "守株待兔", "亡羊补牢", "对牛弹琴", "杯弓蛇影", "掩耳盗铃", "井底之蛙"];
const C7b = ["一石二鸟", "三心二意", "四面楚歌", "五体投地", "六神无主", "七上八下", "九牛一毛"];
const FILE = [
  { id: "cx1", groundTruth: ["画蛇添足"], candidates: [C7], content: "他本来已经写完了，又加了一段，真是#idiom#。", realCount: 1, transparency: "T2" },
  { id: "cx2", groundTruth: ["画蛇添足", "四面楚歌"], candidates: [C7, C7b], content: "甲#idiom#，乙#idiom#。", realCount: 2 },
]
  .map((o) => JSON.stringify(o))
  .join("\n");

let db: Db;
let pool: Pool;
beforeAll(async () => ({ db, pool } = await openTestDatabase()));
afterAll(closeTestDatabase);

describe("ChID into a cr-st project", () => {
  it("stores one item per blank; answers are checked against that blank's candidates", async () => {
    const ann = await makeUser(db, { tag: "ann" });
    const project = await makeProject(db, [{ userId: ann.id, roles: ["ANNOTATOR"] }]);
    await setProjectScheme(db, project.id, CR_ST_PRESET, { actorId: null });
    const outcome = await importFile(pool, {
      project: { id: project.id, sourceLang: "zh", targetLang: "en" },
      fileName: "chid_test.txt",
      content: Buffer.from(FILE),
      options: { format: "auto" },
      dryRun: false,
    });
    expect([outcome.ok, outcome.format, outcome.counts.segments]).toEqual([true, "chid", 3]);
    const segs = await db.segment.findMany({ where: { projectId: project.id }, orderBy: { index: "asc" }, select: { id: true, externalId: true, text: true, lists: true } });
    expect(segs.map((s) => s.externalId)).toEqual(["cx1#1", "cx2#1", "cx2#2"]);
    expect(segs[2]).toMatchObject({ text: "甲［…］，乙［____］。", lists: { candidates: C7b, answer: "四面楚歌" } });
    expect(segs[0].lists).toEqual({ transparency: "T2", candidates: C7, answer: "画蛇添足" });

    await createAssignments(db, { projectId: project.id, annotatorIds: [ann.id], perItem: 1, scheme: "SCHEME", shuffle: false });
    const runtime = await getProjectRuntime(db, project.id);
    const save = (segmentId: string, value: string) =>
      saveAnnotation(pool, { projectId: project.id, annotatorId: ann.id, config: DEFAULT_SCHEME_CONFIG, runtime, input: { segmentId, field: "answer", value, baseVersion: 0 } as TSaveAnnotationInput });
    await save(segs[2].id, "四面楚歌");
    // an idiom of the other blank's candidates is not an answer to this one
    const e = await save(segs[1].id, "四面楚歌").then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).message).toBe(`answer: "四面楚歌" is not one of ${C7.join(", ")}`);
  });
});
