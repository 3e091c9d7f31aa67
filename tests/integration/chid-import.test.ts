// CR-ST on the real database: a ChID file imported into a project made from the cr-st preset
// (lib/import/parse-chid.ts → lib/db/import/load-import.ts) gives one item per blank with its candidates
// and gold as item lists; an answer is checked against the blank's own candidates when saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { CR_ST_PRESET } from "@/lib/schemes/presets/cr-st";
import { getProjectRuntime, setProjectScheme } from "@/lib/db/projects/project-schemes";
import { importFile } from "@/lib/db/import/import-file";
import { createAssignments } from "@/lib/db/assignments/create-assignments";
import { saveAnnotation } from "@/lib/db/workspace/save-value";
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
    const segs = await db.segment.findMany({ where: { projectId: project.id }, orderBy: [{ document: { position: "asc" } }, { index: "asc" }], select: { id: true, externalId: true, text: true, lists: true } });
    expect(segs.map((s) => s.externalId)).toEqual(["cx1#1", "cx2#1", "cx2#2"]);
    expect(segs[2]).toMatchObject({ text: "甲［…］，乙［____］。", lists: { candidates: C7b, answer: "四面楚歌" } });
    expect(segs[0].lists).toEqual({ transparency: "T2", candidates: C7, answer: "画蛇添足" });

    await createAssignments(db, { projectId: project.id, annotatorIds: [ann.id], perItem: 1, shuffle: false });
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

describe("CR-ST results by subset", () => {
  it("accuracy per annotator and mean by the items' transparency, and the wrong candidates chosen", async () => {
    const [a, b] = [await makeUser(db, { tag: "a" }), await makeUser(db, { tag: "b" })];
    const project = await makeProject(db, [{ userId: a.id, roles: ["ANNOTATOR"] }, { userId: b.id, roles: ["ANNOTATOR"] }]);
    await setProjectScheme(db, project.id, CR_ST_PRESET, { actorId: null });
    const file = [
      { id: "t1", groundTruth: ["画蛇添足"], candidates: [C7], content: "真是#idiom#。", transparency: "T1" },
      { id: "t2", groundTruth: ["守株待兔"], candidates: [C7], content: "他只会#idiom#。", transparency: "T1" },
      { id: "t3", groundTruth: ["四面楚歌"], candidates: [C7b], content: "落得#idiom#。", transparency: "T2" },
    ].map((o) => JSON.stringify(o)).join("\n");
    const outcome = await importFile(pool, { project: { id: project.id, sourceLang: "zh", targetLang: "en" }, fileName: "chid.txt", content: Buffer.from(file), options: { format: "auto" }, dryRun: false });
    expect(outcome.ok).toBe(true);
    await createAssignments(db, { projectId: project.id, annotatorIds: [a.id, b.id], perItem: 2, shuffle: false });
    const runtime = await getProjectRuntime(db, project.id);
    const seg = async (ext: string) => (await db.segment.findFirstOrThrow({ where: { projectId: project.id, externalId: ext }, select: { id: true } })).id;
    const save = async (who: string, ext: string, value: string) =>
      saveAnnotation(pool, { projectId: project.id, annotatorId: who, config: DEFAULT_SCHEME_CONFIG, runtime, input: { segmentId: await seg(ext), field: "answer", value, baseVersion: 0 } as TSaveAnnotationInput });
    // a: right, right, wrong; b: right, wrong, wrong (both chose 一石二鸟 on t3)
    await save(a.id, "t1#1", "画蛇添足");
    await save(a.id, "t2#1", "守株待兔");
    await save(a.id, "t3#1", "一石二鸟");
    await save(b.id, "t1#1", "画蛇添足");
    await save(b.id, "t2#1", "亡羊补牢");
    await save(b.id, "t3#1", "一石二鸟");
    if (runtime.kind !== "scheme") throw new Error("expected the scheme runtime");
    const { getSchemeReport } = await import("@/lib/reports/scheme-report");
    const report = await getSchemeReport(pool, project.id, runtime);
    const crSt = report.analyses.crSt!;
    const row = (value: string, who: string | null) => crSt.subsets.find((s) => s.attribute === "transparency" && s.value === value && s.annotator === who);
    expect([row("T1", a.email)?.accuracy, row("T1", b.email)?.accuracy, row("T1", null)?.accuracy]).toEqual([1, 0.5, 0.75]);
    expect([row("T2", a.email)?.accuracy, row("T2", null)?.accuracy, row("T2", null)?.n]).toEqual([0, 0, 2]);
    expect(crSt.confusion.map((c) => [c.gold, c.wrong])).toEqual([
      ["四面楚歌", [{ candidate: "一石二鸟", annotators: 2 }]],
      ["守株待兔", [{ candidate: "亡羊补牢", annotators: 1 }]],
    ]);
    // the whole-set figures: mean_accuracy over the annotators (2/3 and 1/3)
    const mean = report.figures.find((f) => f.statistic === "mean_accuracy" && f.system === "all")!;
    expect(mean.value).toBeCloseTo(50, 9);
  });
});
